import { create } from 'zustand';
import type { MenuMeta } from '../api/menu.ts';
import { website } from '../config.ts';
import { getStore, setStore } from './storage.ts';

/** A tab of the tab bar (Saber's tag): its label key or text, and the route it shows. */
export interface Tab {
  /** A translation key (`menu.<code>`, `tagsView.home`) or, when none exists, the text itself. */
  label: string;
  /** The route, with its query. */
  value: string;
  closable: boolean;
}

export const HOME_TAB: Tab = { label: 'tagsView.home', value: website.firstPage, closable: false };

interface TabsState {
  tabs: Tab[];
  open(tab: Omit<Tab, 'closable'>): void;
  /** Closes a tab; answers the route to show when it was the active one. */
  close(value: string): string;
  closeOthers(keep: string): void;
  closeAll(): void;
  /** Closes the tabs whose route `keep` refuses (not home). */
  retain(keep: (value: string) => boolean): void;
  reset(): void;
}

/**
 * The tab a route opens (spec §2 tabs), from what is known of it: none when its meta disables tabs,
 * when it has no path or label, or when a `target` query sends it to a new window. The label is the
 * route's own, else its `name` query (the external pages).
 */
export function tabFor(
  path: string,
  query: URLSearchParams,
  known: { label?: string; meta?: MenuMeta },
): Omit<Tab, 'closable'> | null {
  if (query.has('target') || known.meta?.isTab === false) return null;
  const label = known.label || query.get('name');
  if (!path || !label) return null;
  return { label, value: query.size ? `${path}?${query}` : path };
}

// Tabs live in session storage: a browser tab keeps its own, and they end with it.
const save = (tabs: Tab[]) => setStore('tags', tabs, true);

export const useTabs = create<TabsState>()((set, get) => ({
  tabs: getStore<Tab[]>('tags') ?? [HOME_TAB],
  open(tab) {
    const { tabs } = get();
    if (tabs.some((t) => t.value === tab.value)) return;
    const next = [...tabs, { ...tab, closable: true }];
    save(next);
    set({ tabs: next });
  },
  close(value) {
    const { tabs } = get();
    if (tabs.length <= 1) return value;
    const index = tabs.findIndex((t) => t.value === value);
    const target = tabs[index];
    if (!target?.closable) return value;
    const next = tabs.filter((t) => t.value !== value);
    save(next);
    set({ tabs: next });
    return (next[index - 1] ?? next[0] ?? HOME_TAB).value;
  },
  closeOthers(keep) {
    get().retain((value) => value === keep);
  },
  closeAll() {
    get().reset();
  },
  retain(keep) {
    const next = get().tabs.filter((t) => !t.closable || keep(t.value));
    save(next);
    set({ tabs: next });
  },
  reset() {
    save([HOME_TAB]);
    set({ tabs: [HOME_TAB] });
  },
}));
