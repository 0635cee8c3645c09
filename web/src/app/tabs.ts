import { create } from 'zustand';
import { website } from '../config.ts';
import { getStore, setStore } from './storage.ts';

/** A tab of the tab bar (Saber's tag): its label key or text, and the route it shows. */
export interface Tab {
  /** A translation key (`menu.<code>`, `tagsView.home`) or, when none exists, the text itself. */
  label: string;
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
  reset(): void;
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
    const next = get().tabs.filter((t) => !t.closable || t.value === keep);
    save(next);
    set({ tabs: next });
  },
  closeAll() {
    save([HOME_TAB]);
    set({ tabs: [HOME_TAB] });
  },
  reset() {
    save([HOME_TAB]);
    set({ tabs: [HOME_TAB] });
  },
}));
