import { Drawer } from 'antd';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenuLabel } from '../../app/menu-label.ts';
import { CrudPage } from '../crud/CrudPage.tsx';
import type { Row, RowAction } from '../crud/types.ts';
import { isMenu } from '../menu/menu-fields.tsx';
import { SCOPES, type ScopeKind } from './scope-resources.ts';

interface Props {
  kind: ScopeKind;
  /** The menu whose scopes are shown (a row of the menu list). */
  menu: Row;
  onClose(): void;
}

/** The data or API scopes of one menu: their list and form, every row and new one bound to the menu. */
export function ScopeDrawer({ kind, menu, onClose }: Props) {
  const { t } = useTranslation();
  const label = useMenuLabel();
  const menuId = String(menu.id);
  const fixedParams = useMemo(() => ({ menuId }), [menuId]);
  // A new scope starts with the menu's code as its resource code, as the original does.
  const fixedValues = useMemo(() => ({ menuId, resourceCode: menu.code }), [menuId, menu.code]);
  const name = label({ code: String(menu.code ?? ''), name: String(menu.name ?? '') });
  return (
    <Drawer open size={1000} title={`${t(SCOPES[kind].title)} · ${name}`} onClose={onClose} destroyOnHidden>
      <CrudPage resource={SCOPES[kind].resource} fixedParams={fixedParams} fixedValues={fixedValues} />
    </Drawer>
  );
}

/** A screen's way to open the drawer from its rows: the drawer element to render, and row actions that open it. */
export function useScopeDrawer(): { drawer: ReactNode; action(kind: ScopeKind, label: string): RowAction } {
  const [shown, setShown] = useState<{ kind: ScopeKind; menu: Row } | null>(null);
  const drawer = shown && <ScopeDrawer kind={shown.kind} menu={shown.menu} onClose={() => setShown(null)} />;
  const action = useCallback(
    (kind: ScopeKind, label: string): RowAction => ({
      label,
      permission: SCOPES[kind].permission,
      // Scopes hang on menus, not on buttons.
      visible: isMenu,
      onClick: (menu) => setShown({ kind, menu }),
    }),
    [],
  );
  return { drawer, action };
}
