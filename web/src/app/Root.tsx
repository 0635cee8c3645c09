import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { configureHttp } from '../api/http.ts';
import { namesFollowLanguage } from './accessible-names.ts';
import { antdThemeOf, useAppearance } from './appearance.ts';
import { captureErrors } from './error-log.ts';
import { setMessageApi, showError } from './feedback.ts';
import { httpLanguage } from './i18n.ts';
import { queryClient } from './query-client.ts';
import { createRouter } from './router.tsx';
import { focusableTableScroll } from './scrollable-tables.ts';
import { useSession } from './session.ts';
import { startTokenRefresh } from './token-refresh.ts';

function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => setMessageApi(message), [message]);
  return null;
}

/** Providers (theme, antd locale, messages) around the router; wires the HTTP client to the session. */
export function Root() {
  useEffect(() => startTokenRefresh(), []);
  useEffect(() => captureErrors(), []);
  useEffect(() => focusableTableScroll(), []);
  const { themeName, color } = useAppearance();
  useEffect(() => {
    document.body.className = `theme-${themeName}`;
  }, [themeName]);
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
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} theme={antdThemeOf(themeName, color)}>
      <QueryClientProvider client={queryClient}>
        <AntApp>
          <MessageBridge />
          <RouterProvider router={router} />
        </AntApp>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
