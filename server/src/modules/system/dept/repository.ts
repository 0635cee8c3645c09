import { sql } from 'kysely';
import { isId } from '../../../platform/http/ids.ts';
import { type FilterField, filterConditions } from '../../../platform/http/query.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

/** A dept as the API names it (BladeX Dept). */
export interface DeptRow {
  id: string;
  tenantId: string;
  parentId: string;
  ancestors: string;
  deptCategory: number;
  deptName: string;
  fullName: string | null;
  sort: number;
  remark: string | null;
  isDeleted: number;
}

/** The fields a list may filter on (BladeX map style). */
export const DEPT_FIELDS: Record<string, FilterField> = {
  id: { column: 'id', kind: 'id' },
  tenantId: { column: 'tenant_id', kind: 'text' },
  parentId: { column: 'parent_id', kind: 'id' },
  ancestors: { column: 'ancestors', kind: 'text' },
  deptCategory: { column: 'dept_category', kind: 'int' },
  deptName: { column: 'dept_name', kind: 'text' },
  fullName: { column: 'full_name', kind: 'text' },
  sort: { column: 'sort', kind: 'int' },
  remark: { column: 'remark', kind: 'text' },
};

const COLUMNS: Record<keyof DeptRow, string> = {
  id: 'id',
  tenantId: 'tenant_id',
  parentId: 'parent_id',
  ancestors: 'ancestors',
  deptCategory: 'dept_category',
  deptName: 'dept_name',
  fullName: 'full_name',
  sort: 'sort',
  remark: 'remark',
  isDeleted: 'is_deleted',
};
const selection = [
  sql.ref<string>('d.id').as('id'),
  sql.ref<string>('d.tenant_id').as('tenantId'),
  sql.ref<string>('d.parent_id').as('parentId'),
  sql.ref<string>('d.ancestors').as('ancestors'),
  sql.ref<number>('d.dept_category').as('deptCategory'),
  sql.ref<string>('d.dept_name').as('deptName'),
  sql.ref<string | null>('d.full_name').as('fullName'),
  sql.ref<number>('d.sort').as('sort'),
  sql.ref<string | null>('d.remark').as('remark'),
  sql.ref<number>('d.is_deleted').as('isDeleted'),
];
const hasChildren = sql<boolean>`exists (select 1 from blade_dept c
  where c.parent_id = d.id and c.tenant_id = d.tenant_id and c.is_deleted = 0)`.as('hasChildren');

/** The live depts of a tenant: every query of this module starts here. */
function live(trx: AnyTrx, tenantId: string) {
  return trx.selectFrom('blade_dept as d').where('d.tenant_id', '=', tenantId).where('d.is_deleted', '=', 0);
}

/** Live depts matching BladeX map filters, in tree order (sort, then id). */
export async function findDepts(trx: AnyTrx, tenantId: string, filters: Record<string, unknown>): Promise<DeptRow[]> {
  return live(trx, tenantId)
    .where((eb) => eb.and(filterConditions(eb, filters, DEPT_FIELDS, 'map')))
    .select(selection)
    .orderBy('d.sort')
    .orderBy('d.id')
    .limit(10_000)
    .execute();
}

/** Like findDepts, each row marked with whether it has live children; `parentId` limits to one level. */
export async function findDeptsWithChildFlag(
  trx: AnyTrx,
  tenantId: string,
  parentId: string | undefined,
  filters: Record<string, unknown>,
): Promise<(DeptRow & { hasChildren: boolean })[]> {
  let q = live(trx, tenantId).where((eb) => eb.and(filterConditions(eb, filters, DEPT_FIELDS, 'map')));
  if (parentId !== undefined) q = q.where('d.parent_id', '=', parentId);
  return q.select(selection).select(hasChildren).orderBy('d.sort').orderBy('d.id').limit(10_000).execute();
}

export async function findDept(trx: AnyTrx, tenantId: string, id: string): Promise<DeptRow | undefined> {
  return live(trx, tenantId).where('d.id', '=', id).select(selection).executeTakeFirst();
}

export async function findDeptsByIds(trx: AnyTrx, tenantId: string, ids: readonly string[]): Promise<DeptRow[]> {
  if (ids.length === 0) return [];
  return live(trx, tenantId).where('d.id', 'in', ids).select(selection).orderBy('d.sort').orderBy('d.id').execute();
}

/** Names of depts by id (live or not: a parent name should still show). */
export async function deptNames(trx: AnyTrx, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('blade_dept')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .select(['id', 'dept_name as name'])
    .execute();
  return new Map(rows.map((r) => [String(r.id), String(r.name)]));
}

/** The labels of the org_category dictionary, by key. */
export async function deptCategoryNames(trx: AnyTrx): Promise<Map<string, string>> {
  const { rows } = await sql<{ key: string; value: string }>`
    select dict_key as key, dict_value as value from blade_dict
    where code = 'org_category' and parent_id <> 0 and is_deleted = 0`.execute(trx);
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Serialises writes to one tenant's dept tree, so two moves cannot build a cycle between them. */
export async function lockDeptTree(trx: AnyTrx, tenantId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`blade_dept:${tenantId}`}))`.execute(trx);
}

/** Whether `id` is `nodeId` or lies below it, walking up the parent links from `id`. */
export async function isSelfOrBelow(trx: AnyTrx, tenantId: string, id: string, nodeId: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    with recursive up as (
      select id, parent_id, 1 as depth from blade_dept where id = ${id} and tenant_id = ${tenantId}
      union all
      select d.id, d.parent_id, up.depth + 1 from blade_dept d
      join up on d.id = up.parent_id where d.tenant_id = ${tenantId} and up.depth < 1000
    )
    select id from up where id = ${nodeId} limit 1`.execute(trx);
  return rows.length > 0;
}

type DeptColumns = Partial<Record<Exclude<keyof DeptRow, 'id' | 'tenantId' | 'isDeleted'>, unknown>>;

function toColumns(values: DeptColumns): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const column = COLUMNS[name as keyof DeptRow];
    if (column && value !== undefined) columns[column] = value;
  }
  return columns;
}

export async function insertDept(
  trx: AnyTrx,
  tenantId: string,
  id: string,
  values: DeptColumns & { parentId: string; ancestors: string },
): Promise<void> {
  await trx
    .insertInto('blade_dept')
    .values({ ...toColumns(values), id, tenant_id: tenantId, is_deleted: 0 })
    .execute();
}

export async function updateDept(trx: AnyTrx, tenantId: string, id: string, values: DeptColumns): Promise<void> {
  const set = toColumns(values);
  if (Object.keys(set).length === 0) return;
  await trx
    .updateTable('blade_dept')
    .set(set)
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .execute();
}

/**
 * Gives a moved dept its new ancestors and rebuilds those of every dept below it from the parent
 * links, in one statement (removed depts too, so that none keeps a stale path).
 */
export async function rewriteAncestors(trx: AnyTrx, tenantId: string, id: string, ancestors: string): Promise<void> {
  await sql`
    with recursive below as (
      select id, cast(${ancestors} as text) as ancestors, 0 as depth from blade_dept where id = ${id} and tenant_id = ${tenantId}
      union all
      select d.id, below.ancestors || ',' || below.id, below.depth + 1 from blade_dept d
      join below on d.parent_id = below.id where d.tenant_id = ${tenantId} and below.depth < 1000
    )
    update blade_dept set ancestors = below.ancestors from below
    where blade_dept.id = below.id and blade_dept.tenant_id = ${tenantId}`.execute(trx);
}

/** Live depts (not among `ids`) whose parent is one of `ids`, with that parent's name. */
export async function parentsWithOtherChildren(trx: AnyTrx, tenantId: string, ids: readonly string[]) {
  return live(trx, tenantId)
    .innerJoin('blade_dept as p', 'p.id', 'd.parent_id')
    .where('d.parent_id', 'in', ids)
    .where('d.id', 'not in', ids)
    .select(['p.id', 'p.dept_name as name'])
    .distinct()
    .execute() as Promise<{ id: string; name: string }[]>;
}

/** Those of `ids` that a live user belongs to, by blade_user_dept or by blade_user.dept_id. */
export async function deptsWithUsers(trx: AnyTrx, tenantId: string, ids: readonly string[]) {
  const { rows } = await sql<{ id: string; name: string }>`
    select d.id, d.dept_name as name from blade_dept d
    where d.tenant_id = ${tenantId} and d.id in (${sql.join(ids)}) and exists (
      select 1 from blade_user u
      where u.tenant_id = ${tenantId} and u.is_deleted = 0 and (
        d.id::text = any(string_to_array(u.dept_id, ','))
        or exists (select 1 from blade_user_dept ud where ud.user_id = u.id and ud.dept_id = d.id)))
    order by d.sort, d.id`.execute(trx);
  return rows;
}

export async function softDeleteDepts(trx: AnyTrx, tenantId: string, ids: readonly string[]): Promise<void> {
  await trx
    .updateTable('blade_dept')
    .set({ is_deleted: 1 })
    .where('id', 'in', ids)
    .where('tenant_id', '=', tenantId)
    .execute();
}

/** The dept ids a live user of the tenant belongs to (blade_user.dept_id), or undefined for no such user. */
export async function userDeptIds(trx: AnyTrx, tenantId: string, userId: string): Promise<string[] | undefined> {
  const user = await trx
    .selectFrom('blade_user')
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .select('dept_id')
    .executeTakeFirst();
  if (!user) return undefined;
  return String(user.dept_id ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(isId);
}
