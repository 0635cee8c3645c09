import { z } from 'zod';

// The forms clients send: `yyyy-MM-dd`, BladeX's `yyyy-MM-dd HH:mm:ss` (server time) and ISO 8601 with an offset.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export interface ParsedDate {
  at: Date;
  /** Only a day was given (a range's end then takes in the whole day). */
  dateOnly: boolean;
}

/** Whether the year, month and day name a day of the calendar (2026-02-30 does not). */
function dayExists(year: number, month: number, day: number): boolean {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

// Not `new Date(y, m, d)`, which reads years 0 to 99 as 1900 to 1999.
function localMidnight(year: number, month: number, day: number): Date {
  const d = new Date(2000, 0, 1);
  d.setFullYear(year, month - 1, day);
  return d;
}

/**
 * The one reading of a date sent by a client: null when it is not in a known form or names a day or
 * time that does not exist. A day alone is its midnight, server time.
 */
export function parseDate(text: string): ParsedDate | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0', zone] = match;
  if (!dayExists(Number(year), Number(month), Number(day))) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const dateOnly = match[4] === undefined;
  const at =
    dateOnly && !zone
      ? localMidnight(Number(year), Number(month), Number(day))
      : new Date(text.trim().replace(' ', 'T'));
  return Number.isNaN(at.getTime()) ? null : { at, dateOnly };
}

/** The dates a kind of input may carry: from `min` to `max`, or to `yearsAhead` years from today (0: today). */
export type DateWindow = { min: string } & ({ yearsAhead: number } | { max: string });

/** A document's dates (a refuel's time, a warrant's validity, a batch's expiry, a tenant's expiry). */
export const DOCUMENT_DATES: DateWindow = { min: '2000-01-01', yearsAhead: 10 };
/** A person's birthday. */
export const BIRTH_DATES: DateWindow = { min: '1900-01-01', yearsAhead: 0 };
/** A search: wide (a range's open end may be far), within what the database and JavaScript hold. */
export const FILTER_DATES: DateWindow = { min: '1900-01-01', max: '9999-12-31' };

function bounds(window: DateWindow, now = new Date()): { min: Date; max: Date } {
  const min = parseDate(window.min)!.at;
  if ('max' in window) {
    const last = parseDate(window.max)!.at;
    return { min, max: new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1) };
  }
  const max = new Date(now.getFullYear() + window.yearsAhead, now.getMonth(), now.getDate() + 1);
  return { min, max };
}

const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Why a text is not a date of the window, as a catalogue key and its values; null when it is one. */
export function dateProblem(
  parsed: ParsedDate | null,
  window: DateWindow,
): { key: string; params: Record<string, string> } | null {
  if (!parsed) return { key: 'error.validation.date', params: {} };
  const { min, max } = bounds(window);
  if (parsed.at < min || parsed.at >= max) {
    return {
      key: 'error.validation.dateRange',
      params: { min: day(min), max: day(new Date(max.getTime() - 86_400_000)) },
    };
  }
  return null;
}

/**
 * A date input of a form or query: text in one of the known forms, a day that exists, within the
 * window; its output is the date. Blank and null are left to the caller (`.nullish()` around it).
 */
export function dateInput(window: DateWindow) {
  return z
    .string({ error: 'error.validation.date' })
    .transform((text, ctx) => {
      const parsed = parseDate(text);
      const problem = dateProblem(parsed, window);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params, input: text });
        return z.NEVER;
      }
      return parsed!;
    })
    .meta({ format: 'date-time' });
}

/**
 * The same as a Date, for a column. A Date is taken as it is: the CRUD routes parse a body their
 * route schema already read, so an input's output must read as that input again.
 */
export const dateValue = (window: DateWindow) =>
  z
    .preprocess(
      (v) => (v instanceof Date ? v.toISOString() : v),
      dateInput(window).transform((d) => d.at),
    )
    .meta({ format: 'date-time' });

/** The same as a day, `yyyy-MM-dd`, for a date column. */
export const dayValue = (window: DateWindow) => dateInput(window).transform((d) => day(d.at));
