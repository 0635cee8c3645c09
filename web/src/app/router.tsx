import { ExclamationCircleFilled } from '@ant-design/icons';
import { Spin } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { LoginPage } from '../pages/login/LoginPage.tsx';
import { guestOnly, homePath, notWhileLocked, requireSession } from './guard.ts';
import { isLocked } from './lock.ts';
import { useMenu } from './menu-store.ts';
import { isPage, MenuRoute } from './pages.tsx';
import { useSession } from './session.ts';

/**
 * Signed-in routes need a session and the caller's menus, read once per page load. Without a
 * session a known page sends to /login, anything else is unknown: /404 (its menu is not known yet).
 */
async function signedIn({ request }: LoaderFunctionArgs) {
  if (!useSession.getState().token && !isPage(new URL(request.url).pathname)) throw redirect('/404');
  requireSession();
  notWhileLocked();
  if (!useMenu.getState().loaded) {
    try {
      await useMenu.getState().load();
    } catch {
      // a 401 has already ended the session; anything else keeps the menus of the last load
      requireSession();
    }
  }
  return null;
}

// The kiosk is a page of its own (a touch screen without the layout), loaded only where it runs.
const KioskPage = lazy(() => import('../pages/kiosk/KioskPage.tsx'));

/**
 * A kiosk whose page failed (its code could not be loaded: the network, or a new version deployed)
 * says so and loads the page again after a while, as nobody is there to press reload.
 */
function KioskReload() {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => window.location.reload(), 15_000);
    return () => clearTimeout(timer);
  }, []);
  // plain markup, not antd's Result: that would put its 403/404/500 pictures in the first load
  return (
    <div role="alert" style={{ textAlign: 'center', padding: 48 }}>
      <ExclamationCircleFilled style={{ fontSize: 72, color: '#faad14' }} />
      <h2>{t('kiosk.failure.offline')}</h2>
      <p>{t('kiosk.hint.offline')}</p>
    </div>
  );
}

// Only the login page is in the first load; the layout and the other pages load with their route,
// alongside its loader (issue 17: the login page's budget).
const layout = async () => ({ Component: (await import('./layout/MainLayout.tsx')).MainLayout });
const lockPage = async () => ({ Component: (await import('../pages/lock/LockPage.tsx')).LockPage });
const ErrorPageLoaded = lazy(() => import('../pages/error/ErrorPage.tsx').then((m) => ({ default: m.ErrorPage })));
const errorPage = (status: 403 | 404 | 500) => (
  <Suspense>
    <ErrorPageLoaded status={status} />
  </Suspense>
);

/** The public routes of spec §2, and every other route inside the layout, resolved against the menu. */
export const routes: RouteObject[] = [
  { path: '/login', loader: guestOnly, element: <LoginPage /> },
  {
    path: '/lock',
    loader: () => {
      requireSession();
      return isLocked() ? null : redirect('/');
    },
    lazy: lockPage,
  },
  {
    path: '/warehouse/outWarehouse',
    errorElement: <KioskReload />,
    element: (
      <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: 96 }} />}>
        <KioskPage />
      </Suspense>
    ),
  },
  { path: '/403', loader: notWhileLocked, element: errorPage(403) },
  { path: '/404', loader: notWhileLocked, element: errorPage(404) },
  { path: '/500', loader: notWhileLocked, element: errorPage(500) },
  { path: '/', loader: () => redirect('/wel') },
  {
    path: '/wel',
    loader: () => {
      requireSession();
      return redirect(homePath);
    },
  },
  { loader: signedIn, lazy: layout, children: [{ path: '*', element: <MenuRoute /> }] },
];

export const createRouter = () => createBrowserRouter(routes);
