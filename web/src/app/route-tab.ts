import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useMenu } from './menu-store.ts';
import { routeInfo } from './pages.tsx';
import { tabFor, useTabs } from './tabs.ts';

/**
 * Every route of the layout, reached from the menu or by address, opens its tab (tabFor has the
 * rules). A `target` query asks for a new window instead, which shows the route without that query
 * (with it, the new window would open another, and so on).
 */
export function useRouteTab(): void {
  const { pathname, search } = useLocation();
  const menu = useMenu((s) => s.menuAll);
  const openTab = useTabs((s) => s.open);
  useEffect(() => {
    const query = new URLSearchParams(search);
    const target = query.get('target');
    if (target) {
      query.delete('target');
      window.open(query.size ? `${pathname}?${query}` : pathname, target, 'noopener');
      return;
    }
    const known = routeInfo(pathname + search, menu);
    const tab = known && tabFor(pathname, query, known);
    if (tab) openTab(tab);
  }, [pathname, search, menu, openTab]);
}
