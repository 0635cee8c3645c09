/**
 * Exact decimals for the renderer: the database sends numeric and bigint values as text, and sums or
 * formats of them must not pick up binary floating-point errors (0.1 + 0.2). A decimal is a scaled
 * bigint: `units / 10^scale`.
 */
export interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL_TEXT = /^([+-])?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** A number or numeric text as a decimal; null when it is neither (text, an empty value). */
export function toDecimal(value: unknown): Decimal | null {
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  if (typeof value === 'number') return Number.isFinite(value) ? toDecimal(String(value)) : null;
  if (typeof value !== 'string') return null;
  const match = DECIMAL_TEXT.exec(value.trim());
  if (!match) return null;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  let digits = `${whole}${fraction}`;
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  const units = BigInt(digits);
  return { units: sign === '-' ? -units : units, scale };
}

const rescale = (d: Decimal, scale: number): bigint => d.units * 10n ** BigInt(scale - d.scale);

export function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export function compare(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const d = rescale(a, scale) - rescale(b, scale);
  return d === 0n ? 0 : d < 0n ? -1 : 1;
}

/** `num / den` rounded half away from zero (den > 0). */
function roundDiv(num: bigint, den: bigint): bigint {
  const abs = num < 0n ? -num : num;
  const q = abs / den + (2n * (abs % den) >= den ? 1n : 0n);
  return num < 0n ? -q : q;
}

/** `a / n` (n > 0), rounded half away from zero to `places` decimals. */
export function divide(a: Decimal, n: number, places = 6): Decimal {
  const scale = Math.max(a.scale, places);
  return { units: roundDiv(rescale(a, scale), BigInt(n) * 10n ** BigInt(scale - places)), scale: places };
}

/** Rounded half away from zero to `places` decimals. */
export function round(d: Decimal, places: number): Decimal {
  if (d.scale <= places) return { units: rescale(d, places), scale: places };
  return { units: roundDiv(d.units, 10n ** BigInt(d.scale - places)), scale: places };
}

/** Plain text of a decimal with exactly `scale` places, optionally with thousands separators. */
export function decimalText(d: Decimal, grouped = false): string {
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = digits.slice(digits.length - d.scale);
  const wholeText = grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  return `${negative ? '-' : ''}${wholeText}${d.scale ? `.${fraction}` : ''}`;
}

/** The decimal without trailing zeros of its fraction. */
export function plainText(d: Decimal): string {
  return decimalText(d)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}
