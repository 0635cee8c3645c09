import { Spin } from 'antd';
import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMenu } from '../menu-store.ts';
import {
  isPage,
  leafAt,
  mayOpen,
  NotAvailablePage,
  PAGES,
  ProcessPage,
  processLabel,
  SCREENS,
  subPageOf,
} from '../pages.tsx';
import { useSession } from '../session.ts';
import { subRoute } from '../sub-routes.ts';
import { useMenuTitle } from '../use-document-title.ts';

/**
 * The page at the current path: a built page, a process page, a page of a screen's record, a menu entry still to come, 403 for a
 * page outside the caller's menu, or 404.
 */
export function MenuRoute() {
  const { pathname } = useLocation();
  const menu = useMenu((s) => s.menuAll);
  // The session just ended (its menu is gone): the way to /login is under way, nothing to judge.
  const signedIn = useSession((s) => Boolean(s.token));
  const page = PAGES[pathname];
  const Screen = SCREENS[pathname];
  const sub = subRoute(pathname);
  const SubPage = sub && subPageOf(sub);
  useMenuTitle(Screen && !page ? leafAt(pathname, menu) : undefined);
  if (!signedIn) return null;
  if (isPage(pathname) && !mayOpen(pathname, menu)) return <Navigate to="/403" replace />;
  if (page || Screen)
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
        {page ? page() : Screen && <Screen />}
      </Suspense>
    );
  if (sub && SubPage)
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
        {/* keyed by the path: another record's page starts afresh */}
        <SubPage key={pathname} route={sub} />
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
