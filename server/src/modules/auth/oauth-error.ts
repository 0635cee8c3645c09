/**
 * A refusal of the token endpoint. It answers the flat OAuth shape
 * `{error, error_description}` rather than the envelope, as BladeX's clients expect.
 */
export class OAuthError extends Error {
  readonly status: number;
  readonly error: string;
  readonly key: string;
  readonly params: Record<string, unknown>;
  /** Fields the answer carries beside error and error_description (a social sign-in's `oauth_id`). */
  readonly extra: Record<string, string>;

  constructor(
    status: number,
    error: string,
    key: string,
    params: Record<string, unknown> = {},
    extra: Record<string, string> = {},
  ) {
    super(key);
    this.name = 'OAuthError';
    this.status = status;
    this.error = error;
    this.key = key;
    this.params = params;
    this.extra = extra;
  }
}

export const invalidGrant = (key: string, params?: Record<string, unknown>) =>
  new OAuthError(400, 'invalid_grant', key, params);
export const invalidRequest = (key: string, params?: Record<string, unknown>) =>
  new OAuthError(400, 'invalid_request', key, params);
export const invalidClient = () => new OAuthError(401, 'invalid_client', 'auth.client.bad');
/** A refresh token that is forged, expired, revoked or used before: 401, so clients sign in again. */
export const invalidToken = (key: string) => new OAuthError(401, 'invalid_token', key);
