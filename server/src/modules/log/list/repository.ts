import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { containsCondition, valuesContaining } from '../../../platform/db/contains-search.ts';
import type { OrderedPageSource } from '../../../platform/db/page-across.ts';
import { type FilterField, filterConditions, type PageQuery, sortTerms } from '../../../platform/http/query.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import type { LogField, LogTable } from './tables.ts';

type Row = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: log tables are named by their declaration
type Eb = ExpressionBuilder<any, any>;

/** Whose rows a read may see: one tenant's, or (the platform administrator) every tenant's. */
export type LogScope = { tenantId: string } | { allTenants: true; tenantId?: string };

const OPERATOR =
  /_(notequal|equal|notlike|likeleft|likeright|like|datege|dategt|dateequal|datelt|datele|notnull|null|ignore|ge|le|gt|lt)$/;

/** The field of `key` when the query's value of it is a "contains" filter (a text field, no operator suffix). */
function containsField(table: LogTable, key: string, value: unknown): LogField | undefined {
  const field = table.fields[key];
  return field && field.filter !== false && field.kind === 'text' && !OPERATOR.test(key) && typeof value === 'string'
    ? field
    : undefined;
}

/**
 * The values that the query's "contains" filters on value-searched columns match (`LogField.values`):
 * by field, the distinct values holding the text, or null where the column has too many to list.
 */
async function matchingValues(trx: AnyTrx, table: LogTable, query: Row): Promise<Record<string, string[] | null>> {
  const values: Record<string, string[] | null> = {};
  for (const [key, value] of Object.entries(query)) {
    const field = containsField(table, key, value);
    const text = String(value).trim();
    if (field?.values && text) values[key] = await valuesContaining(trx, table.table, field.column, text.toLowerCase());
  }
  return values;
}

/**
 * The BladeX map-style filters of a log list. "Contains" (a text field without suffix, case-insensitive)
 * is `containsCondition`, not `ilike`: under the tenant policy the planner takes `ilike '%…%'` for a rare
 * match and reads and sorts every match of a million-row log; or, where they were read
 * (`matchingValues`), the values holding the text: the same rows.
 */
function conditions(
  eb: Eb,
  table: LogTable,
  query: Row,
  values: Record<string, string[] | null>,
): Expression<SqlBool>[] {
  const filterable: Record<string, FilterField> = Object.fromEntries(
    Object.entries(table.fields).filter(([, f]) => f.filter !== false),
  );
  const contains: Expression<SqlBool>[] = [];
  const rest: Row = {};
  for (const [key, value] of Object.entries(query)) {
    const field = containsField(table, key, value);
    if (field) {
      const text = String(value).trim();
      if (!text) continue;
      const found = values[key];
      if (!found) contains.push(containsCondition(field.column, text));
      else contains.push(found.length ? eb(sql.ref(field.column), 'in', found) : sql<SqlBool>`false`);
    } else if (key !== 'tenantId') rest[key] = value;
  }
  return [...filterConditions(eb, rest, filterable, 'map'), ...contains];
}

function selection(table: LogTable, detail: boolean) {
  return Object.entries(table.fields)
    .filter(([, f]) => detail || f.list !== false)
    .map(([name, f]) => sql.ref(f.column).as(name));
}

function scoped(trx: AnyTrx, table: LogTable, scope: LogScope) {
  // The policy limits a tenant's reads already; the condition says so in the query too, and lets
  // the planner use the (tenant_id, create_time) index.
  const q = trx.selectFrom(table.table);
  return scope.tenantId ? q.where('tenant_id', '=', scope.tenantId) : q;
}

/** A log as its list reads it, newest first (BladeX orders `create_time desc`), filtered as the screens ask. */
export async function logSource(
  trx: AnyTrx,
  table: LogTable,
  scope: LogScope,
  query: PageQuery & Row,
): Promise<OrderedPageSource> {
  const sortable = { createTime: 'create_time' };
  const terms = sortTerms(query, sortable);
  const order = terms.length ? terms : [{ column: 'create_time', direction: 'desc' as const }];
  const last = order[order.length - 1]!.direction;
  const values = await matchingValues(trx, table, query);
  return {
    db: trx,
    rows: scoped(trx, table, scope).where((eb) => eb.and(conditions(eb, table, query, values))),
    key: 'id',
    select: (q) => q.select(selection(table, false)),
    order: [...order, { column: 'id', direction: last }],
  };
}

/** One row with every field, or undefined when it is not there or not the caller's to see. */
export async function logDetail(trx: AnyTrx, table: LogTable, scope: LogScope, id: string): Promise<Row | undefined> {
  return scoped(trx, table, scope).select(selection(table, true)).where('id', '=', id).executeTakeFirst();
}
