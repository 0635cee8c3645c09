import md5 from 'blueimp-md5';
import type { UserInfo } from '../app/session.ts';
import { http } from './http.ts';

/** The dept and role a session is narrowed to (switch mode); none means all of the user's. */
export interface DeptRoleChoice {
  deptId?: string;
  roleId?: string;
}

export interface PasswordLogin {
  tenantId: string;
  username: string;
  /** As typed; sent as its md5 (spec §5: the password is hashed before login). */
  password: string;
  /** The captcha's key and the code typed for it (captcha mode): the captcha grant. */
  captcha?: { key: string; code: string };
}

export type TokenAnswer = UserInfo & { access_token: string; refresh_token?: string; error_description?: string };

/** The headers every token grant carries: the tenant, and the chosen dept and role when there are. */
function tokenHeaders(tenantId: string, choice: DeptRoleChoice = {}): Record<string, string> {
  const headers: Record<string, string> = { 'Tenant-Id': tenantId };
  if (choice.deptId) headers['Dept-Id'] = choice.deptId;
  if (choice.roleId) headers['Role-Id'] = choice.roleId;
  return headers;
}

/** `POST /api/blade-auth/oauth/token` with the password grant, or the captcha grant (saber-frontend-facts.md). */
export function loginByPassword(form: PasswordLogin): Promise<TokenAnswer> {
  const headers = tokenHeaders(form.tenantId);
  if (form.captcha) {
    headers['Captcha-Key'] = form.captcha.key;
    headers['Captcha-Code'] = form.captcha.code;
  }
  return http<TokenAnswer>({
    url: '/blade-auth/oauth/token',
    method: 'POST',
    headers,
    params: {
      tenantId: form.tenantId,
      username: form.username,
      password: md5(form.password),
      grant_type: form.captcha ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
  });
}

/** The refresh_token grant: a new token pair for the session (the old refresh token is spent), for the chosen dept/role. */
export function refreshTokens(refreshToken: string, tenantId: string, choice?: DeptRoleChoice): Promise<TokenAnswer> {
  return http<TokenAnswer>({
    url: '/blade-auth/oauth/token',
    method: 'POST',
    headers: tokenHeaders(tenantId, choice),
    params: { grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'all' },
  });
}

/** A captcha image (a data URL) and the key its answer is kept under (`GET /api/blade-auth/oauth/captcha`). */
export const fetchCaptcha = () => http<{ key: string; image: string }>({ url: '/blade-auth/oauth/captcha' });
