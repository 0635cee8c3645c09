/**
 * A colour as the template holds it (`#rrggbb`, lower case) from what Univer stores: `#rrggbb`,
 * `#rgb` or `rgb(r, g, b)` (its colour picker writes either). Nothing for anything else.
 */
export function cssColor(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/.exec(text);
  if (!rgb) return undefined;
  const parts = rgb.slice(1, 4).map(Number);
  if (parts.some((n) => n > 255)) return undefined;
  return `#${parts.map((n) => n.toString(16).padStart(2, '0')).join('')}`;
}
