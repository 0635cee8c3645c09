import { z } from 'zod';

const ID_PATTERN = /^[1-9]\d{0,18}$/;
const BIGINT_MAX = 9_223_372_036_854_775_807n;

/** A snowflake id as text: positive decimal digits that a bigint column can hold. */
export const isId = (v: string): boolean => ID_PATTERN.test(v) && BigInt(v) <= BIGINT_MAX;

/** An id or a parent id as a filter may name one: `0` (a root) or an id. */
export const isIdOrZero = (v: string): boolean => /^0+$/.test(v) || isId(v.replace(/^0+(?=\d)/, ''));

/** A snowflake id as sent on the wire: a decimal string (numbers are accepted and turned into strings). */
export const idSchema = z
  .union([z.string(), z.number().int().positive()])
  .transform((v) => String(v).trim())
  .refine(isId, { error: 'error.validation.invalid' });

/** `ids=1,2,3` as BladeX sends it to remove endpoints. */
export const idListSchema = z
  .string({ error: 'error.ids' })
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine((ids) => ids.length > 0, { error: 'error.ids' })
  .refine((ids) => ids.every(isId), { error: 'error.validation.invalid' })
  .transform((ids) => [...new Set(ids)]);

/** A comma-joined list (as BladeX keeps a user's roles, depts and posts) as its non-empty items. */
export const splitCsv = (value: unknown): string[] =>
  typeof value === 'string' && value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/**
 * A tree's parent as every tree's form and query send it: "", "0", 0 and null all name the root ('0'),
 * as the empty tree-select does; otherwise an id. Absent is left to the field (`.optional()` keeps the
 * parent on update, `.default('0')` makes a root).
 */
export const parentIdSchema = z
  .union([z.string(), z.number(), z.null()], { error: 'error.validation.invalid' })
  .transform((v) => (v === null ? '' : String(v).trim()))
  .transform((v) => (/^0*$/.test(v) ? '0' : v))
  .refine((v) => v === '0' || isId(v), { error: 'error.validation.invalid' })
  .meta({ description: 'a parent id; "", "0", 0 and null name the root' });
