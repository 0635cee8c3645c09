const SENSITIVE_KEY =
  /pass(word)?\d*$|secret|token|credential|captcha.?code|authorization|^(access|secret|kiosk)[-_]?key$/i;
export const MASK = '******';

/** A copy of request parameters with every secret-looking value replaced, at any depth. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SENSITIVE_KEY.test(k) ? MASK : maskSecrets(v, depth + 1)]),
  );
}
