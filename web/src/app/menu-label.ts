import { useTranslation } from 'react-i18next';
import { i18n } from './i18n.ts';
import type { MenuEntry } from './menu.ts';

/** A menu entry's name in the current language; the server's name when the catalogue has none. */
export function useMenuLabel() {
  const { t } = useTranslation();
  return (entry: Pick<MenuEntry, 'code' | 'name'>) => t(`menu.${entry.code}`, { defaultValue: entry.name });
}

/**
 * A menu entry's label as a tab keeps it: its catalogue key, which follows the language, or the
 * server's name for an entry the catalogue does not know (one an administrator added).
 */
export const menuTabLabel = (entry: Pick<MenuEntry, 'code' | 'name'>) =>
  i18n.exists(`menu.${entry.code}`) ? `menu.${entry.code}` : entry.name;
