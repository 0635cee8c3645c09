import { wallClock } from '../../platform/time/zone.ts';
import { type Decimal, decimalText, plainText, round, toDecimal } from './decimal.ts';

/** A value as a cell shows it: its text, and whether it is a number (exports right-align and type it). */
export interface Shown {
  text: string;
  numeric: boolean;
}

const NUMBER_FORMATS: Record<string, (d: Decimal) => string> = {
  '0': (d) => decimalText(round(d, 0)),
  '0.00': (d) => decimalText(round(d, 2)),
  '#,##0.00': (d) => decimalText(round(d, 2), true),
  '0%': (d) => `${decimalText(round({ units: d.units * 100n, scale: d.scale }, 0))}%`,
};

/** Text of a date-time: an instant in the server's zone, or a `yyyy-MM-dd...` text as it is. */
function dateText(value: Date | string, format: string | undefined): string {
  const full = value instanceof Date ? wallClock(value) : value.replace('T', ' ');
  if (format === 'yyyy-MM-dd') return full.slice(0, 10);
  if (format === 'yyyy-MM-dd HH:mm') return full.slice(0, 16);
  return value instanceof Date && full.endsWith(' 00:00:00') ? full.slice(0, 10) : full;
}

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?/;

/** A dataset's value (of a number field, or any) in a cell's format (docs/report-designer.md: number and date formats). */
export function show(value: unknown, format?: string, numberField = false): Shown {
  if (value === null || value === undefined) return { text: '', numeric: false };
  if (value instanceof Date)
    return { text: Number.isNaN(value.getTime()) ? '' : dateText(value, format), numeric: false };
  // Text fields stay text (a code of digits) unless the cell asks for a number format.
  const asNumber = numberField || typeof value !== 'string' || Boolean(format && NUMBER_FORMATS[format]);
  const decimal = asNumber ? toDecimal(value) : null;
  if (decimal && (!format || NUMBER_FORMATS[format])) {
    return { text: format ? NUMBER_FORMATS[format]!(decimal) : plainText(decimal), numeric: true };
  }
  if (typeof value === 'string' && format?.startsWith('yyyy') && DATE_TEXT.test(value)) {
    return { text: dateText(value, format), numeric: false };
  }
  if (typeof value === 'object') return { text: JSON.stringify(value), numeric: false };
  return { text: String(value), numeric: typeof value === 'number' };
}
