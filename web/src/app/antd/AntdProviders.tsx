import { App as AntApp, ConfigProvider } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppearance } from '../appearance.ts';
import { setMessageApi } from '../feedback.ts';
import type { Language } from '../i18n.ts';
import { useAntdLocale } from './locale.ts';
import { usePrefersReducedMotion } from './reduced-motion.ts';
import { antdThemeOf } from './theme.ts';

/**
 * antd's providers (theme, locale, App for message/modal/notification) around a page drawn with
 * antd. Loaded with such a page, never by the login page (issue 17); see router.tsx `withAntd`.
 */
export function AntdProviders({ children }: { children?: ReactNode }) {
  const { themeName, color } = useAppearance();
  const { i18n } = useTranslation();
  const locale = useAntdLocale(i18n.language as Language);
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => antdThemeOf(themeName, color, reducedMotion), [themeName, color, reducedMotion]);
  // ConfigProvider wraps its children in a locale provider only once it has a locale, so children drawn
  // before it came would be mounted a second time when it does: a page's state, and a message shown in
  // between (a sign-in's refusal), lost. The first language's texts load in a moment; nothing is drawn until.
  if (!locale) return null;
  return (
    <ConfigProvider locale={locale} theme={theme}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => setMessageApi(message), [message]);
  return null;
}

/** The holder of the messages code outside components shows (feedback.ts): one for every page. */
export default function AntdFeedback() {
  return (
    <AntdProviders>
      <MessageBridge />
    </AntdProviders>
  );
}
