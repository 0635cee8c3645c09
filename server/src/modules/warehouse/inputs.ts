import { z } from 'zod';
import { nullish } from '../../platform/http/fields.ts';
import { idSchema, parentIdSchema } from '../../platform/http/ids.ts';
import { warehouseMessages as m } from './messages.ts';

const PRICE = /^\d{1,12}(\.\d{1,4})?$/;

/** A decimal as sent (number or text), kept as text so no float rounding reaches numeric columns. */
const decimalText = (pattern: RegExp, invalid: string) =>
  z
    .union([z.number(), z.string()], { error: invalid })
    .transform((v) => String(v).trim())
    .refine((v) => pattern.test(v), { error: invalid, abort: true });

// A quantity column is numeric(16, 3): 13 digits before the point, 3 after.
const QUANTITY_DIGITS = 13;
const QUANTITY_DECIMALS = 3;

/** A number as its plain digits (`1e-7` -> `0.0000001`), so its decimals and size can be told. */
const plainDigits = (v: number | string) =>
  typeof v === 'number' ? v.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : v.trim();

/**
 * A quantity as text, each problem with its own message (the web's line editor tells the same,
 * `web/src/components/warehouse/decimal.ts`): not a number; more than 3 decimals; too large;
 * negative; and, when `positive`, zero.
 */
const quantityText = (positive: boolean) =>
  z.union([z.number(), z.string()], { error: m['warehouse.quantity.invalid'] }).transform((v, ctx) => {
    const text = plainDigits(v);
    const problem = quantityProblem(text, positive);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return text;
  });

function quantityProblem(text: string, positive: boolean): string | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return m['warehouse.quantity.invalid'];
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > QUANTITY_DECIMALS) return m['warehouse.quantity.decimals'];
  if (whole.replace(/^0+(?=\d)/, '').length > QUANTITY_DIGITS) return m['warehouse.quantity.tooLarge'];
  const zero = Number(text) === 0;
  if (sign && !zero) return m['warehouse.quantity.nonNegative'];
  if (positive && zero) return m['warehouse.quantity.positive'];
  return null;
}

/** A quantity that must be greater than zero (an item line). */
export const positiveQuantity = quantityText(true);

/** A quantity that may be zero (a stocktake count, a safety stock, a limit). */
export const nonNegativeQuantity = quantityText(false);

/** A unit price: not negative, 4 decimals. */
export const price = decimalText(PRICE, m['warehouse.price.invalid']);

/** `20.500` -> `20.5`, `3.000` -> `3`: numeric text as a person writes it, for messages. */
export function plainNumber(value: string | number): string {
  const text = String(value);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** A tree node's parent as forms send it: "", 0, null or absent is a root (the column defaults to 0). */
export const parentIdInput = parentIdSchema.optional();

/** A reference a form may leave empty: null clears it, "" is not given (the one rule of optional fields). */
export const optionalId = nullish(idSchema);
