import type { CrudResource } from '../../../platform/crud/resource.ts';
import { topMenuMessages as m } from './messages.ts';
import { topMenuInput } from './schema.ts';

/** Top menus: a tenant's groups of menus shown across the top bar (BladeX TopMenu, entity-style filters). */
export const topMenuResource: CrudResource = {
  table: 'blade_top_menu',
  tenantScoped: true,
  fields: {
    code: { column: 'code', kind: 'text' },
    name: { column: 'name', kind: 'text' },
    source: { column: 'source', kind: 'text' },
    path: { column: 'path', kind: 'text' },
    sort: { column: 'sort', kind: 'int' },
  },
  filterStyle: 'entity',
  defaultOrder: [{ field: 'sort', direction: 'asc' }],
  input: topMenuInput,
  // No partial unique index backs this yet (see the report); the check still answers 409.
  unique: [{ fields: ['code'], index: 'blade_top_menu_code', message: m['topmenu.code.exists'] }],
  permissions: {
    read: ['topmenu', 'topmenu_view'],
    add: 'topmenu_add',
    edit: 'topmenu_edit',
    remove: 'topmenu_delete',
  },
};
