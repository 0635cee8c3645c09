import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { ILIKE_FUNCTION } from '../../../platform/db/contains-search.ts';
import { readPage } from '../../../platform/db/paging.ts';
import {
  escapeLike,
  type FilterField,
  filterConditions,
  type Page,
  type PageQuery,
  sortTerms,
} from '../../../platform/http/query.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import type { LogTable } from './tables.ts';

type Row = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: log tables are named by their declaration
type Eb = ExpressionBuilder<any, any>;

/** Whose rows a read may see: one tenant's, or (the platform administrator) every tenant's. */
export type LogScope = { tenantId: string } | { allTenants: true; tenantId?: string };

const OPERATOR =
  /_(notequal|equal|notlike|likeleft|likeright|like|datege|dategt|dateequal|datelt|datele|notnull|null|ignore|ge|le|gt|lt)$/;

/**
 * The BladeX map-style filters of a log list, except that "contains" on text goes through
 * ILIKE_FUNCTION: under the tenant policy the planner takes a plain `ilike '%…%'` for a rare match and
 * sorts every match of a million-row log, where the function's estimate lets the page walk the time
 * index and stop at its rows (platform/db/contains-search.ts says more).
 */
function conditions(eb: Eb, table: LogTable, query: Row): Expression<SqlBool>[] {
  const filterable: Record<string, FilterField> = Object.fromEntries(
    Object.entries(table.fields).filter(([, f]) => f.filter !== false),
  );
  const contains: Expression<SqlBool>[] = [];
  const rest: Row = {};
  for (const [key, value] of Object.entries(query)) {
    const field = filterable[key];
    if (field?.kind === 'text' && !OPERATOR.test(key) && typeof value === 'string') {
      const text = value.trim();
      if (text)
        contains.push(sql<SqlBool>`${sql.id(ILIKE_FUNCTION)}(${sql.ref(field.column)}, ${`%${escapeLike(text)}%`})`);
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

/** One page of a log, newest first (BladeX orders `create_time desc`), filtered as the screens ask. */
export async function logPage(
  trx: AnyTrx,
  table: LogTable,
  scope: LogScope,
  query: PageQuery & Row,
): Promise<Page<Row>> {
  const sortable = { createTime: 'create_time' };
  const terms = sortTerms(query, sortable);
  const order = terms.length ? terms : [{ column: 'create_time', direction: 'desc' as const }];
  const last = order[order.length - 1]!.direction;
  return readPage<Row>(
    {
      db: trx,
      rows: scoped(trx, table, scope).where((eb) => eb.and(conditions(eb, table, query))),
      key: 'id',
      select: (q) => q.select(selection(table, false)),
      order: (q) => order.reduce((o, t) => o.orderBy(sql.ref(t.column), t.direction), q).orderBy('id', last),
    },
    query,
  );
}

/** One row with every field, or undefined when it is not there or not the caller's to see. */
export async function logDetail(trx: AnyTrx, table: LogTable, scope: LogScope, id: string): Promise<Row | undefined> {
  return scoped(trx, table, scope).select(selection(table, true)).where('id', '=', id).executeTakeFirst();
}
