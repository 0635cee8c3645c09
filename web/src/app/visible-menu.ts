import { useMemo } from 'react';
import { type MenuEntry, visibleTo } from './menu.ts';
import { useMenu } from './menu-store.ts';
import { sessionRoles, useSession } from './session.ts';

/** The sidebar's entries for the session's roles (the menu search offers the same). */
export function useVisibleMenu(): MenuEntry[] {
  const menu = useMenu((s) => s.menu);
  const userInfo = useSession((s) => s.userInfo);
  return useMemo(() => visibleTo(menu, sessionRoles(userInfo)), [menu, userInfo]);
}
