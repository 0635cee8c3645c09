import type { Locale } from 'antd/es/locale';
import { useEffect, useState } from 'react';
import type { Language } from '../i18n.ts';

// antd's texts (pagination, pickers, empty tables…) of the active language only: the other one loads
// when the language changes to it (issue 17).
const LOADERS: Record<Language, () => Promise<{ default: Locale }>> = {
  zh: () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
};
const loaded = new Map<Language, Locale>();

export async function loadAntdLocale(language: Language): Promise<Locale> {
  const known = loaded.get(language);
  if (known) return known;
  const locale = (await LOADERS[language]()).default;
  loaded.set(language, locale);
  return locale;
}

/** antd's locale of a language: the last one loaded until its own has come. */
export function useAntdLocale(language: Language): Locale | undefined {
  const [shown, setShown] = useState(() => loaded.get(language));
  useEffect(() => {
    let current = true;
    loadAntdLocale(language).then(
      (locale) => current && setShown(locale),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language]);
  return loaded.get(language) ?? shown;
}
