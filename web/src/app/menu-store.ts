import { create } from 'zustand';
import { fetchButtons, fetchRoutes } from '../api/menu.ts';
import { type MenuEntry, permissionCodes, toEntries } from './menu.ts';
import { getStore, setStore } from './storage.ts';

interface MenuState {
  /** The sidebar's menu: all of the caller's, or a top menu's part of it. */
  menu: MenuEntry[];
  /** All of the caller's menu: the pages they may open, whichever top menu is chosen. */
  menuAll: MenuEntry[];
  permissions: Record<string, true>;
  loaded: boolean;
  /** Reads the caller's menus (of a top menu, for the sidebar) and buttons from the server. */
  load(topMenuId?: string): Promise<void>;
  clear(): void;
}

export const useMenu = create<MenuState>()((set) => ({
  menu: getStore<MenuEntry[]>('menu') ?? [],
  menuAll: getStore<MenuEntry[]>('menuAll') ?? [],
  permissions: getStore<Record<string, true>>('permission') ?? {},
  loaded: false,
  async load(topMenuId) {
    const [routes, buttons] = await Promise.all([fetchRoutes(topMenuId), fetchButtons()]);
    const menu = toEntries(routes);
    const permissions = Object.fromEntries(permissionCodes(buttons).map((code) => [code, true as const]));
    setStore('menu', menu);
    setStore('permission', permissions);
    if (topMenuId) return set({ menu, permissions, loaded: true });
    setStore('menuAll', menu);
    set({ menu, menuAll: menu, permissions, loaded: true });
  },
  clear() {
    set({ menu: [], menuAll: [], permissions: {}, loaded: false });
  },
}));
