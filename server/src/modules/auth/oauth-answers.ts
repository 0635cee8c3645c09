import { z } from 'zod';

// What BladeX's OAuth endpoints answer, outside the envelope (Spring's flat shapes), for the API document.

const text = z.string();

/** The token answer (`oauth/token`), which BladeX's clients read field by field. */
export const tokenAnswerSchema = z.object({
  access_token: text,
  token_type: z.literal('bearer'),
  refresh_token: text,
  expires_in: z.number().int().describe('seconds'),
  scope: z.literal('all'),
  tenant_id: text,
  user_id: text,
  user_name: text.describe('the account'),
  account: text,
  nick_name: text,
  real_name: text,
  role_id: text.describe('the role ids of the session, comma-joined'),
  role_name: text.describe('the role aliases, comma-joined'),
  dept_id: text,
  post_id: text,
  avatar: text,
  oauth_id: text,
  client_id: text,
  detail: z.object({ type: z.literal('web') }),
  license: text,
});

/** An OAuth refusal: `error` names the kind, `error_description` says why in the caller's language. */
export const oauthErrorSchema = z
  .object({
    error: z.string().describe('invalid_grant, invalid_request, invalid_client, invalid_token'),
    error_description: z.string(),
    oauth_id: z
      .string()
      .optional()
      .describe('social grant, an identity no user has: the ticket the registration dialog links or registers'),
  })
  .meta({ title: 'OAuthError' });

/** BladeX's `Kv` of a plain success (`logout`, `clear-cache`). */
export const successKvSchema = z.object({ success: z.literal('true'), msg: z.literal('success') });

/** A captcha: its key (the Captcha-Key header of the sign-in) and its image as a data URL. */
export const captchaSchema = z.object({ key: z.string(), image: z.string().describe('data:image/png;base64,…') });
