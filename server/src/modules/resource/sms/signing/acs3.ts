import { canonicalHeaders, hmacSha256, percentEncode, sha256Hex } from './crypto.ts';

/**
 * Aliyun's V3 request signature, ACS3-HMAC-SHA256 (https://help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature),
 * which Aliyun recommends over the RPC V2 HMAC-SHA1 for every API, SendSms 2017-05-25 included:
 * the signed headers cover the body's hash, the action and a nonce; SHA-256 instead of SHA-1.
 */
export interface Acs3Request {
  method: string;
  host: string;
  /** The path; `/` for RPC-style APIs. */
  path: string;
  query: Record<string, string>;
  action: string;
  version: string;
  /** The body as sent (form-encoded parameters), '' for none. */
  body: string;
  /** Signed besides host and the x-acs-* headers (content-type when there is a body). */
  headers?: Record<string, string>;
  accessKeyId: string;
  accessKeySecret: string;
  date: Date;
  nonce: string;
}

export const ACS3 = 'ACS3-HMAC-SHA256';

/** `2023-10-26T10:22:32Z`: ISO 8601 in UTC without milliseconds, as x-acs-date must be. */
export const acsDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Query parameters sorted by name, names and values percent-encoded, `k=v` joined by `&`. */
export const acs3CanonicalQuery = (query: Record<string, string>) =>
  Object.keys(query)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(query[k] ?? '')}`)
    .join('&');

/** The headers to send (Host left to the HTTP client), with Authorization. */
export function signAcs3(request: Acs3Request): Record<string, string> {
  const signed: Record<string, string> = {
    host: request.host,
    'x-acs-action': request.action,
    'x-acs-version': request.version,
    'x-acs-date': acsDate(request.date),
    'x-acs-signature-nonce': request.nonce,
    'x-acs-content-sha256': sha256Hex(request.body),
    ...request.headers,
  };
  const { lines, names } = canonicalHeaders(signed);
  const canonicalRequest = [
    request.method.toUpperCase(),
    request.path,
    acs3CanonicalQuery(request.query),
    lines,
    names,
    signed['x-acs-content-sha256'],
  ].join('\n');
  const stringToSign = `${ACS3}\n${sha256Hex(canonicalRequest)}`;
  const signature = hmacSha256(request.accessKeySecret, stringToSign).toString('hex');
  const { host: _host, ...headers } = signed;
  return {
    ...headers,
    authorization: `${ACS3} Credential=${request.accessKeyId},SignedHeaders=${names},Signature=${signature}`,
  };
}
