import md5 from 'blueimp-md5';
import type { TokenAnswer } from './auth.ts';
import { type Envelope, http } from './http.ts';

/** A login page button: an enabled third-party provider of the tenant. */
export interface SocialButton {
  source: string;
  name: string;
}

/** The refusal of a social sign-in whose identity no user has: its ticket opens the registration dialog. */
export const UNREGISTERED = 'auth.social.unregistered';

export const fetchSocialButtons = (tenantId: string) =>
  http<Envelope<SocialButton[]>>({ url: '/blade-auth/oauth/providers', params: { tenantId }, quiet: true }).then(
    (r) => r.data,
  );

/** Where a provider's button goes: the server redirects to the provider with a new state. */
export const renderUrl = (source: string, tenantId: string) =>
  `/api/blade-auth/oauth/render/${encodeURIComponent(source)}?${new URLSearchParams({ tenantId })}`;

/**
 * The social grant with what the provider's redirect brought (Saber: tenantId, source, code, state);
 * quiet, as the page says an unknown identity its own way (the registration dialog).
 */
export const loginBySocial = (form: { tenantId: string; source: string; code: string; state: string; iss?: string }) =>
  http<TokenAnswer>({
    url: '/blade-auth/oauth/token',
    method: 'POST',
    headers: { 'Tenant-Id': form.tenantId },
    params: { ...form, grant_type: 'social', scope: 'all' },
    quiet: true,
  });

/** The registration dialog's link: the unknown identity's ticket and an existing account's password. */
export const linkBySocial = (form: { tenantId: string; oauthId: string; username: string; password: string }) =>
  http<TokenAnswer>({
    url: '/blade-auth/oauth/token',
    method: 'POST',
    headers: { 'Tenant-Id': form.tenantId },
    params: {
      tenantId: form.tenantId,
      oauth_id: form.oauthId,
      username: form.username,
      password: md5(form.password),
      grant_type: 'social',
      scope: 'all',
    },
  });

export interface LinkedAccount {
  id: string;
  source: string;
  sourceName: string;
  username: string;
  nickname: string;
  email: string;
  createTime: string;
}

export const fetchLinkedAccounts = () =>
  http<Envelope<LinkedAccount[]>>({ url: '/blade-auth/oauth/linked' }).then((r) => r.data);

export const unlinkAccount = (id: string) => http({ url: '/blade-auth/oauth/unlink', method: 'POST', params: { id } });
