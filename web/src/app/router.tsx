import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { ErrorPage } from '../pages/error/ErrorPage.tsx';
import { LoginPage } from '../pages/login/LoginPage.tsx';
import { WelcomePage } from '../pages/wel/WelcomePage.tsx';
import { guestOnly, homePath, requireSession } from './guard.ts';

/** The public routes of spec §2 and the home page; the menu-built routes join in the web shell issue. */
export const routes: RouteObject[] = [
  { path: '/login', loader: guestOnly, element: <LoginPage /> },
  { path: '/403', element: <ErrorPage status={403} /> },
  { path: '/404', element: <ErrorPage status={404} /> },
  { path: '/500', element: <ErrorPage status={500} /> },
  { path: '/', loader: () => redirect('/wel') },
  {
    path: '/wel',
    loader: () => {
      requireSession();
      return redirect(homePath);
    },
  },
  { path: homePath, loader: requireSession, element: <WelcomePage /> },
  { path: '*', loader: () => redirect('/404') },
];

export const createRouter = () => createBrowserRouter(routes);
