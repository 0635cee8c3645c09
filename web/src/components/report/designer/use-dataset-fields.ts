import { useEffect, useState } from 'react';
import { type Builtin, type Dataset, datasetFields, type FieldType } from '../../../api/report.ts';

export type DatasetField = { name: string; type: FieldType; label?: string };
/** Each dataset's fields, by the dataset's name. */
export type DatasetFields = Record<string, DatasetField[]>;

type Described = { name: string; type: FieldType }[];

/**
 * The fields of the report's datasets as the server describes them (`POST fields`: a SQL dataset is
 * checked and described without reading rows), a builtin's with their labels. Asked once per
 * dataset definition while the designer is open; a refused one (its SQL) has none, and the client
 * has shown why.
 */
export function useDatasetFields(datasets: readonly Dataset[], builtins: readonly Builtin[]): DatasetFields {
  const [described, setDescribed] = useState<Record<string, Described>>({});
  useEffect(() => {
    for (const dataset of datasets) {
      const key = JSON.stringify(dataset);
      if (key in described) continue;
      setDescribed((d) => ({ ...d, [key]: [] }));
      datasetFields(dataset).then(
        (fields) => setDescribed((d) => ({ ...d, [key]: fields })),
        () => undefined,
      );
    }
  }, [datasets, described]);
  return Object.fromEntries(
    datasets.map((dataset) => {
      const builtin = dataset.kind === 'builtin' ? builtins.find((b) => b.key === dataset.builtin) : undefined;
      const label = (name: string) => builtin?.fields.find((f) => f.name === name)?.label;
      const fields = described[JSON.stringify(dataset)] ?? [];
      return [dataset.name, fields.map((f) => ({ ...f, label: label(f.name) }))];
    }),
  );
}
