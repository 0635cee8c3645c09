import { z } from 'zod';

/**
 * Text a form must fill: a missing, non-text or blank value answers `key` (a catalogue key such as
 * 'param.paramName.required'); a value that is too long keeps its own message.
 */
export const requiredText = (key: string, max: number) =>
  z
    .string({ error: (issue) => (issue.code === 'invalid_type' ? key : undefined) })
    .trim()
    .min(1, { error: key, abort: true })
    .max(max);

/** Text a form may leave empty. */
export const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** What a form sends for a field it left empty: "" (or only spaces). */
export const isBlank = (value: unknown): boolean => typeof value === 'string' && value.trim() === '';

/**
 * What stands for "not given" in a field of this schema: "" always, and in a choice (`choice`) also -1,
 * BladeX's empty number (its `null-to-empty` answer for a null), which its forms send back unchanged.
 */
function absentOf(schema: z.ZodType): (value: unknown) => unknown {
  const minusOneAbsent = choices.has(schema);
  return (value) => (isBlank(value) || (minusOneAbsent && (value === -1 || value === '-1')) ? undefined : value);
}

/**
 * The one rule of an optional field that is not free text (a number, an id, a date, a choice): "" is
 * not given, as if the field were absent (BladeX binds "" to null, which leaves the column as it was),
 * so an update keeps the value and an insert takes the default; so is -1 in a choice (`absentOf`). Free
 * text keeps "" (it clears the text).
 * Every optional field of a body or query that is not free text is built with it or with `nullish`
 * (test/api/blank-fields.test.ts walks the routes' schemas).
 */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(absentOf(schema), schema.optional());

/** The same for a field that null clears: null is null, "" not given. */
export const nullish = <T extends z.ZodType>(schema: T) => z.preprocess(absentOf(schema), schema.nullish());

/** The same with a value when not given (absent or ""), e.g. a page's `current`. */
export const withDefault = <T extends z.ZodType>(schema: T, value: z.util.NoUndefined<z.core.output<T>>) =>
  z.preprocess(absentOf(schema), schema.default(value));

const INT4 = 2_147_483_647;
const numericText = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;

/**
 * A whole number within bounds (an int4 column's by default), sent as a number or as numeric text
 * (forms and query strings send both). Not `z.coerce`, which reads null, true or [] as a number.
 */
export const int = (min = -INT4 - 1, max = INT4) => z.preprocess(numericText, z.number().int().min(min).max(max));

const choices = new WeakSet<z.ZodType>();

/**
 * A whole number picked from a list, never typed (a dictionary's key, a state, a sex): optional, -1 is
 * not given (BladeX's forms send back the -1 it answers for a null). A typed number keeps refusing -1.
 */
export function choice(min: number, max: number) {
  const schema = int(min, max);
  choices.add(schema);
  return schema;
}

/**
 * The body of an update: every field (or those named) may be left out. A field the insert requires
 * still refuses "" when given (a required text stays required, a required id names a record): it is
 * marked `x-requiredOnInsert` (an OpenAPI extension, as the document shows it), which the test of the optional fields' rule reads.
 */
export function updateOf<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  only?: readonly (keyof Shape & string)[],
) {
  const shape = schema.shape as unknown as Record<string, z.ZodType>;
  const keys = only ?? Object.keys(shape);
  const required = keys.filter((key) => !shape[key]!.safeParse(undefined).success);
  const marked = Object.fromEntries(
    required.map((key) => [key, shape[key]!.optional().meta({ 'x-requiredOnInsert': true })]),
  );
  const partial = schema.partial();
  return (only ? schema.extend(marked) : partial.extend(marked)) as unknown as typeof partial;
}
