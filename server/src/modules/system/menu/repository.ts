import { expressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import { jsonRows } from '../../../platform/db/json-rows.ts';
import { nextId } from '../../../platform/db/snowflake.ts';
import { type FilterField, filterConditions } from '../../../platform/http/query.ts';
import type { AnyDb, AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import type { MenuInput } from './schema.ts';
import { MENU_COLUMNS, MENU_ORDER, type MenuRow } from './vo.ts';

// The queries of the menu screens (blade_menu is platform-wide: no tenant, no audit columns).

type Db = AnyDb | AnyTrx;

const FIELDS: Record<string, FilterField> = {
  id: { column: 'id', kind: 'id' },
  parentId: { column: 'parent_id', kind: 'id' },
  code: { column: 'code', kind: 'text' },
  name: { column: 'name', kind: 'text' },
  alias: { column: 'alias', kind: 'text' },
  path: { column: 'path', kind: 'text' },
  source: { column: 'source', kind: 'text' },
  sort: { column: 'sort', kind: 'int' },
  category: { column: 'category', kind: 'int' },
  action: { column: 'action', kind: 'int' },
  isOpen: { column: 'is_open', kind: 'int' },
  remark: { column: 'remark', kind: 'text' },
};

const COLUMNS: Record<keyof MenuInput, string> = {
  parentId: 'parent_id',
  code: 'code',
  name: 'name',
  alias: 'alias',
  path: 'path',
  source: 'source',
  sort: 'sort',
  category: 'category',
  action: 'action',
  isOpen: 'is_open',
  remark: 'remark',
};

/** The BladeX map-style filters of a query, as one condition (true when there are none). */
function filters(query: Record<string, unknown>): RawBuilder<SqlBool> {
  // biome-ignore lint/suspicious/noExplicitAny: filters apply to blade_menu, which has no declared type
  const conditions = filterConditions(expressionBuilder<any, any>(), query, FIELDS, 'map');
  return conditions.length ? sql<SqlBool>`(${sql.join(conditions, sql` and `)})` : sql<SqlBool>`true`;
}

export type MenuListRow = MenuRow & { hasChildren?: boolean };

/** Live menus matching the filters, by sort; `menusOnly` keeps category 1. */
export function listMenus(trx: Db, query: Record<string, unknown>, menusOnly: boolean): Promise<MenuRow[]> {
  return jsonRows<MenuRow>(
    trx,
    sql`select ${MENU_COLUMNS} from blade_menu m
      where m.is_deleted = 0 and ${filters(query)} ${menusOnly ? sql`and m.category = 1` : sql``}`,
    MENU_ORDER,
  );
}

/** One level of the tree (or, when filters are given without a parent, every match), marked with hasChildren. */
export async function lazyMenus(
  trx: Db,
  query: Record<string, unknown>,
  parentId: string | undefined,
  menusOnly: boolean,
): Promise<MenuListRow[]> {
  const { parentId: _, ...rest } = query;
  const searching = Object.values(rest).some((v) => typeof v === 'string' && v.trim() !== '');
  const parent = parentId ?? (searching ? undefined : '0');
  const category = menusOnly ? sql`and m.category = 1` : sql``;
  const childCategory = menusOnly ? sql`and c.category = 1` : sql``;
  const { rows } = await sql<MenuListRow>`
    select ${MENU_COLUMNS}, exists (select 1 from blade_menu c
      where c.parent_id = m.id and c.is_deleted = 0 ${childCategory}) as "hasChildren"
    from blade_menu m
    where m.is_deleted = 0 and ${filters(rest)} ${category}
      ${parent === undefined ? sql`` : sql`and m.parent_id = ${parent}`}
    order by m.sort, m.id`.execute(trx);
  return rows;
}

/** Category-1 menus (and buttons when asked) as tree nodes, limited to a package's menus when given. */
export async function menuNodes(
  trx: Db,
  packageLimit?: RawBuilder<SqlBool>,
  buttons = false,
): Promise<{ id: string; parentId: string; title: string }[]> {
  const { rows } = await sql<{ id: string; parentId: string; title: string }>`
    select m.id, m.parent_id as "parentId", m.name as title from blade_menu m
    where m.is_deleted = 0 ${buttons ? sql`` : sql`and m.category = 1`} and ${packageLimit ?? sql<SqlBool>`true`}
    order by m.sort, m.id`.execute(trx);
  return rows;
}

export async function findMenu(trx: Db, id: string): Promise<(MenuRow & { parentName: string | null }) | undefined> {
  const { rows } = await sql<MenuRow & { parentName: string | null }>`
    select ${MENU_COLUMNS}, p.name as "parentName" from blade_menu m
    left join blade_menu p on p.id = m.parent_id and p.is_deleted = 0
    where m.id = ${id} and m.is_deleted = 0`.execute(trx);
  return rows[0];
}

/** Another live menu with this code, or a category-1 sibling with this name. */
export async function clash(
  trx: Db,
  values: { code: string; name: string; parentId: string; category: number },
  exceptId?: string,
): Promise<'code' | 'name' | undefined> {
  const except = exceptId ? sql`and m.id <> ${exceptId}` : sql``;
  const { rows } = await sql<{ code: string }>`
    select m.code from blade_menu m where m.is_deleted = 0 ${except} and (m.code = ${values.code}
      or (${values.category} = 1 and m.category = 1 and m.parent_id = ${values.parentId} and m.name = ${values.name}))
    limit 1`.execute(trx);
  if (!rows[0]) return undefined;
  return rows[0].code === values.code ? 'code' : 'name';
}

/** Whether `nodeId` is `ancestorId` or lies below it. */
export async function isWithin(trx: Db, nodeId: string, ancestorId: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    with recursive up as (
      select id, parent_id, 1 as depth from blade_menu where id = ${nodeId}
      union all
      select m.id, m.parent_id, up.depth + 1 from blade_menu m join up on m.id = up.parent_id where up.depth < 100
    )
    select id from up where id = ${ancestorId} limit 1`.execute(trx);
  return rows.length > 0;
}

export async function hasLiveChildren(trx: Db, ids: string[]): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    select id from blade_menu where is_deleted = 0 and parent_id in (${sql.join(ids)})
      and id not in (${sql.join(ids)}) limit 1`.execute(trx);
  return rows.length > 0;
}

export async function liveMenuIds(trx: Db, ids: string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select id from blade_menu where is_deleted = 0 and id in (${sql.join(ids)})`.execute(trx);
  return rows.map((r) => r.id);
}

function columns(values: Partial<MenuInput>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [COLUMNS[k as keyof MenuInput], v]),
  );
}

export async function insertMenu(trx: AnyTrx, values: MenuInput): Promise<string> {
  const id = nextId();
  await trx
    .insertInto('blade_menu')
    .values({ ...columns(values), id, is_deleted: 0 })
    .execute();
  return id;
}

export async function updateMenu(trx: AnyTrx, id: string, values: Partial<MenuInput>): Promise<void> {
  const set = columns(values);
  if (Object.keys(set).length === 0) return;
  await trx.updateTable('blade_menu').set(set).where('id', '=', id).where('is_deleted', '=', 0).execute();
}

export async function softDeleteMenus(trx: AnyTrx, ids: string[]): Promise<void> {
  await trx.updateTable('blade_menu').set({ is_deleted: 1 }).where('id', 'in', ids).execute();
}
