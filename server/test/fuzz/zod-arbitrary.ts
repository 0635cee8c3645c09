import fc from 'fast-check';
import { type ZodType, z } from 'zod';
import { idSchema } from '../../src/platform/http/ids.ts';

/**
 * A small walker from zod 4 schemas to fast-check arbitraries (zod-fast-check supports zod 3 only).
 * Each leaf is mostly a value its schema accepts (within its checks), sometimes a hostile one: the
 * classes the attack of issue 16 used. Hostile values are wrapped, so a request can tell whether it
 * must be refused (a NUL byte anywhere, an impossible date in a date field).
 */
export class Hostile {
  readonly value: unknown;
  /** No schema may accept it here: a 2xx answer to it is a defect. */
  readonly mustRefuse: boolean;
  constructor(value: unknown, mustRefuse: boolean) {
    this.value = value;
    this.mustRefuse = mustRefuse;
  }
}

const NUL = 'a\u0000b';
export const HOSTILE_TEXT = [
  '9999999999999999999',
  '99999999999',
  '9999999999999',
  '-1',
  '0',
  'abc',
  '',
  ' ',
  NUL,
  '\u0000',
  '-271821-04-20T00:00:00Z',
  '275760-09-13T00:00:00Z',
  '0001-01-01 00:00:00',
  '9999-12-31T23:59:59Z',
  '2026-02-30',
  '1,abc,9999999999999999999',
  '1e400',
  'NaN',
  '__proto__',
  "'; select pg_sleep(1);--",
  'x'.repeat(5000),
  '汉'.repeat(900),
];
const HOSTILE_JSON: unknown[] = [
  ...HOSTILE_TEXT,
  0,
  -1,
  0.5,
  1e308,
  -1e308,
  99999999999,
  9999999999999,
  true,
  null,
  [],
  {},
  ['1', NUL],
  { constructor: { prototype: 1 } },
];
/** Dates no date field may take, whatever its window (a birthday, a document, a search). */
const BAD_DATES = [
  '-271821-04-20T00:00:00Z',
  '0001-01-01 00:00:00',
  '1899-12-31',
  '2026-02-30 10:00:00',
  '0',
  '2026-13-01',
];

/** Ids no id field may take: past bigint, not positive, not whole, not digits. */
const BAD_IDS = ['9999999999999999999', '9223372036854775808', '0', '-1', '1.5', '1e400', 'abc', ''];

/** Keys every list takes besides its schema's (the BladeX filter operators over common fields). */
export const FILTER_KEYS = [
  'id',
  'status_equal',
  'createTime_datege',
  'createTime_datelt',
  'name',
  'deptId',
  'parentId',
  'tenantId',
  'sort_gt',
  'quantity_ge',
  'code_like',
  'userId',
  'refuelTime_datege',
  'createUser_equal',
];

export type Mode = 'json' | 'query';

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) =>
  ((def.checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? []).map((c) => c._zod.def);

const isNul = (v: unknown): boolean =>
  typeof v === 'string' ? v.includes('\u0000') : Array.isArray(v) ? v.some(isNul) : false;
const hostile = (values: readonly unknown[], mode: Mode) =>
  fc
    .constantFrom(...values)
    .map((v) => (mode === 'query' ? asQueryValue(v) : v))
    .filter((v) => v !== undefined)
    .map((v) => new Hostile(v, isNul(v)));

/** What a query string can carry: text, or a repeated key's texts. */
function asQueryValue(v: unknown): unknown {
  if (v === null) return '';
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'object') return undefined;
  return String(v);
}

function dateText(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('2001-01-01T00:00:00Z'), max: new Date(), noInvalidDate: true })
    .map((d) => d.toISOString().replace('T', ' ').slice(0, 19));
}

function stringLeaf(def: Def): fc.Arbitrary<string> {
  let min = 0;
  let max = 40;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') min = Number(c.minimum);
    if (c.check === 'max_length') max = Math.min(max, Number(c.maximum));
    if (c.check === 'string_format' && c.format === 'date') return dateText().map((d) => d.slice(0, 10));
    if (c.check === 'string_format' && c.pattern instanceof RegExp) {
      return fc.stringMatching(c.pattern).filter((s) => s.length <= 200);
    }
  }
  return fc.string({ minLength: min, maxLength: Math.max(min, max), unit: 'grapheme' });
}

function numberLeaf(def: Def, mode: Mode): fc.Arbitrary<unknown> {
  let min = -1000;
  let max = 1_000_000;
  let int = false;
  for (const c of checksOf(def)) {
    if (c.check === 'number_format') int = true;
    if (c.check === 'greater_than') min = Number(c.value);
    if (c.check === 'less_than') max = Number(c.value);
  }
  const n = int ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return mode === 'query' ? n.map(String) : n;
}

/** The arbitrary of a schema's accepted values, each leaf sometimes replaced by a hostile value. */
export function arbitrary(schema: ZodType, mode: Mode, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const meta = z.globalRegistry.get(schema) as { format?: string } | undefined;
  if (meta?.format === 'date-time' || meta?.format === 'date') {
    return fc.oneof(
      { weight: 3, arbitrary: dateText() },
      { weight: 1, arbitrary: fc.constantFrom(...BAD_DATES).map((v) => new Hostile(v, true)) },
    );
  }
  if (schema === idSchema) {
    const id = fc.bigInt({ min: 1n, max: 9_223_372_036_854_775_807n }).map(String);
    return fc.oneof(
      { weight: 4, arbitrary: mode === 'query' ? id : fc.oneof(id, fc.integer({ min: 1 })) },
      { weight: 1, arbitrary: fc.constantFrom(...BAD_IDS).map((v) => new Hostile(v, true)) },
    );
  }
  const leaf = (valid: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostile(HOSTILE_JSON, mode) });
  if (depth > 6) return fc.constant(undefined);
  const inner = (s: unknown) => arbitrary(s as ZodType, mode, depth + 1);
  switch (def.type) {
    case 'string':
      return leaf(stringLeaf(def));
    case 'number':
    case 'bigint':
      return leaf(numberLeaf(def, mode));
    case 'boolean':
      return leaf(mode === 'query' ? fc.constantFrom('true', 'false') : fc.boolean());
    case 'date':
      return leaf(dateText());
    case 'enum':
      return leaf(fc.constantFrom(...Object.values(def.entries as object)));
    case 'literal':
      return leaf(fc.constantFrom(...(def.values as unknown[])).map((v) => (mode === 'query' ? String(v) : v)));
    case 'optional':
      return fc.oneof(inner(def.innerType), fc.constant(undefined));
    case 'nullable':
      return fc.oneof(inner(def.innerType), fc.constant(mode === 'query' ? '' : null));
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fc.oneof(inner(def.innerType), fc.constant(undefined));
    case 'union':
      // Another option may take what one must refuse (`''` clears an optional id).
      return fc.oneof(...(def.options as ZodType[]).map(inner)).map(mayBeTaken);
    case 'pipe': {
      // A preprocess is a transform in front: its output schema says what is accepted, and it may
      // read a blank as not given (`optional`, `nullish` of platform/http/fields.ts): a blank is then taken.
      if (defOf(def.in as ZodType).type === 'transform') return inner(def.out).map(blankTaken);
      return inner(def.in);
    }
    case 'array':
      return leaf(fc.array(inner(def.element), { maxLength: 3 }));
    case 'object':
      return objectArbitrary(def, mode, depth);
    case 'record':
      return fc.dictionary(fc.constantFrom('a', 'b', '1'), inner(def.valueType), { maxKeys: 3 });
    case 'lazy':
      return inner((def.getter as () => ZodType)());
    default:
      return hostile(HOSTILE_JSON, mode);
  }
}

function objectArbitrary(def: Def, mode: Mode, depth: number): fc.Arbitrary<unknown> {
  const shape = def.shape as Record<string, ZodType>;
  const fields = fc.record(
    Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, arbitrary(s, mode, depth + 1)])),
  );
  // A loose object passes other keys on: lists read filters from them.
  const loose = def.catchall && defOf(def.catchall as ZodType).type !== 'never';
  const extra = loose
    ? fc.dictionary(fc.constantFrom(...FILTER_KEYS), hostile(HOSTILE_JSON, mode), { maxKeys: 2 })
    : fc.constant({});
  const whole = fc.tuple(fields, extra).map(([f, e]) => ({ ...e, ...f }));
  return depth === 0
    ? whole
    : fc.oneof({ weight: 5, arbitrary: whole }, { weight: 1, arbitrary: hostile(HOSTILE_JSON, mode) });
}

/** A blank text (a form's empty field) no longer one that must be refused. */
const blankTaken = (value: unknown): unknown =>
  value instanceof Hostile && typeof value.value === 'string' && value.value.trim() === ''
    ? new Hostile(value.value, false)
    : value;

/** The value with no part of it that must be refused. */
function mayBeTaken(value: unknown): unknown {
  // NUL stays refused: no option takes it.
  if (value instanceof Hostile) return new Hostile(mayBeTaken(value.value), isNul(value.value));
  if (Array.isArray(value)) return value.map(mayBeTaken);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mayBeTaken(v)]));
  }
  return value;
}

/** A generated value without its wrappers, and whether some part of it must be refused. */
export function unwrap(value: unknown): { value: unknown; mustRefuse: boolean } {
  if (value instanceof Hostile) return { value: value.value, mustRefuse: value.mustRefuse };
  if (Array.isArray(value)) {
    const items = value.map(unwrap);
    return { value: items.map((i) => i.value), mustRefuse: items.some((i) => i.mustRefuse) };
  }
  if (value && typeof value === 'object') {
    let mustRefuse = false;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const u = unwrap(v);
      mustRefuse ||= u.mustRefuse;
      if (u.value !== undefined) out[k] = u.value;
    }
    return { value: out, mustRefuse };
  }
  return { value, mustRefuse: false };
}
