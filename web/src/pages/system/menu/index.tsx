import { useMemo } from 'react';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';
import { isMenu, menuFields } from '../../../components/menu/menu-fields.tsx';
import { useScopeDrawer } from '../../../components/scope/ScopeDrawer.tsx';

/** /system/menu: the menu tree, read level by level; per menu, its children, data scopes and API scopes. */
export default function MenuPage() {
  const scopes = useScopeDrawer();
  const resource = useMemo<CrudResource>(
    () => ({
      api: '/blade-system/menu',
      permissions: 'menu',
      mode: 'lazy',
      fields: menuFields,
      // BladeX's top parent is 0, which the parent picker shows as no parent.
      fromRecord: (record) => ({ ...record, parentId: record.parentId === '0' ? undefined : record.parentId }),
      toSubmit: (values) => ({ ...values, parentId: values.parentId || '0' }),
      rowActions: [
        {
          label: 'menus.addChild',
          permission: 'menu_add',
          visible: isMenu,
          onClick: (row, ctx) => ctx.add({ parentId: String(row.id) }),
        },
        scopes.action('data', 'menus.dataScopes'),
        scopes.action('api', 'menus.apiScopes'),
      ],
    }),
    [scopes.action],
  );
  return (
    <>
      <CrudPage resource={resource} />
      {scopes.drawer}
    </>
  );
}
