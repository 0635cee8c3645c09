import { createHash, createHmac } from 'node:crypto';

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
export const hmacSha256 = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * RFC 3986 percent-encoding, as both Aliyun and Tencent canonicalize: only `A-Z a-z 0-9 - _ . ~`
 * stay; encodeURIComponent also leaves `! ' ( ) *`, which they encode.
 */
export const percentEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Header lines `name:value\n`, names lower-cased and sorted, values trimmed (and lower-cased where the
 * provider says so: Tencent does, Aliyun does not); and the `;`-joined names.
 */
export function canonicalHeaders(
  headers: Record<string, string>,
  lowerValues = false,
): { lines: string; names: string } {
  const entries = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), lowerValues ? value.trim().toLowerCase() : value.trim()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    lines: entries.map(([name, value]) => `${name}:${value}\n`).join(''),
    names: entries.map(([name]) => name).join(';'),
  };
}
