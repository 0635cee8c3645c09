import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { LoginPage } from '../pages/login/LoginPage.tsx';
import { loadAntdLocale } from './antd/locale.ts';
import { guestOnly, homePath, notWhileLocked, requireSession } from './guard.ts';
import { i18n, loadScreenMessages } from './i18n.ts';
import { isLocked } from './lock.ts';
import { useMenu } from './menu-store.ts';
import { PlainIcon } from './PlainIcon.tsx';
import { isPage, preloadScreen } from './pages.tsx';
import { useSession } from './session.ts';

/**
 * Signed-in routes need a session and the caller's menus, read once per page load. Without a
 * session a known page sends to /login, anything else is unknown: /404 (its menu is not known yet).
 */
async function signedIn({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  if (!useSession.getState().token && !isPage(pathname)) throw redirect('/404');
  requireSession();
  notWhileLocked();
  preloadScreen(pathname);
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
      <PlainIcon icon={ExclamationCircleFilled} style={{ fontSize: 72, color: '#faad14' }} />
      <h2>{t('kiosk.failure.offline')}</h2>
      <p>{t('kiosk.hint.offline')}</p>
    </div>
  );
}

/**
 * A route drawn with antd, loaded when it is entered: its module with antd's providers, antd's
 * texts in the active language and the screens' messages, all at once. Only the login page is in
 * the first load, drawn without antd (issue 17: the login page's budget); the layout's children
 * load their own screens (MenuRoute).
 */
const withAntd = (page: () => Promise<ReactNode>) => async () => {
  const [{ AntdProviders }, element] = await Promise.all([
    import('./antd/AntdProviders.tsx'),
    page(),
    loadAntdLocale(i18n.language === 'en' ? 'en' : 'zh'),
    loadScreenMessages(),
  ]);
  return { element: <AntdProviders>{element}</AntdProviders> };
};
const layout = withAntd(async () => {
  const { MainLayout } = await import('./layout/MainLayout.tsx');
  return <MainLayout />;
});
const lockPage = withAntd(async () => {
  const { LockPage } = await import('../pages/lock/LockPage.tsx');
  return <LockPage />;
});
const kioskPage = withAntd(async () => {
  const { default: KioskPage } = await import('../pages/kiosk/KioskPage.tsx');
  return <KioskPage />;
});
const errorPage = (status: 403 | 404 | 500) =>
  withAntd(async () => {
    const { ErrorPage } = await import('../pages/error/ErrorPage.tsx');
    return <ErrorPage status={status} />;
  });
// plain markup as the login page's (issue 17), loaded when a client's sign-in request arrives
const ssoPage = async () => ({ Component: (await import('../pages/sso/SsoPage.tsx')).SsoPage });
const menuRoute = async () => ({ Component: (await import('./layout/MenuRoute.tsx')).MenuRoute });

/** The public routes of spec §2, and every other route inside the layout, resolved against the menu. */
export const routes: RouteObject[] = [
  { path: '/login', loader: guestOnly, element: <LoginPage key="login" /> },
  // a third-party provider's redirect (code, state): the login page finishes the sign-in (Saber's route), then
  // leaves for /login, a page of its own (the keys), which opens the registration dialog when the identity is new
  { path: '/oauth/redirect/:source', loader: guestOnly, element: <LoginPage key="social" /> },
  // single sign-on: a client's sign-in request, signed in or out (not while the screen is locked)
  { path: '/sso', loader: notWhileLocked, lazy: ssoPage },
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
    lazy: kioskPage,
  },
  { path: '/403', loader: notWhileLocked, lazy: errorPage(403) },
  { path: '/404', loader: notWhileLocked, lazy: errorPage(404) },
  { path: '/500', loader: notWhileLocked, lazy: errorPage(500) },
  { path: '/', loader: () => redirect('/wel') },
  {
    path: '/wel',
    loader: () => {
      requireSession();
      return redirect(homePath);
    },
  },
  { loader: signedIn, lazy: layout, children: [{ path: '*', lazy: menuRoute }] },
];

export const createRouter = () => createBrowserRouter(routes);
