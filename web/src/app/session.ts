import { create } from 'zustand';
import { useMenu } from './menu-store.ts';
import { queryClient } from './query-client.ts';
import { getStore, removeStore, setStore } from './storage.ts';
import { useTabs } from './tabs.ts';

/** The token answer of the server as the client keeps it. */
export interface UserInfo {
  tenant_id?: string;
  user_id?: string;
  user_name?: string;
  account?: string;
  nick_name?: string;
  real_name?: string;
  role_name?: string;
  dept_id?: string;
  role_id?: string;
  avatar?: string;
  [key: string]: unknown;
}

interface SessionState {
  token: string;
  refreshToken: string;
  tenantId: string;
  userInfo: UserInfo;
  /** Saves a successful sign-in (spec §4): token, refresh token, tenant and user info. */
  signIn(answer: UserInfo & { access_token: string; refresh_token?: string }): void;
  /** Keeps the session going with the tokens of a refresh; tabs and lock stay as they are. */
  replaceTokens(answer: UserInfo & { access_token: string; refresh_token?: string }): void;
  /** Clears everything the session holds, in memory and in storage (spec §4 log out). */
  signOutLocally(): void;
}

const COOKIES = ['saber-access-token', 'saber-refresh-token'];

/** Spec §9: cookies hold the access and refresh tokens (as Saber's do); `maxAge` 0 removes one. */
function setCookie(name: string, value: string, maxAge?: number): void {
  const expiry = maxAge === undefined ? '' : `; max-age=${maxAge}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the product supports
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Strict${expiry}`;
}
const SESSION_KEYS = [
  'token',
  'refreshToken',
  'tenantId',
  'userInfo',
  'menu',
  'menuAll',
  'permission',
  'roles',
  'tags',
  'lock',
  'lockPasswd',
];

export const useSession = create<SessionState>()((set) => ({
  token: getStore<string>('token') ?? '',
  refreshToken: getStore<string>('refreshToken') ?? '',
  tenantId: getStore<string>('tenantId') ?? '',
  userInfo: getStore<UserInfo>('userInfo') ?? {},
  signIn(answer) {
    const { access_token, refresh_token = '', ...info } = answer;
    const tenantId = String(info.tenant_id ?? '');
    setStore('token', access_token);
    setStore('refreshToken', refresh_token);
    setStore('tenantId', tenantId);
    setStore('userInfo', info);
    setCookie('saber-access-token', access_token);
    setCookie('saber-refresh-token', refresh_token);
    set({ token: access_token, refreshToken: refresh_token, tenantId, userInfo: info });
    useTabs.getState().reset();
    setStore('lock', false, true);
  },
  replaceTokens(answer) {
    const { access_token, refresh_token = '', ...info } = answer;
    setStore('token', access_token);
    setStore('refreshToken', refresh_token);
    setStore('userInfo', info);
    setCookie('saber-access-token', access_token);
    setCookie('saber-refresh-token', refresh_token);
    set({ token: access_token, refreshToken: refresh_token, userInfo: info });
  },
  signOutLocally() {
    for (const key of SESSION_KEYS) removeStore(key);
    for (const cookie of COOKIES) setCookie(cookie, '', 0);
    set({ token: '', refreshToken: '', tenantId: '', userInfo: {} });
    useMenu.getState().clear();
    queryClient.clear();
    useTabs.getState().reset();
    removeStore('tags');
  },
}));
