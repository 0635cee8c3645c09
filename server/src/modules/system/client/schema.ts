import { z } from 'zod';
import { choice, optional, requiredText } from '../../../platform/http/fields.ts';
import { isRedirectable, registeredUris } from '../../auth/sso/authorize-check.ts';
import { clientMessages as m } from './messages.ts';

// What BladeX clients may be granted; the token endpoint itself serves password, captcha and refresh_token.
export const GRANT_TYPES = [
  'password',
  'refresh_token',
  'captcha',
  'authorization_code',
  'social',
  'client_credentials',
  'implicit',
] as const;
// Sessions keep revocations for 400 days (platform/auth/sessions.ts): no token may live longer.
const MAX_VALIDITY = 31_536_000;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' ? null : v));

// Forms send numbers as numbers or as text; a blank one counts as missing.
const seconds = (requiredKey: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? requiredKey : m['client.validity.invalid']) })
      .int({ error: m['client.validity.invalid'] })
      .min(1, { error: m['client.validity.invalid'] })
      .max(MAX_VALIDITY, { error: m['client.validity.invalid'] }),
  );

const grantTypes = requiredText(m['client.authorizedGrantTypes.required'], 256)
  .transform((v) => [...new Set(v.split(',').map((s) => s.trim()))].filter(Boolean))
  .superRefine((types, ctx) => {
    const unknown = types.filter((t) => !(GRANT_TYPES as readonly string[]).includes(t));
    if (types.length === 0) ctx.addIssue({ code: 'custom', message: m['client.authorizedGrantTypes.required'] });
    else if (unknown.length) {
      ctx.addIssue({ code: 'custom', message: m['client.authorizedGrantTypes.invalid'], types: unknown.join(',') });
    }
  })
  .transform((types) => types.join(','));

/** An OAuth client as the client form submits it. The secret is optional: creation draws one when absent. */
export const clientInput = z.object({
  clientId: requiredText(m['client.clientId.required'], 48).regex(/^[^\s:]*$/, {
    error: m['client.clientId.invalid'],
  }),
  // Blank means "keep" on update and "draw one" on creation.
  clientSecret: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .min(8, { error: m['client.clientSecret.invalid'] })
        .max(128, { error: m['client.clientSecret.invalid'] })
        .optional(),
    ),
  scope: optionalText(256).transform((v) => v ?? undefined),
  authorizedGrantTypes: grantTypes,
  resourceIds: optionalText(256),
  webServerRedirectUri: optionalText(256).superRefine((value, ctx) => {
    const bad = registeredUris(value ?? null).filter((uri) => !isRedirectable(uri));
    if (bad.length)
      ctx.addIssue({ code: 'custom', message: m['client.webServerRedirectUri.invalid'], uris: bad.join(',') });
  }),
  authorities: optionalText(256),
  accessTokenValidity: seconds(m['client.accessTokenValidity.required']),
  refreshTokenValidity: seconds(m['client.refreshTokenValidity.required']),
  additionalInformation: optionalText(4096),
  autoapprove: optionalText(256),
  status: optional(choice(0, 9)),
});
export type ClientInput = z.infer<typeof clientInput>;
