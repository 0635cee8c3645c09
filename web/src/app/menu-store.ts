import { create } from 'zustand';
import { fetchButtons, fetchRoutes } from '../api/menu.ts';
import { type MenuEntry, permissionCodes, toEntries } from './menu.ts';
import { getStore, setStore } from './storage.ts';

interface MenuState {
  menu: MenuEntry[];
  permissions: Record<string, true>;
  loaded: boolean;
  /** Reads the caller's menus and buttons from the server (after sign-in, or a reload). */
  load(topMenuId?: string): Promise<void>;
  clear(): void;
}

export const useMenu = create<MenuState>()((set) => ({
  menu: getStore<MenuEntry[]>('menu') ?? [],
  permissions: getStore<Record<string, true>>('permission') ?? {},
  loaded: false,
  async load(topMenuId) {
    const [routes, buttons] = await Promise.all([fetchRoutes(topMenuId), fetchButtons()]);
    const menu = toEntries(routes);
    const permissions = Object.fromEntries(permissionCodes(buttons).map((code) => [code, true as const]));
    setStore('menu', menu);
    setStore('permission', permissions);
    set({ menu, permissions, loaded: true });
  },
  clear() {
    set({ menu: [], permissions: {}, loaded: false });
  },
}));
