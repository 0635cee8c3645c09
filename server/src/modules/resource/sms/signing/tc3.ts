import { canonicalHeaders, hmacSha256, sha256Hex } from './crypto.ts';

/**
 * Tencent Cloud API 3.0's signature, TC3-HMAC-SHA256 ("Signature v3",
 * https://intl.cloud.tencent.com/document/product/267/30852): a canonical request of the POSTed JSON,
 * signed with a key derived from the secret, the UTC date and the service.
 */
export interface Tc3Request {
  host: string;
  /** The product, first label of its domain (`sms` for sms.tencentcloudapi.com). */
  service: string;
  /** The JSON body exactly as sent. */
  body: string;
  /** Headers signed besides content-type and host (none by default, as the documented example). */
  headers?: Record<string, string>;
  secretId: string;
  secretKey: string;
  /** Unix seconds (X-TC-Timestamp). */
  timestamp: number;
}

export const TC3 = 'TC3-HMAC-SHA256';
export const TC3_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The UTC date of a timestamp, `2019-02-25`; never the local one (the doc's midnight warning). */
export const tc3Date = (timestamp: number) => new Date(timestamp * 1000).toISOString().slice(0, 10);

export function tc3Signature(request: Tc3Request): { authorization: string; signature: string } {
  const { lines, names } = canonicalHeaders(
    {
      'content-type': TC3_CONTENT_TYPE,
      host: request.host,
      ...request.headers,
    },
    true,
  );
  // POST: the canonical query string is always empty.
  const canonicalRequest = ['POST', '/', '', lines, names, sha256Hex(request.body)].join('\n');
  const date = tc3Date(request.timestamp);
  const scope = `${date}/${request.service}/tc3_request`;
  const stringToSign = [TC3, String(request.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const secretDate = hmacSha256(`TC3${request.secretKey}`, date);
  const secretService = hmacSha256(secretDate, request.service);
  const secretSigning = hmacSha256(secretService, 'tc3_request');
  const signature = hmacSha256(secretSigning, stringToSign).toString('hex');
  return {
    signature,
    authorization: `${TC3} Credential=${request.secretId}/${scope}, SignedHeaders=${names}, Signature=${signature}`,
  };
}
