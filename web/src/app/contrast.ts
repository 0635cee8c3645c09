/** WCAG 2 contrast: relative luminance, contrast ratio, and moving a colour until it reaches a ratio. */

/** WCAG AA for normal text. */
export const AA = 4.5;

const channels = (hex: string): [number, number, number] => {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
};

const toHex = (rgb: readonly number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour mixed with black or white by `fraction` (0 to 1). */
export function mix(color: string, to: 'black' | 'white', fraction: number): string {
  const end = to === 'black' ? 0 : 255;
  return toHex(channels(color).map((c) => c + (end - c) * fraction));
}

/**
 * The colour, mixed step by step towards black (or white), until it reaches `ratio` against every
 * one of `backgrounds`: the same hue, as close to the chosen colour as the ratio allows.
 */
export function towardsContrast(color: string, backgrounds: readonly string[], to: 'black' | 'white', ratio = AA) {
  for (let step = 0; step <= 40; step += 1) {
    const mixed = mix(color, to, step / 40);
    if (backgrounds.every((bg) => contrast(mixed, bg) >= ratio)) return mixed;
  }
  return to === 'black' ? '#000000' : '#ffffff';
}
