import type { FieldSpec, Row } from '../crud/types.ts';
import { formatCents, lineAmountCents, type QuantityProblem, quantityProblem, sumQuantities } from './decimal.ts';

/** One item line as the editor holds it; a saved document's lines also name their material. */
export interface Line {
  materialCodeId?: string;
  quantity?: string;
  unitPrice?: string;
  batchNo?: string;
  expiryDate?: string;
  materialCode?: string;
  materialName?: string;
  unit?: string;
  /** The unit's label, which a saved document's lines carry. */
  unitName?: string;
}

/** Which document the lines belong to: a refuel prices its goods, a delivery takes them from stock. */
export type LinesKind = 'refuel' | 'delivery';

/** Total quantity and amount of the lines, each line's amount rounded to cents as the server does. */
export function lineTotals(lines: readonly Line[], priceOf: (line: Line) => unknown) {
  const cents = lines.reduce<bigint>((sum, l) => sum + (lineAmountCents(l.quantity, priceOf(l)) ?? 0n), 0n);
  return { quantity: sumQuantities(lines.map((l) => l.quantity)), amount: formatCents(cents) };
}

/** At least one line, each with a material and a quantity. */
export const linesComplete = (value: unknown) =>
  Array.isArray(value) &&
  value.length > 0 &&
  (value as Line[]).every((l) => l.materialCodeId && String(l.quantity ?? '').trim() !== '');

/** Whether a line's quantity has this problem (each problem is its own rule, with its own message). */
const linesWith = (value: unknown, problem: QuantityProblem) =>
  Array.isArray(value) &&
  (value as Line[]).some((l) => String(l.quantity ?? '').trim() !== '' && quantityProblem(l.quantity) === problem);

const QUANTITY_PROBLEMS: QuantityProblem[] = ['invalid', 'decimals', 'tooLarge', 'negative', 'zero'];

/** The `items` field of a document's form, with the screen's editor as its input; fixed once posted. */
export const linesField = (input: FieldSpec['input']): FieldSpec => ({
  name: 'items',
  label: 'warehouse.lines',
  column: false,
  wide: true,
  lockOnEdit: true,
  input,
  initial: [{}],
  rules: [
    {
      validator: (_rule, value) => (linesComplete(value) ? Promise.resolve() : Promise.reject(new Error())),
      message: 'warehouse.linesRequired',
    },
    // a quantity the server would refuse says why, as the server does (not "must be above 0" for 0.0001)
    ...QUANTITY_PROBLEMS.map((problem) => ({
      validator: (_rule: unknown, value: unknown) =>
        linesWith(value, problem) ? Promise.reject(new Error()) : Promise.resolve(),
      message: `warehouse.quantityProblem.${problem}`,
    })),
  ],
});

/** The lines as `submit` takes them: only what the server reads. */
export const linesToSubmit = (kind: LinesKind, lines: unknown): Row[] =>
  ((lines ?? []) as Line[]).map((l) =>
    kind === 'refuel'
      ? {
          materialCodeId: l.materialCodeId,
          quantity: l.quantity,
          unitPrice: l.unitPrice || null,
          batchNo: l.batchNo || null,
          expiryDate: l.expiryDate || null,
        }
      : { materialCodeId: l.materialCodeId, quantity: l.quantity },
  );
