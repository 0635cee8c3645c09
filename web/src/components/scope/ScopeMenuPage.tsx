import { useMemo } from 'react';
import { CrudPage } from '../crud/CrudPage.tsx';
import type { CrudResource } from '../crud/types.ts';
import { menuFields } from '../menu/menu-fields.tsx';
import { useScopeDrawer } from './ScopeDrawer.tsx';
import type { ScopeKind } from './scope-resources.ts';

const LISTED = new Set(['name', 'path', 'source', 'code', 'sort']);
const fields = menuFields.filter((f) => LISTED.has(f.name));

/**
 * /authority/datascope and /authority/apiscope: the menus (not buttons), read level by level, each
 * with its "configure" action opening the menu's scopes. The menus themselves are not changed here.
 */
export function ScopeMenuPage({ kind }: { kind: ScopeKind }) {
  const scopes = useScopeDrawer();
  const resource = useMemo<CrudResource>(
    () => ({
      api: '/blade-system/menu',
      permissions: {},
      mode: 'lazy',
      listPath: 'lazy-menu-list',
      view: false,
      fields,
      rowActions: [scopes.action(kind, 'scopes.setting')],
    }),
    [kind, scopes.action],
  );
  return (
    <>
      <CrudPage resource={resource} />
      {scopes.drawer}
    </>
  );
}
