import { z } from 'zod';
import { idSchema } from '../../platform/http/ids.ts';
import { warehouseMessages as m } from './messages.ts';

const QUANTITY = /^-?\d{1,13}(\.\d{1,3})?$/;
const PRICE = /^\d{1,12}(\.\d{1,4})?$/;

/** A decimal as sent (number or text), kept as text so no float rounding reaches numeric columns. */
const decimalText = (pattern: RegExp, invalid: string) =>
  z
    .union([z.number(), z.string()], { error: invalid })
    .transform((v) => String(v).trim())
    .refine((v) => pattern.test(v), { error: invalid, abort: true });

/** A quantity that must be greater than zero (an item line). */
export const positiveQuantity = decimalText(QUANTITY, m['warehouse.quantity.invalid']).refine((v) => Number(v) > 0, {
  error: m['warehouse.quantity.positive'],
});

/** A quantity that may be zero (a stocktake count, a safety stock, a limit). */
export const nonNegativeQuantity = decimalText(QUANTITY, m['warehouse.quantity.invalid']).refine(
  (v) => Number(v) >= 0,
  { error: m['warehouse.quantity.nonNegative'] },
);

/** A unit price: not negative, 4 decimals. */
export const price = decimalText(PRICE, m['warehouse.price.invalid']);

/** `20.500` -> `20.5`, `3.000` -> `3`: numeric text as a person writes it, for messages. */
export function plainNumber(value: string | number): string {
  const text = String(value);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** A tree node's parent as forms send it: 0, null or absent is a root (the column defaults to 0). */
export const parentIdInput = z
  .union([z.string(), z.number(), z.null()])
  .transform((v) => (v === null ? '0' : String(v).trim() || '0'))
  .refine((v) => v === '0' || /^[1-9]\d{0,18}$/.test(v), { error: 'error.validation.invalid' })
  .optional();

/** A reference a form may leave empty ('' and null both clear it). */
export const optionalId = z.union([idSchema, z.literal('').transform(() => null), z.null()]).optional();
