import { sql } from 'kysely';
import type { DataScope, DataScopeRule } from '../../../platform/crud/data-scope.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { DATA_SCOPE, grantedScopes } from './grants.ts';

/** blade_scope_data.scope_type (dictionary data_scope_type). */
export const SCOPE_TYPE = { all: 1, own: 2, dept: 3, deptAndChildren: 4, custom: 5 } as const;

interface ScopeRow {
  scopeType: number;
  scopeColumn: string | null;
  scopeValue: string | null;
}

/** The caller's depts and every dept below them (by `ancestors`). */
async function deptsWithChildren(trx: AnyTrx, caller: Caller): Promise<string[]> {
  if (caller.deptIds.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    select id from blade_dept where tenant_id = ${caller.tenantId} and is_deleted = 0 and (
      id in (${sql.join(caller.deptIds)})
      or string_to_array(ancestors, ',') && ${sql.val(caller.deptIds)}::text[])`.execute(trx);
  return rows.map((r) => r.id);
}

/**
 * Custom rules are typed conditions in the BladeX filter form, as JSON (`{"status_equal": "1"}`),
 * where `${userId}` and `${deptId}` stand for the caller's. Anything else is refused (lets nothing through).
 */
function customRule(value: string | null, caller: Caller): DataScopeRule {
  try {
    const parsed: unknown = JSON.parse(value ?? '');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    const conditions = Object.fromEntries(
      Object.entries(parsed).map(([k, v]) => [
        k,
        String(v).replace(/\$\{(userId|deptId)\}/g, (_, name: string) =>
          name === 'userId' ? caller.userId : (caller.deptIds[0] ?? ''),
        ),
      ]),
    );
    return { kind: 'conditions', conditions };
  } catch {
    return { kind: 'in', column: 'id', values: [] };
  }
}

/**
 * The data scope of the caller's roles for one resource. No rule means no limit (as in BladeX);
 * an "all" rule wins; otherwise a row is visible when any rule lets it through.
 */
export async function resolveDataScope(trx: AnyTrx, caller: Caller, resourceCode: string): Promise<DataScope> {
  const rows = await grantedScopes<ScopeRow>(trx, caller, DATA_SCOPE, resourceCode);
  if (rows.length === 0 || rows.some((r) => r.scopeType === SCOPE_TYPE.all)) return 'all';
  const rules: DataScopeRule[] = [];
  for (const row of rows) {
    const column = row.scopeColumn || (row.scopeType === SCOPE_TYPE.own ? 'create_user' : 'create_dept');
    if (row.scopeType === SCOPE_TYPE.own) rules.push({ kind: 'in', column, values: [caller.userId] });
    else if (row.scopeType === SCOPE_TYPE.dept) rules.push({ kind: 'in', column, values: caller.deptIds });
    else if (row.scopeType === SCOPE_TYPE.deptAndChildren) {
      rules.push({ kind: 'in', column, values: await deptsWithChildren(trx, caller) });
    } else if (row.scopeType === SCOPE_TYPE.custom) rules.push(customRule(row.scopeValue, caller));
    else rules.push({ kind: 'in', column: 'id', values: [] });
  }
  return rules;
}
