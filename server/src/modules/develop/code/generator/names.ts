import { badRequest } from '../../../../platform/http/errors.ts';
import { codeMessages as m } from '../messages.ts';

/**
 * Names taken from a database (tables, columns) reach generated code only when they match this:
 * what PostgreSQL keeps of an unquoted name, so nothing in them can end a string or a comment.
 */
export const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** A BladeX service name as URLs carry it: `blade-desk`. */
export const SERVICE_NAME = /^[a-z][a-z0-9-]*$/;
/** A resource's URL prefix (`/api/blade-desk/notice`) and a screen's menu path (`/desk/notice`). */
export const API_PATH = /^\/api(\/[a-z][a-z0-9-]*)+$/;
export const WEB_PATH = /^(\/[a-z][a-z0-9-]*)+$/;

/** Refuses anything but an identifier, naming what it is. */
export function checkIdentifier(value: string, what: string): string {
  if (!IDENTIFIER.test(value) || value.length > 63) throw badRequest(m['code.identifier.invalid'], { name: what });
  return value;
}

const words = (snake: string) => snake.split('_').filter(Boolean);
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `stock_item` -> `stockItem`. */
export const camel = (snake: string) =>
  words(snake)
    .map((w, i) => (i === 0 ? w : capital(w)))
    .join('');
/** `stock_item` -> `StockItem`. */
export const pascal = (snake: string) => words(snake).map(capital).join('');
/** `stock_item` -> `stock-item`, as URLs and folders name it. */
export const kebab = (snake: string) => words(snake).join('-');
/** `stock_item` -> `Stock item`, a label when the column has no comment. */
export const humane = (snake: string) => capital(words(snake).join(' '));

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Text into generated code: always a string literal, every character that could end it escaped
 * (quotes, backslashes, line ends, control characters), so a comment or a label from the database
 * can never close one. The quote is the one Biome's formatter picks (single, unless that escapes more);
 * `${` is written `\u0024{`, which Biome's lint would take for a template's placeholder.
 */
export function literal(text: string): string {
  const singles = text.split("'").length - 1;
  const doubles = text.split('"').length - 1;
  const quote = singles > doubles ? '"' : "'";
  const chars = [...text];
  const body = chars
    .map((ch, i) => {
      if (ch === quote) return `\\${ch}`;
      // `${` in a string reads as a template's slip to the linter: the dollar goes escaped
      if (ch === '$' && chars[i + 1] === '{') return '\\u0024';
      if (ESCAPES[ch]) return ESCAPES[ch];
      const code = ch.codePointAt(0)!;
      if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029)
        return `\\u${code.toString(16).padStart(4, '0')}`;
      return ch;
    })
    .join('');
  return `${quote}${body}${quote}`;
}
