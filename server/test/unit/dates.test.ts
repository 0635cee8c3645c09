import { describe, expect, it } from 'vitest';
import { BIRTH_DATES, DOCUMENT_DATES, dateProblem, FILTER_DATES, parseDate } from '../../src/platform/http/dates.ts';

describe('parseDate, the one reading of a client date', () => {
  it('reads the three forms clients send', () => {
    expect(parseDate('2024-02-29')).toEqual({ at: new Date(2024, 1, 29), dateOnly: true });
    expect(parseDate('2024-02-29 10:11:12')?.at).toEqual(new Date(2024, 1, 29, 10, 11, 12));
    expect(parseDate('2024-02-29T10:11:12.345+08:00')?.at).toEqual(new Date('2024-02-29T02:11:12.345Z'));
  });

  it('refuses days and times that do not exist, and anything that is not one of the forms', () => {
    for (const text of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-04-31 10:00:00',
      '2026-01-01 24:00:00',
      '0',
      '',
    ]) {
      expect(parseDate(text), text).toBeNull();
    }
    expect(parseDate('-271821-04-20T00:00:00Z')).toBeNull();
    expect(parseDate('1 Jan 2026')).toBeNull();
  });

  it('reads years below 100 as written, not as 19xx', () => {
    expect(parseDate('0001-01-01')?.at.getFullYear()).toBe(1);
  });
});

describe('date windows', () => {
  const problem = (text: string, window: typeof DOCUMENT_DATES) => dateProblem(parseDate(text), window)?.key ?? null;

  it('keeps documents between 2000 and ten years from today', () => {
    expect(problem('2000-01-01 00:00:00', DOCUMENT_DATES)).toBeNull();
    expect(problem('1999-12-31 23:59:59', DOCUMENT_DATES)).toBe('error.validation.dateRange');
    expect(problem(`${new Date().getFullYear() + 11}-01-01`, DOCUMENT_DATES)).toBe('error.validation.dateRange');
    expect(problem('9999-12-31', DOCUMENT_DATES)).toBe('error.validation.dateRange');
  });

  it('keeps birthdays in the past, and searches within what the database holds', () => {
    expect(problem('1950-06-01', BIRTH_DATES)).toBeNull();
    expect(problem(`${new Date().getFullYear() + 1}-01-01`, BIRTH_DATES)).toBe('error.validation.dateRange');
    expect(problem('9999-12-31', FILTER_DATES)).toBeNull();
    expect(problem('0001-01-01', FILTER_DATES)).toBe('error.validation.dateRange');
    expect(dateProblem(null, FILTER_DATES)?.key).toBe('error.validation.date');
  });
});
