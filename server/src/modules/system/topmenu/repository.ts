import { sql } from 'kysely';
import { nextId } from '../../../platform/db/snowflake.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

// Queries beside the CRUD declaration: the caller's top menus and their menu settings.

export interface TopMenuRow {
  id: string;
  tenantId: string;
  code: string;
  name: string;
  source: string | null;
  path: string | null;
  sort: number;
}

/** The live top menus of a tenant, by sort (the top bar). */
export async function topMenusOf(trx: AnyTrx, tenantId: string): Promise<TopMenuRow[]> {
  const { rows } = await sql<TopMenuRow>`
    select id, tenant_id as "tenantId", code, name, source, path, sort from blade_top_menu
    where tenant_id = ${tenantId} and is_deleted = 0 order by sort, id`.execute(trx);
  return rows;
}

/** Of these ids, the ones that are not live top menus of the tenant. */
export async function unknownTopMenus(trx: AnyTrx, tenantId: string, ids: string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select id from blade_top_menu where tenant_id = ${tenantId} and is_deleted = 0
      and id in (${sql.join(ids)})`.execute(trx);
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** The live menus set under these top menus, as string ids. */
export async function settingMenuIds(trx: AnyTrx, topMenuIds: string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select distinct s.menu_id::text as id from blade_top_menu_setting s
    join blade_menu m on m.id = s.menu_id and m.is_deleted = 0
    where s.top_menu_id in (${sql.join(topMenuIds)}) order by 1`.execute(trx);
  return rows.map((r) => r.id);
}

export async function liveMenuIds(trx: AnyTrx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    select id from blade_menu where is_deleted = 0 and id in (${sql.join(ids)})`.execute(trx);
  return rows.map((r) => r.id);
}

/** Replaces the menu settings of the top menus with these menus. */
export async function replaceSettings(trx: AnyTrx, topMenuIds: string[], menuIds: string[]): Promise<void> {
  await sql`delete from blade_top_menu_setting where top_menu_id in (${sql.join(topMenuIds)})`.execute(trx);
  const rows = topMenuIds.flatMap((top) => menuIds.map((menu) => ({ id: nextId(), top_menu_id: top, menu_id: menu })));
  if (rows.length) await trx.insertInto('blade_top_menu_setting').values(rows).execute();
}
