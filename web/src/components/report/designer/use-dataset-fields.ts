import { useQueries } from '@tanstack/react-query';
import { type Builtin, type Dataset, datasetFields, type FieldType } from '../../../api/report.ts';

export type DatasetField = { name: string; type: FieldType; label?: string };
/** Each dataset's fields, by the dataset's name. */
export type DatasetFields = Record<string, DatasetField[]>;

/**
 * The fields of the report's datasets as the server describes them (`POST fields`: a SQL dataset is
 * checked and described without reading rows), a builtin's with their labels. Asked once per dataset.
 */
export function useDatasetFields(datasets: readonly Dataset[], builtins: readonly Builtin[]): DatasetFields {
  const answers = useQueries({
    queries: datasets.map((dataset) => ({
      queryKey: ['report', 'fields', dataset],
      queryFn: () => datasetFields(dataset),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  return Object.fromEntries(
    datasets.map((dataset, i) => {
      const builtin = dataset.kind === 'builtin' ? builtins.find((b) => b.key === dataset.builtin) : undefined;
      const label = (name: string) => builtin?.fields.find((f) => f.name === name)?.label;
      return [dataset.name, (answers[i]?.data ?? []).map((f) => ({ ...f, label: label(f.name) }))];
    }),
  );
}
