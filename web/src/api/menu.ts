import { type Envelope, http } from './http.ts';

/** Saber's route meta, for a menu that carries one (BladeX's MenuVO has none: the server sends none yet). */
export interface MenuMeta {
  /** The role aliases that see the entry in the menu; without it, everyone does. */
  roles?: string[];
  /** false: the page opens no tab. */
  isTab?: boolean;
}

/** A menu of the caller as `/api/blade-system/menu/routes` answers it (BladeX MenuVO). */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  path: string | null;
  source: string | null;
  sort: number;
  category: number;
  isOpen: number;
  meta?: MenuMeta;
  children?: MenuNode[];
}

export const fetchRoutes = (topMenuId?: string) =>
  http<Envelope<MenuNode[]>>({ url: '/blade-system/menu/routes', params: { topMenuId } }).then((r) => r.data ?? []);

export const fetchButtons = () =>
  http<Envelope<MenuNode[]>>({ url: '/blade-system/menu/buttons' }).then((r) => r.data ?? []);

/** Ends the session on the server; a failure does not keep anyone signed in. */
export const logoutOnServer = () => http({ url: '/blade-auth/oauth/logout' }).catch(() => undefined);

/** Empties the server's caches of the caller's permissions (`GET /api/blade-auth/oauth/clear-cache`). */
export const clearServerCache = () => http({ url: '/blade-auth/oauth/clear-cache' });

export interface TopMenu {
  id: string;
  code: string;
  name: string;
  source: string | null;
  sort: number;
}

/** The caller's tenant's top menus (`GET /api/blade-system/menu/top-menu`). */
export const fetchTopMenus = () =>
  http<Envelope<TopMenu[]>>({ url: '/blade-system/menu/top-menu' }).then((r) => r.data ?? []);
