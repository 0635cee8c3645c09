import { useTranslation } from 'react-i18next';
import type { MenuEntry } from './menu.ts';

/** A menu entry's name in the current language; the server's name when the catalogue has none. */
export function useMenuLabel() {
  const { t } = useTranslation();
  return (entry: Pick<MenuEntry, 'code' | 'name'>) => t(`menu.${entry.code}`, { defaultValue: entry.name });
}
