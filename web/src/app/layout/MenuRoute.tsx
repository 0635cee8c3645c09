import { Spin } from 'antd';
import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMenu } from '../menu-store.ts';
import { isPage, leafAt, mayOpen, NotAvailablePage, PAGES, ProcessPage, processLabel, SCREENS } from '../pages.tsx';
import { useSession } from '../session.ts';
import { subRoute } from '../sub-routes.ts';
import { useMenuTitle } from '../use-document-title.ts';

/**
 * The page at the current path: a built page, a process page, a page of a screen's record, a menu
 * entry still to come, 403 for a page outside the caller's menu, or 404.
 */
export function MenuRoute() {
  const { pathname } = useLocation();
  const menu = useMenu((s) => s.menuAll);
  // The session just ended (its menu is gone): the way to /login is under way, nothing to judge.
  const signedIn = useSession((s) => Boolean(s.token));
  const page = PAGES[pathname];
  // a page of a screen's record is drawn by that screen (app/sub-routes.ts)
  const sub = subRoute(pathname);
  const Screen = SCREENS[sub?.parent ?? pathname];
  useMenuTitle(Screen && !page ? leafAt(pathname, menu) : undefined);
  if (!signedIn) return null;
  if (isPage(pathname) && !mayOpen(pathname, menu)) return <Navigate to="/403" replace />;
  if (page || Screen)
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
        {/* keyed by the path: another record's page starts afresh */}
        {page ? page() : Screen && <Screen key={sub ? pathname : undefined} />}
      </Suspense>
    );
  const leaf = leafAt(pathname, menu);
  const process = processLabel(pathname);
  if (!leaf && !process) return <Navigate to="/404" replace />;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
      {process ? <ProcessPage /> : leaf && <NotAvailablePage labelKey={`menu.${leaf.code}`} name={leaf.name} />}
    </Suspense>
  );
}
