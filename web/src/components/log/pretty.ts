/**
 * A log's text as people read it: JSON (request parameters, an event's data) indented, anything
 * else as it was written. Never throws: a log holds what it holds (a cut-off `…` text is shown as is).
 */
export function prettyText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}

/** A user agent shortened to the browser and system people recognise ("Chrome 131 · Windows"). */
export function browserOf(agent: unknown): string {
  const text = typeof agent === 'string' ? agent : '';
  if (!text) return '';
  const browser =
    text.match(/(Edg|OPR|Firefox|Chrome|Version)\/(\d+)/) ?? text.match(/^([\w-]+)\/([\d.]+)/) ?? undefined;
  const name = browser ? ({ Edg: 'Edge', OPR: 'Opera', Version: 'Safari' }[browser[1]!] ?? browser[1]) : undefined;
  const system = ['Windows', 'Android', 'iPhone', 'iPad', 'Mac OS X', 'Linux'].find((s) => text.includes(s));
  const parts = [name && `${name} ${browser![2]!.split('.')[0]}`, system?.replace('Mac OS X', 'macOS')].filter(Boolean);
  return parts.length ? parts.join(' · ') : text.slice(0, 40);
}
