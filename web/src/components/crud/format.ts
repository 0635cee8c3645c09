import { formatCents, plainQuantity, toUnits } from '../warehouse/decimal.ts';

/**
 * How numbers read on every screen: a quantity as a person writes it (`210`, `20.5`, never the
 * server's `210.000`), money with two decimals (`74.80`).
 */
export type NumberFormat = 'quantity' | 'money';

export function formatNumber(value: unknown, format: NumberFormat): string {
  if (value === null || value === undefined || value === '') return '';
  if (format === 'quantity') return plainQuantity(value);
  // money: rounded half up to cents, as the server rounds amounts
  const units = toUnits(value, 4);
  if (units === null) return String(value);
  const sign = units < 0n ? -1n : 1n;
  return formatCents(((sign * units + 50n) / 100n) * sign);
}
