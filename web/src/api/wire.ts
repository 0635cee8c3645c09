import dayjs, { type Dayjs } from 'dayjs';

/**
 * The one wire format for dates (spec, api-contract.md: BladeX's `yyyy-MM-dd HH:mm:ss`, the wall clock of
 * the server's zone, both ways; a day alone as `yyyy-MM-dd`, which the server reads as that whole day). The
 * client reads and writes it as local wall-clock time: what the server answers is shown as it is, and a
 * date picked goes back as the same text, whatever the browser's zone. Every date that reaches a
 * query or a body goes through here: `http` converts any Dayjs or Date left in params or data, so
 * a date never goes out as `Sun, 01 Nov 2026 00:00:00 GMT` (a Dayjs's String) or as UTC ISO text.
 */
export const WIRE_DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
export const WIRE_DATE = 'YYYY-MM-DD';

type DateLike = Dayjs | Date;

const isDateLike = (value: unknown): value is DateLike => value instanceof Date || dayjs.isDayjs(value);

/** An instant as the wire's date-time text. */
export const wireDateTime = (value: DateLike): string => dayjs(value).format(WIRE_DATE_TIME);

/** A day (a date picker's value, an expiry date) as the wire's date text. */
export const wireDate = (value: DateLike): string => dayjs(value).format(WIRE_DATE);

/** A query or body with every Dayjs or Date in it (at any depth) as wire date-time text. */
export function toWire(value: unknown): unknown {
  if (isDateLike(value)) return wireDateTime(value);
  if (Array.isArray(value)) return value.map(toWire);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toWire(v)]));
  }
  return value;
}

/** A field's date value as the wire takes it: a `date` field as its day, a `datetime` as its instant. */
export const wireFieldDate = (type: 'date' | 'datetime', value: DateLike): string =>
  type === 'date' ? wireDate(value) : wireDateTime(value);

/**
 * Whether an answered value is empty. The server answers a null as BladeX does (its `null-to-empty`):
 * `""` for a text or a date, `-1` for a number, `[]` for a list and `{}` for an object; read a value
 * whose absence means something (no limit, not permitted, not finished) through this.
 */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === null || value === undefined || value === '' || value === -1) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && !Object.keys(value).length;
}
