import { expressionBuilder, sql } from 'kysely';
import { nextId } from '../../../platform/db/snowflake.ts';
import { type FilterField, filterConditions } from '../../../platform/http/query.ts';
import { ADMINISTRATOR_ROLE } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import type { RoleInput } from './schema.ts';

// Queries of blade_role (tenant-owned; no audit columns but is_deleted). Every one names the tenant.

// A type (not an interface) so that rows fit the tree builder's open record shape.
export type RoleRow = {
  id: string;
  tenantId: string;
  parentId: string;
  roleName: string;
  sort: number;
  roleAlias: string;
  parentName: string | null;
};

const COLUMNS = sql`r.id, r.tenant_id as "tenantId", r.parent_id as "parentId", r.role_name as "roleName", r.sort,
  r.role_alias as "roleAlias", p.role_name as "parentName"`;
const FROM = sql`blade_role r left join blade_role p on p.id = r.parent_id and p.is_deleted = 0`;

const FIELDS: Record<string, FilterField> = {
  id: { column: 'r.id', kind: 'id' },
  parentId: { column: 'r.parent_id', kind: 'id' },
  roleName: { column: 'r.role_name', kind: 'text' },
  roleAlias: { column: 'r.role_alias', kind: 'text' },
  sort: { column: 'r.sort', kind: 'int' },
};

const COLUMN_OF: Record<keyof RoleInput, string> = {
  parentId: 'parent_id',
  roleName: 'role_name',
  roleAlias: 'role_alias',
  sort: 'sort',
};

/** The tenant's live roles matching BladeX map-style filters, by sort. */
export async function listRoles(trx: AnyTrx, tenantId: string, query: Record<string, unknown>): Promise<RoleRow[]> {
  // biome-ignore lint/suspicious/noExplicitAny: filters apply to blade_role, which has no declared type
  const conditions = filterConditions(expressionBuilder<any, any>(), query, FIELDS, 'map');
  const filtered = conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``;
  const { rows } = await sql<RoleRow>`
    select ${COLUMNS} from ${FROM}
    where r.tenant_id = ${tenantId} and r.is_deleted = 0 ${filtered}
    order by r.sort, r.id`.execute(trx);
  return rows;
}

/**
 * The tenant's roles as tree rows, optionally without the administrator role and without one role
 * and everything below it.
 */
export async function roleNodes(
  trx: AnyTrx,
  tenantId: string,
  options: { hideAdministrator: boolean; without?: string },
): Promise<(RoleRow & { title: string })[]> {
  const hide = options.hideAdministrator ? sql`and r.role_alias <> ${ADMINISTRATOR_ROLE}` : sql``;
  const without = options.without ? sql`and r.id not in (${subtree(tenantId, [options.without])})` : sql``;
  const { rows } = await sql<RoleRow & { title: string }>`
    select ${COLUMNS}, r.role_name as title from ${FROM}
    where r.tenant_id = ${tenantId} and r.is_deleted = 0 ${hide} ${without}
    order by r.sort, r.id`.execute(trx);
  return rows;
}

/** The ids of these roles and every live role below them. */
function subtree(tenantId: string, ids: string[]) {
  return sql`
    with recursive down as (
      select id from blade_role where tenant_id = ${tenantId} and id in (${sql.join(ids)})
      union
      select c.id from blade_role c join down on c.parent_id = down.id
      where c.tenant_id = ${tenantId} and c.is_deleted = 0
    ) select id from down`;
}

/** The live roles below these roles (not the roles themselves). */
export async function descendantsOf(trx: AnyTrx, tenantId: string, ids: string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`${subtree(tenantId, ids)}`.execute(trx);
  return rows.map((r) => r.id).filter((id) => !ids.includes(id));
}

export async function findRoles(trx: AnyTrx, tenantId: string, ids: string[]): Promise<RoleRow[]> {
  const { rows } = await sql<RoleRow>`
    select ${COLUMNS} from ${FROM}
    where r.tenant_id = ${tenantId} and r.is_deleted = 0 and r.id in (${sql.join(ids)})
    order by r.sort, r.id`.execute(trx);
  return rows;
}

/**
 * Locks these roles' rows until the transaction ends, in id order (so two callers locking
 * overlapping sets cannot deadlock): grants to one role then follow one another instead of both
 * deleting the old grants and both inserting the same new pairs.
 */
export async function lockRoles(trx: AnyTrx, tenantId: string, ids: string[]): Promise<void> {
  await sql`select id from blade_role where tenant_id = ${tenantId} and id in (${sql.join(ids)})
    order by id for update`.execute(trx);
}

export async function findRole(trx: AnyTrx, tenantId: string, id: string): Promise<RoleRow | undefined> {
  return (await findRoles(trx, tenantId, [id]))[0];
}

export async function aliasTaken(trx: AnyTrx, tenantId: string, alias: string, exceptId?: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    select id from blade_role where tenant_id = ${tenantId} and is_deleted = 0 and role_alias = ${alias}
      ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`.execute(trx);
  return rows.length > 0;
}

/** Whether `nodeId` is `ancestorId` or lies below it. */
export async function isWithin(trx: AnyTrx, tenantId: string, nodeId: string, ancestorId: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    with recursive up as (
      select id, parent_id, 1 as depth from blade_role where id = ${nodeId} and tenant_id = ${tenantId}
      union all
      select r.id, r.parent_id, up.depth + 1 from blade_role r join up on r.id = up.parent_id
      where r.tenant_id = ${tenantId} and up.depth < 100
    )
    select id from up where id = ${ancestorId} limit 1`.execute(trx);
  return rows.length > 0;
}

/** Names of live child roles of these roles that are not among them. */
export async function childNames(trx: AnyTrx, tenantId: string, ids: string[]): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select role_name as name from blade_role where tenant_id = ${tenantId} and is_deleted = 0
      and parent_id in (${sql.join(ids)}) and id not in (${sql.join(ids)}) order by sort, id`.execute(trx);
  return rows.map((r) => r.name);
}

/** Names of these roles that live users of the tenant still hold (blade_user.role_id is a csv). */
export async function namesInUse(trx: AnyTrx, tenantId: string, ids: string[]): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select r.role_name as name from blade_role r where r.tenant_id = ${tenantId} and r.id in (${sql.join(ids)})
      and exists (select 1 from blade_user u where u.tenant_id = ${tenantId} and u.is_deleted = 0
        and r.id::text = any(string_to_array(u.role_id, ',')))
    order by r.sort, r.id`.execute(trx);
  return rows.map((r) => r.name);
}

function columns(values: Partial<RoleInput>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [COLUMN_OF[k as keyof RoleInput], v]),
  );
}

export async function insertRole(trx: AnyTrx, tenantId: string, values: RoleInput): Promise<string> {
  const id = nextId();
  await trx
    .insertInto('blade_role')
    .values({ ...columns(values), id, tenant_id: tenantId, is_deleted: 0 })
    .execute();
  return id;
}

export async function updateRole(trx: AnyTrx, tenantId: string, id: string, values: Partial<RoleInput>): Promise<void> {
  const set = columns(values);
  if (Object.keys(set).length === 0) return;
  await trx
    .updateTable('blade_role')
    .set(set)
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .execute();
}

export async function softDeleteRoles(trx: AnyTrx, tenantId: string, ids: string[]): Promise<void> {
  await trx
    .updateTable('blade_role')
    .set({ is_deleted: 1 })
    .where('id', 'in', ids)
    .where('tenant_id', '=', tenantId)
    .execute();
}
