import { sql } from 'kysely';
import { nest } from '../../../platform/crud/tree.ts';

/** A menu or button as the client sees it (BladeX MenuVO, facts §5). */
export interface MenuVO {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string | null;
  path: string | null;
  source: string | null;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string | null;
  hasChildren: boolean;
  children?: MenuVO[];
}

/**
 * The MenuVO columns of blade_menu aliased `m`, explicit so that nothing else leaks into answers; ids
 * as text, so that the rows may be read as JSON (`jsonRows`, in the order of `MENU_ORDER`).
 */
export const MENU_COLUMNS = sql`m.id::text as id, m.parent_id::text as "parentId", m.code, m.name, m.alias, m.path, m.source, m.sort,
  m.category, m.action, m.is_open as "isOpen", m.remark`;

/** The menus' order (sort, then id) over rows of MENU_COLUMNS read as JSON. */
export const MENU_ORDER = sql`t.sort, t.id::bigint`;

export type MenuRow = Omit<MenuVO, 'hasChildren' | 'children'>;

/**
 * Nests rows by parent id, keeping their order; a row whose parent is not among them becomes a root.
 * `children` is left out where there are none, as BladeX does.
 */
export function nestMenus(rows: readonly MenuRow[]): MenuVO[] {
  return nest(rows.map((row) => ({ ...row, id: String(row.id), parentId: String(row.parentId) }))) as MenuVO[];
}
