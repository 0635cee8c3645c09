import { Spin } from 'antd';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { MenuMeta } from '../api/menu.ts';
import { DictLayoutPage } from '../components/dict/DictLayoutPage.tsx';
import { DashboardPage } from '../pages/dashboard/DashboardPage.tsx';
import { InfoPage } from '../pages/info/InfoPage.tsx';
import { MyIframePage } from '../pages/myiframe/MyIframePage.tsx';
import { NotAvailablePage } from '../pages/not-available/NotAvailablePage.tsx';
import { TestPage } from '../pages/test/TestPage.tsx';
import { WelcomePage } from '../pages/wel/WelcomePage.tsx';
import { entryRoute, type MenuEntry, menuLeaves } from './menu.ts';
import { useMenu } from './menu-store.ts';
import { useMenuTitle } from './use-document-title.ts';

/** The pages that exist, by route. A menu path without one shows "not available" in the layout. */
const PAGES: Record<string, () => ReactNode> = {
  '/wel/index': () => <WelcomePage />,
  '/myiframe/urlPath': () => <MyIframePage />,
  '/info/index': () => <InfoPage />,
  '/wel/dashboard': () => <DashboardPage />,
  '/test/index': () => <TestPage />,
  '/dict-horizontal/index': () => <DictLayoutPage layout="horizontal" />,
  '/dict-vertical/index': () => <DictLayoutPage layout="vertical" />,
};

/**
 * Menu screens by convention: `pages/<menu path>/index.tsx` default-exports the screen of that path
 * (`pages/system/post/index.tsx` is `/system/post`), loaded when first opened.
 */
const SCREENS: Record<string, ComponentType> = Object.fromEntries(
  Object.entries(import.meta.glob<{ default: ComponentType }>('../pages/**/index.tsx')).map(([file, load]) => [
    file.slice('../pages'.length, -'/index.tsx'.length),
    lazy(load),
  ]),
);

export const isPage = (path: string) => path in PAGES || path in SCREENS;

/** Tab labels of the pages that are not menu entries. */
export const PAGE_LABELS: Record<string, string> = {
  '/wel/index': 'tagsView.home',
  '/info/index': 'info.pageTitle',
  '/wel/dashboard': 'dashboard.pageTitle',
  '/test/index': 'testPage.title',
  '/dict-horizontal/index': 'dict.horizontalTitle',
  '/dict-vertical/index': 'dict.verticalTitle',
};

const pathOf = (route: string) => route.split('?')[0] ?? route;

/** The menu entry a route (a path, or with its query for the external pages) leads to. */
const leafAt = (route: string, menu: readonly MenuEntry[]) =>
  menuLeaves(menu).find((l) => l.path === pathOf(route) || entryRoute(l) === route);

/**
 * What the layout knows of a route that exists (a page, or one of the caller's menu entries): its
 * label key and menu meta. Nothing for a route that does not exist.
 */
export function routeInfo(route: string, menu: readonly MenuEntry[]): { label?: string; meta?: MenuMeta } | undefined {
  const leaf = leafAt(route, menu);
  if (leaf) return { label: `menu.${leaf.code}`, meta: leaf.meta };
  return isPage(pathOf(route)) ? { label: PAGE_LABELS[pathOf(route)] } : undefined;
}

/** The page at the current path: a built page, a menu entry still to come, or 404. */
export function MenuRoute() {
  const { pathname } = useLocation();
  const menu = useMenu((s) => s.menuAll);
  const page = PAGES[pathname];
  const Screen = SCREENS[pathname];
  useMenuTitle(Screen && !page ? leafAt(pathname, menu) : undefined);
  if (page) return page();
  if (Screen)
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
        <Screen />
      </Suspense>
    );
  const leaf = leafAt(pathname, menu);
  if (leaf) return <NotAvailablePage entry={leaf} />;
  return <Navigate to="/404" replace />;
}
