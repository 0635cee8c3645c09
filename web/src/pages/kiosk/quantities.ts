import { fromUnits, quantityProblem as storedProblem, toUnits } from '../../components/warehouse/decimal.ts';
import type { AllowedMaterial } from './kiosk-api.ts';

/** What the person picked, by material id, as typed (quantities have up to 3 decimals, as stored). */
export type Picks = Record<string, string>;

const SCALE = 3;
const units = (value: string) => toUnits(value, SCALE);

/** One step up or down from the current quantity, kept between 0 and what may be taken. */
export function step(current: string | undefined, delta: 1 | -1, available: string): string {
  const now = units(current ?? '') ?? 0n;
  const most = units(available) ?? 0n;
  const next = now + BigInt(delta) * 1000n;
  return fromUnits(next < 0n ? 0n : next > most ? most : next, SCALE);
}

/**
 * Why a typed quantity cannot be sent, as a message key, or null when it can (blank or 0 is none):
 * the back office's checks and words (not a number, too many decimals, too large, negative), then
 * more than the person may take.
 */
export function quantityProblem(value: string | undefined, available: string): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const stored = storedProblem(text, false);
  if (stored) return `warehouse.quantityProblem.${stored}`;
  return (units(text) ?? 0n) > (units(available) ?? 0n) ? 'kiosk.pick.tooMany' : null;
}

/** The lines to send: every material with a positive, valid quantity; null when one is not valid. */
export function linesOf(
  picks: Picks,
  items: readonly AllowedMaterial[],
): { materialCodeId: string; quantity: string }[] | null {
  const lines: { materialCodeId: string; quantity: string }[] = [];
  for (const item of items) {
    const value = picks[item.materialCodeId]?.trim();
    if (!value) continue;
    if (quantityProblem(value, item.available)) return null;
    if ((units(value) ?? 0n) > 0n) lines.push({ materialCodeId: item.materialCodeId, quantity: value });
  }
  return lines;
}
