import { type ComponentType, lazy, type ReactNode } from 'react';
import type { MenuMeta } from '../api/menu.ts';
import { entryRoute, type MenuEntry, menuLeaves } from './menu.ts';
import { menuTabLabel } from './menu-label.ts';
import { processRoute } from './process-routes.ts';
import { subRoute } from './sub-routes.ts';

// Each page is loaded when first opened, so the first load carries none of them (issue 17).
const WelcomePage = lazy(() => import('../pages/wel/WelcomePage.tsx').then((m) => ({ default: m.WelcomePage })));
const MyIframePage = lazy(() =>
  import('../pages/myiframe/MyIframePage.tsx').then((m) => ({ default: m.MyIframePage })),
);
const InfoPage = lazy(() => import('../pages/info/InfoPage.tsx').then((m) => ({ default: m.InfoPage })));
const DashboardPage = lazy(() =>
  import('../pages/dashboard/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })),
);
const TestPage = lazy(() => import('../pages/test/TestPage.tsx').then((m) => ({ default: m.TestPage })));
export const NotAvailablePage = lazy(() =>
  import('../pages/not-available/NotAvailablePage.tsx').then((m) => ({ default: m.NotAvailablePage })),
);
const DictLayoutPage = lazy(() =>
  import('../components/dict/DictLayoutPage.tsx').then((m) => ({ default: m.DictLayoutPage })),
);

/** The pages that exist, by route. A menu path without one shows "not available" in the layout. */
export const PAGES: Record<string, () => ReactNode> = {
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
const SCREEN_LOADERS: Record<string, () => Promise<{ default: ComponentType }>> = Object.fromEntries(
  Object.entries(import.meta.glob<{ default: ComponentType }>('../pages/**/index.tsx')).map(([file, load]) => [
    file.slice('../pages'.length, -'/index.tsx'.length),
    load,
  ]),
);
export const SCREENS: Record<string, ComponentType> = Object.fromEntries(
  Object.entries(SCREEN_LOADERS).map(([path, load]) => [path, lazy(load)]),
);

/**
 * Starts loading the screen of an address opened directly (a reload, a link) alongside the layout,
 * not after it: the page's chunks would otherwise wait for the layout's.
 */
export function preloadScreen(path: string): void {
  SCREEN_LOADERS[path]?.().catch(() => undefined); // a failure shows when the screen is drawn
}

/** The process pages (the leave pages of spec §2, an outbound request's): one page draws them. */
export const processLabel = (path: string) => processRoute(path)?.label;
export const ProcessPage = lazy(() => import('../pages/work/process/ProcessPage.tsx'));

/** Built pages that show data of a menu screen: open to those whose menu holds that screen. */
const PAGE_NEEDS: Record<string, string> = {
  '/dict-horizontal/index': '/system/dict',
  '/dict-vertical/index': '/system/dict',
};

export const isPage = (path: string) =>
  path in PAGES || path in SCREENS || processLabel(path) !== undefined || subRoute(path) !== undefined;

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
export const leafAt = (route: string, menu: readonly MenuEntry[]) =>
  menuLeaves(menu).find((l) => l.path === pathOf(route) || entryRoute(l) === route);

/**
 * What the layout knows of a route that exists (a page, or one of the caller's menu entries): its
 * label key and menu meta. Nothing for a route that does not exist.
 */
export function routeInfo(route: string, menu: readonly MenuEntry[]): { label?: string; meta?: MenuMeta } | undefined {
  const leaf = leafAt(route, menu);
  if (leaf) return { label: menuTabLabel(leaf), meta: leaf.meta };
  const path = pathOf(route);
  return isPage(path) ? { label: PAGE_LABELS[path] ?? processLabel(path) ?? subRoute(path)?.label } : undefined;
}

/**
 * Whether the caller may open a path (spec §2 and issue 15): the fixed pages (home, personal info,
 * the dashboard, the process pages) are everyone's; a menu screen, or a page showing one's data (a
 * sub-page of its records), only when their menu holds it. Hidden entries (meta roles) stay reachable by address, as in Saber.
 */
export function mayOpen(path: string, menu: readonly MenuEntry[]): boolean {
  const needs = PAGE_NEEDS[path] ?? subRoute(path)?.parent ?? (path in PAGES || processLabel(path) ? undefined : path);
  return needs === undefined || leafAt(needs, menu) !== undefined;
}
