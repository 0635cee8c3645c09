import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import { dateProblem, FILTER_DATES, parseDate } from './dates.ts';
import { okSchema } from './envelope.ts';
import { badRequest } from './errors.ts';
import { int, withDefault } from './fields.ts';
import { isIdOrZero } from './ids.ts';

export const MAX_PAGE_SIZE = 1000;

/** `current`, `size`, `ascs`, `descs` of every list endpoint. */
export const pageQuerySchema = z.object({
  current: withDefault(int(1), 1),
  size: withDefault(int(1, MAX_PAGE_SIZE), 10),
  ascs: z.string().optional(),
  descs: z.string().optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** Present when more rows match than `total`: the total is a lower bound ("1,000+"). */
  totalCapped?: true;
}

export function toPage<T>(
  records: T[],
  total: number,
  query: Pick<PageQuery, 'current' | 'size'>,
  capped = false,
): Page<T> {
  const page = { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
  return capped ? { ...page, totalCapped: true } : page;
}

/**
 * The rows of a page: an array of objects of any fields, checked as an array and sent as it is.
 * `z.array(z.record(...))` rebuilt every row key by key on every answer (a page of material codes:
 * 35 of its 46 µs of serializing), for a schema that lets any field through anyway; the rows are
 * the repository's own, objects by construction. The OpenAPI document shows what `z.record` did.
 */
const rowsSchema = z
  .custom<Record<string, unknown>[]>(Array.isArray)
  .meta({ type: 'array', items: { type: 'object', additionalProperties: {} } } as Record<string, unknown>);

/** Rows nested by parent (BladeX's `list` of a tree table): each node has `hasChildren` and, when it has any, `children`. */
export const treeRowsSchema = z.custom<Record<string, unknown>[]>(Array.isArray).meta({
  type: 'array',
  items: { type: 'object', additionalProperties: {} },
  description: 'the roots; each node carries hasChildren and, below it, children',
} as Record<string, unknown>);

/** The answer of a `list` or `page` endpoint (inside the envelope), as the OpenAPI document describes it. */
export const pageSchema = z.object({
  records: rowsSchema.describe('the rows of this page'),
  total: z.number().int().describe('rows matching the filters; a lower bound when totalCapped'),
  size: z.number().int(),
  current: z.number().int(),
  pages: z.number().int(),
  totalCapped: z
    .literal(true)
    .optional()
    .describe('present when more rows match than total (counted up to a bound): the screen shows "1,000+"'),
  unavailable: z
    .array(z.string())
    .optional()
    .describe(
      "a cross-tenant list only: the tenant databases (their datasources' names) that did not answer; their tenants' rows are in neither the page nor the total",
    ),
});

/** The `response` of a route answering a page. */
export const pageResponse = { 200: okSchema(pageSchema) };

/** What a filterable field holds, which decides how its values are read: `int` an int4 column, `number` a numeric one. */
export type FieldKind = 'text' | 'int' | 'number' | 'id' | 'date';
export interface FilterField {
  column: string;
  kind: FieldKind;
}

const OPERATORS = [
  'notequal',
  'equal',
  'notlike',
  'likeleft',
  'likeright',
  'like',
  'datege',
  'dategt',
  'dateequal',
  'datelt',
  'datele',
  'notnull',
  'null',
  'ignore',
  'ge',
  'le',
  'gt',
  'lt',
] as const;
type Operator = (typeof OPERATORS)[number] | 'contains';

const PAGING_KEYS = new Set(['current', 'size', 'ascs', 'descs', 'Blade-Auth']);

function splitKey(key: string): { field: string; op: Operator } {
  for (const op of OPERATORS) {
    if (key.endsWith(`_${op}`)) return { field: key.slice(0, -op.length - 1), op };
  }
  return { field: key, op: 'contains' };
}

/** A value matched literally inside a `like` pattern. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const INT4_MAX = 2_147_483_647;
// Beyond any numeric column of the schema (numeric(16, 3) and the like), and exact as a double.
const NUMBER_MAX = 1e15;

/** A filter's value read as its field's kind; a value the column cannot hold is refused, naming the field. */
function readValue(field: string, f: FilterField, raw: string): string | number | Date | RawBuilder<unknown> {
  const refuse = (messageKey: string, params: Record<string, unknown> = {}) => {
    throw badRequest('error.validation.field', { field, problem: { messageKey, params } });
  };
  if (f.kind === 'int' || f.kind === 'number') {
    const n = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isFinite(n)) return refuse('error.validation.invalid');
    if (f.kind === 'int' && (!Number.isInteger(n) || Math.abs(n) > INT4_MAX)) refuse('error.validation.outOfRange');
    if (Math.abs(n) >= NUMBER_MAX) refuse('error.validation.outOfRange');
    // As numeric, whatever the column's type: comparing never overflows it.
    return f.kind === 'int' ? n : sql`${String(n)}::numeric`;
  }
  if (f.kind === 'date') {
    const parsed = parseDate(raw);
    const problem = dateProblem(parsed, FILTER_DATES);
    if (problem) return refuse(problem.key, problem.params);
    return parsed!.at;
  }
  if (f.kind === 'id' && !isIdOrZero(raw)) refuse('error.validation.invalid');
  return raw;
}

/** That a list parameter's value is of its kind: refused as a field filter's would be, naming it. */
export function checkFilterValue(field: string, kind: FieldKind, raw: string): void {
  readValue(field, { column: field, kind }, raw);
}

function condition(
  // biome-ignore lint/suspicious/noExplicitAny: filters apply to any table
  eb: ExpressionBuilder<any, any>,
  name: string,
  f: FilterField,
  op: Operator,
  raw: string,
): Expression<SqlBool> | null {
  const col = sql.ref(f.column);
  const text = sql`${col}::text`;
  switch (op) {
    case 'ignore':
      return null;
    case 'null':
      return eb(col, 'is', null);
    case 'notnull':
      return eb(col, 'is not', null);
    case 'contains':
    case 'like':
      return f.kind === 'text'
        ? sql<SqlBool>`${col} ilike ${`%${escapeLike(raw)}%`}`
        : eb(col, '=', readValue(name, f, raw));
    case 'notlike':
      return sql<SqlBool>`${text} not ilike ${`%${escapeLike(raw)}%`}`;
    case 'likeleft':
      return sql<SqlBool>`${text} ilike ${`%${escapeLike(raw)}`}`;
    case 'likeright':
      return sql<SqlBool>`${text} ilike ${`${escapeLike(raw)}%`}`;
    case 'equal':
      return eb(col, '=', readValue(name, f, raw));
    case 'notequal':
      return eb(col, '<>', readValue(name, f, raw));
    case 'ge':
    case 'datege':
      return eb(col, '>=', readValue(name, f, raw));
    case 'gt':
    case 'dategt':
      return eb(col, '>', readValue(name, f, raw));
    case 'le':
    case 'datele':
      return eb(col, '<=', readValue(name, f, raw));
    case 'lt':
    case 'datelt':
      return eb(col, '<', readValue(name, f, raw));
    case 'dateequal':
      return eb(col, '=', readValue(name, f, raw));
  }
}

const DATE_RANGE = new Set<Operator>(['datege', 'dategt', 'datelt', 'datele']);

/** Entity style is equality, except a date range (every list screen searches createTime by range). */
function entityKey(key: string): { field: string; op: Operator } {
  const split = splitKey(key);
  return DATE_RANGE.has(split.op) ? split : { field: key, op: 'equal' };
}

/**
 * The BladeX filter conventions over an allow-list of fields. `style: 'map'` reads suffix operators
 * (no suffix: contains); `style: 'entity'` is plain equality on every given field (and the date-range suffixes). Empty values and
 * unknown keys are skipped; a value of the wrong kind is refused.
 */
export function filterConditions(
  // biome-ignore lint/suspicious/noExplicitAny: filters apply to any table
  eb: ExpressionBuilder<any, any>,
  query: Record<string, unknown>,
  fields: Record<string, FilterField>,
  style: 'map' | 'entity',
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (PAGING_KEYS.has(key) || value === undefined || value === null) continue;
    const raw = (Array.isArray(value) ? value.at(-1) : value) as unknown;
    if (typeof raw !== 'string' && typeof raw !== 'number') continue;
    const text = String(raw).trim();
    const { field, op } = style === 'map' ? splitKey(key) : entityKey(key);
    const f = fields[field];
    if (!f || (text === '' && op !== 'null' && op !== 'notnull')) continue;
    const c = condition(eb, field, f, op, text);
    if (c) conditions.push(c);
  }
  return conditions;
}

/** `ascs`/`descs` as ORDER BY terms, each checked against the sortable fields. */
export function sortTerms(
  query: Pick<PageQuery, 'ascs' | 'descs'>,
  sortable: Record<string, string>,
): { column: string; direction: 'asc' | 'desc' }[] {
  const byName = new Map<string, string>();
  for (const [field, column] of Object.entries(sortable)) {
    byName.set(field, column);
    byName.set(column, column);
  }
  const terms: { column: string; direction: 'asc' | 'desc' }[] = [];
  for (const [list, direction] of [
    [query.ascs, 'asc'],
    [query.descs, 'desc'],
  ] as const) {
    for (const name of (list ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const column = byName.get(name);
      if (!column) throw badRequest('error.sortColumn', { column: name });
      terms.push({ column, direction });
    }
  }
  return terms;
}
