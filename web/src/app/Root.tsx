import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { configureHttp } from '../api/http.ts';
import { namesFollowLanguage } from './accessible-names.ts';
import { accentFill, useAppearance } from './appearance.ts';
import { captureErrors } from './error-log.ts';
import { showError } from './feedback.ts';
import { httpLanguage } from './i18n.ts';
import { queryClient } from './query-client.ts';
import { createRouter } from './router.tsx';
import { focusableTableScroll } from './scrollable-tables.ts';
import { useSession } from './session.ts';
import { startTokenRefresh } from './token-refresh.ts';

// The holder of the error messages (feedback.ts), with antd: mounted after the first paint, so the
// login page shows without antd (issue 17); what is said before it comes waits for it.
const AntdFeedback = lazy(() => import('./antd/AntdProviders.tsx'));

/**
 * The router, the query cache and the error messages' holder; wires the HTTP client to the session.
 * antd's providers wrap each page drawn with antd (router.tsx `withAntd`), not the login page.
 */
export function Root() {
  useEffect(() => startTokenRefresh(), []);
  useEffect(() => captureErrors(), []);
  useEffect(() => focusableTableScroll(), []);
  const { themeName, color } = useAppearance();
  useEffect(() => {
    document.body.className = `theme-${themeName}`;
    // the accent of the pages drawn without antd (the login page's button and focus ring)
    document.body.style.setProperty('--cw-accent', accentFill(color));
    document.body.style.setProperty('--cw-accent-hover', accentFill(color, 0.7));
  }, [themeName, color]);
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  const { i18n } = useTranslation();
  // again with each language: the labels it gives change with it
  const language = i18n.language;
  useEffect(() => namesFollowLanguage((key, values) => i18n.t(key, { ...values, lng: language })), [i18n, language]);
  // The HTTP client is wired before the router exists: its first loaders already call the server.
  const router = useMemo(() => {
    let created: ReturnType<typeof createRouter> | undefined;
    configureHttp({
      token: () => useSession.getState().token,
      language: httpLanguage,
      showError,
      onUnauthorized: () => {
        useSession.getState().signOutLocally();
        void created?.navigate('/login');
      },
    });
    created = createRouter();
    return created;
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {painted && (
        <Suspense>
          <AntdFeedback />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
