import md5 from 'blueimp-md5';
import type { UserInfo } from '../app/session.ts';
import { http } from './http.ts';

export interface PasswordLogin {
  tenantId: string;
  username: string;
  /** As typed; sent as its md5 (spec §5: the password is hashed before login). */
  password: string;
}

export type TokenAnswer = UserInfo & { access_token: string; refresh_token?: string; error_description?: string };

/** `POST /api/blade-auth/oauth/token` with the password grant (saber-frontend-facts.md). */
export function loginByPassword(form: PasswordLogin): Promise<TokenAnswer> {
  return http<TokenAnswer>({
    url: '/blade-auth/oauth/token',
    method: 'POST',
    headers: { 'Tenant-Id': form.tenantId },
    params: {
      tenantId: form.tenantId,
      username: form.username,
      password: md5(form.password),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
  });
}

/** The refresh_token grant: a new token pair for the session (the old refresh token is spent). */
export function refreshTokens(refreshToken: string, tenantId: string): Promise<TokenAnswer> {
  return http<TokenAnswer>({
    url: '/blade-auth/oauth/token',
    method: 'POST',
    headers: { 'Tenant-Id': tenantId },
    params: { grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'all' },
  });
}
