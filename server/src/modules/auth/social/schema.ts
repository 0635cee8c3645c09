import { z } from 'zod';
import { choice, int, optional, requiredText } from '../../../platform/http/fields.ts';
import { socialMessages as m } from './messages.ts';

export const PROVIDER_TYPES = ['oidc', 'oauth2'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** https, or http to this machine (a provider beside the server, the tests' own). */
export function isProviderUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.username || url.password || url.hash) return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  } catch {
    return false;
  }
}

const url = z
  .string()
  .trim()
  .max(500)
  .refine((value) => !value || isProviderUrl(value), { error: m['social.url.invalid'] })
  .nullish();

/** A user-info field's name; dots walk into objects (`data.openid`). */
const field = z
  .string()
  .trim()
  .max(64)
  .regex(/^$|^[A-Za-z0-9_.]+$/, { error: m['social.field.invalid'] })
  .nullish();

/**
 * A provider as the screen sends it; the secret in clear, sealed before it is stored and never answered.
 * Which fields a type needs is checked with the stored record (resource.ts), as an update sends what changed.
 */
export const providerInput = z.object({
  tenantId: requiredText(m['social.tenantId.required'], 12),
  source: requiredText(m['social.source.required'], 16).regex(/^[a-z0-9_-]+$/, { error: m['social.source.invalid'] }),
  name: requiredText(m['social.name.required'], 64),
  type: z.enum(PROVIDER_TYPES, { error: m['social.type.invalid'] }),
  issuer: url,
  authorizeUrl: url,
  tokenUrl: url,
  userinfoUrl: url,
  userIdField: field,
  usernameField: field,
  nicknameField: field,
  avatarField: field,
  emailField: field,
  clientId: requiredText(m['social.clientId.required'], 255),
  clientSecret: z.string().min(1).max(500).optional(),
  scopes: z.string().trim().max(255).nullish(),
  pkce: optional(choice(0, 1)),
  redirectUri: url,
  enabled: optional(choice(0, 1)),
  sort: optional(int(0, 99_999)),
  remark: z.string().trim().max(255).nullish(),
});
