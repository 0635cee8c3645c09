import { create } from 'zustand';
import type { DeptRoleChoice } from '../api/auth.ts';
import { useMenu } from './menu-store.ts';
import { closeQueries, openQueries } from './query-client.ts';
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
  /** The dept and role chosen in the switch dialog; every refresh asks for them again. */
  choice: DeptRoleChoice;
  /** Saves a successful sign-in (spec §4): token, refresh token, tenant and user info. */
  signIn(answer: UserInfo & { access_token: string; refresh_token?: string }): void;
  /** Keeps the session going with the tokens of a refresh (for a new choice, when given); tabs and lock stay. */
  replaceTokens(answer: UserInfo & { access_token: string; refresh_token?: string }, choice?: DeptRoleChoice): void;
  /** Fields of the user info changed by the user (their own details). */
  patchUserInfo(changes: Partial<UserInfo>): void;
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
  'choice',
  'menu',
  'menuAll',
  'permission',
  'roles',
  'tags',
  'lock',
  'lockPasswd',
];

/** Stores the tokens and user info of a token answer (storage and cookies); answers them for the state. */
function keepTokens(answer: UserInfo & { access_token: string; refresh_token?: string }) {
  const { access_token, refresh_token = '', ...userInfo } = answer;
  setStore('token', access_token);
  setStore('refreshToken', refresh_token);
  setStore('userInfo', userInfo);
  setCookie('saber-access-token', access_token);
  setCookie('saber-refresh-token', refresh_token);
  return { token: access_token, refreshToken: refresh_token, userInfo };
}

export const useSession = create<SessionState>()((set, get) => ({
  token: getStore<string>('token') ?? '',
  refreshToken: getStore<string>('refreshToken') ?? '',
  tenantId: getStore<string>('tenantId') ?? '',
  userInfo: getStore<UserInfo>('userInfo') ?? {},
  choice: getStore<DeptRoleChoice>('choice') ?? {},
  signIn(answer) {
    const kept = keepTokens(answer);
    const tenantId = String(kept.userInfo.tenant_id ?? '');
    setStore('tenantId', tenantId);
    removeStore('choice');
    set({ ...kept, tenantId, choice: {} });
    useTabs.getState().reset();
    setStore('lock', false, true);
    openQueries();
  },
  replaceTokens(answer, choice = get().choice) {
    setStore('choice', choice);
    set({ ...keepTokens(answer), choice });
  },
  patchUserInfo(changes) {
    const userInfo = { ...get().userInfo, ...changes };
    setStore('userInfo', userInfo);
    set({ userInfo });
  },
  signOutLocally() {
    for (const key of SESSION_KEYS) removeStore(key);
    for (const cookie of COOKIES) setCookie(cookie, '', 0);
    set({ token: '', refreshToken: '', tenantId: '', userInfo: {}, choice: {} });
    useMenu.getState().clear();
    closeQueries();
    useTabs.getState().reset();
    removeStore('tags');
  },
}));

/** The role aliases of the session (the token's `role_name`, comma-joined), which menu meta roles name. */
export const sessionRoles = (info: UserInfo): string[] =>
  String(info.role_name ?? '')
    .split(',')
    .filter(Boolean);
