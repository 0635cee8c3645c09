// Quantities (3 decimals) and prices (4 decimals) are summed as scaled integers, so totals match
// the server's numeric columns exactly: 0.1 + 0.2 is 0.3 here too.

/** A decimal as an integer count of 10^-scale units, or null when it is not a plain decimal. */
export function toUnits(value: unknown, scale: number): bigint | null {
  const text = typeof value === 'number' ? value.toFixed(scale) : String(value ?? '').trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || text === '' || text === '-') return null;
  const [, sign, whole = '', fraction = ''] = match;
  const units = BigInt((whole || '0') + fraction.slice(0, scale).padEnd(scale, '0'));
  return sign ? -units : units;
}

/** Units back to text without trailing zeros: 20500 at scale 3 is `20.5`. */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** quantity x price rounded half up to cents, as the server rounds a line's amount. */
export function lineAmountCents(quantity: unknown, price: unknown): bigint | null {
  const q = toUnits(quantity, 3);
  const p = toUnits(price, 4);
  if (q === null || p === null) return null;
  const product = q * p; // scale 7
  return (product + 50_000n) / 100_000n; // scale 2, half up (amounts are not negative)
}

/** Cents as money text with two decimals: 1234n is `12.34`. */
export const formatCents = (cents: bigint) => {
  const text = fromUnits(cents, 2);
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
};

/** Sum of quantities as text (lines without a valid quantity count as none). */
export const sumQuantities = (values: readonly unknown[]) =>
  fromUnits(
    values.reduce<bigint>((sum, v) => sum + (toUnits(v, 3) ?? 0n), 0n),
    3,
  );

/** A quantity as the server answers it (`20.500`) as a person writes it (`20.5`). */
export const plainQuantity = (value: unknown) => {
  const units = toUnits(value, 3);
  return units === null ? String(value ?? '') : fromUnits(units, 3);
};

/** Why a quantity cannot be stored, as the server tells it (`server/.../warehouse/inputs.ts`). */
export type QuantityProblem = 'invalid' | 'decimals' | 'tooLarge' | 'negative' | 'zero';

/** The largest quantity a quantity column (numeric 16, 3) holds. */
export const MAX_QUANTITY = '9999999999999.999';

/**
 * The first problem of a quantity, in the server's order: not a number, more than 3 decimals,
 * more than 13 digits before the point, negative, zero (when it must be positive); null when none.
 */
export function quantityProblem(value: unknown, positive = true): QuantityProblem | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(value ?? '').trim());
  if (!match) return 'invalid';
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > 3) return 'decimals';
  if (whole.replace(/^0+(?=\d)/, '').length > 13) return 'tooLarge';
  const zero = /^0*$/.test(whole + fraction);
  if (sign && !zero) return 'negative';
  return positive && zero ? 'zero' : null;
}
