import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from './menu.ts';
import { useMenuLabel } from './menu-label.ts';

/**
 * The page title: the translated page label (`fallback` where the catalogue has none), then the product
 * name (Saber's `label - title`).
 */
export function useDocumentTitle(labelKey: string, fallback?: string): void {
  const { t } = useTranslation(); // t changes with the language, so the title follows it
  useEffect(() => {
    document.title = `${t(labelKey, { defaultValue: fallback ?? labelKey })} - ${t('title')}`;
  }, [t, labelKey, fallback]);
}

/** A menu screen's title: its menu name in the current language (the screens set none of their own). */
export function useMenuTitle(entry: Pick<MenuEntry, 'code' | 'name'> | undefined): void {
  const { t } = useTranslation();
  const label = useMenuLabel();
  const name = entry && label(entry);
  useEffect(() => {
    if (name) document.title = `${name} - ${t('title')}`;
  }, [name, t]);
}
