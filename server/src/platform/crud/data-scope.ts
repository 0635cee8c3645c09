import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { PermissionResolver } from '../auth/access.ts';
import { type FilterField, filterConditions } from '../http/query.ts';
import type { Caller } from '../tenancy/context.ts';

/**
 * One data-scope rule, already resolved to what the query needs: a column limited to some values
 * (own rows: the user's id; dept rows: dept ids, children included where asked), or typed
 * conditions in the BladeX filter form (`{ status_equal: '1' }`). Never SQL text.
 */
export type DataScopeRule =
  | { kind: 'in'; column: string; values: string[] }
  | { kind: 'conditions'; conditions: Record<string, string> };

/** Everything, or the rows that any one of the rules lets through. */
export type DataScope = 'all' | DataScopeRule[];

const SUFFIX =
  /_(notequal|equal|notlike|likeleft|likeright|like|datege|dategt|dateequal|datelt|datele|notnull|null|ge|le|gt|lt)$/;

/**
 * The WHERE condition of a data scope over a resource's fields. A rule naming a column or field the
 * resource does not have lets nothing through: a broken rule must hide rows, never reveal them.
 */
export function dataScopeCondition(
  // biome-ignore lint/suspicious/noExplicitAny: applies to any table
  eb: ExpressionBuilder<any, any>,
  scope: DataScope,
  fields: Record<string, FilterField>,
): Expression<SqlBool> | null {
  if (scope === 'all') return null;
  const columns = new Set(Object.values(fields).map((f) => f.column));
  const nothing = sql<SqlBool>`false`;
  const parts = scope.map((rule): Expression<SqlBool> => {
    if (rule.kind === 'in') {
      if (!columns.has(rule.column) || rule.values.length === 0) return nothing;
      return eb(sql.ref(rule.column), 'in', rule.values);
    }
    const names = Object.keys(rule.conditions).map((key) => key.replace(SUFFIX, ''));
    if (names.length === 0 || names.some((name) => !fields[name])) return nothing;
    const conditions = filterConditions(eb, rule.conditions, fields, 'map');
    // A condition dropped for an empty value (a caller without a dept) must not widen the rule.
    if (conditions.length < names.length) return nothing;
    return eb.and(conditions);
  });
  return parts.length ? eb.or(parts) : nothing;
}

/**
 * The caller's data scope over a resource (everything when it declares none). Every read of the
 * resource's records (list, page, detail, select, trees, exports) and every write to an existing one
 * goes through it, so a row hidden from the list cannot be read or changed by its id either.
 */
export function scopeOf(
  permissions: Pick<PermissionResolver, 'dataScope'>,
  resource: { dataScope?: string },
  caller: Caller,
): Promise<DataScope> {
  return resource.dataScope ? permissions.dataScope(caller, resource.dataScope) : Promise.resolve('all');
}
