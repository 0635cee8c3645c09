import { type ReactNode, useState } from 'react';
import { RecordDialog } from './RecordDialog.tsx';
import type { FieldSpec, Row } from './types.ts';

export interface FormDialogSpec {
  /** A message key. */
  title: string;
  fields: readonly FieldSpec[];
  initial?: Row;
  width?: number;
  /** Runs the action with the form's values; a rejection keeps the dialog open with the server's message. */
  submit(values: Row): Promise<unknown>;
}

/**
 * A dialog for an action that takes a few inputs (tenant quota, a package, a role grant), built from
 * the same field declarations and dialog as the records: `open(spec)`, and render `element`.
 */
export function useFormDialog(): { open(spec: FormDialogSpec): void; element: ReactNode } {
  const [spec, setSpec] = useState<FormDialogSpec | null>(null);
  const element = spec && (
    <RecordDialog
      mode="add"
      title={spec.title}
      done="crud.done"
      record={spec.initial ?? null}
      fields={spec.fields}
      width={spec.width ?? 600}
      onSubmit={spec.submit}
      onClose={() => setSpec(null)}
    />
  );
  return { open: setSpec, element };
}
