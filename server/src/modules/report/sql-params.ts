import { badRequest } from '../../platform/http/errors.ts';
import { reportMessages as m } from './messages.ts';

/** A dataset's SQL with its `:name` parameters as `$n`, and the names in the order of their numbers. */
export interface BoundSql {
  text: string;
  names: string[];
}

const NAME_START = /[a-zA-Z_]/;
const NAME_PART = /[a-zA-Z0-9_]/;

/**
 * `:name` outside quotes, comments and dollar-quoted text becomes `$n` (one number per name), so
 * that values are always bound, never spliced into the text; `::` casts stay. A name the report does
 * not declare is refused.
 */
export function bindNames(sqlText: string, declared: ReadonlySet<string>): BoundSql {
  const names: string[] = [];
  let out = '';
  let i = 0;
  while (i < sqlText.length) {
    const skipped = skipQuoted(sqlText, i);
    if (skipped > i) {
      out += sqlText.slice(i, skipped);
      i = skipped;
      continue;
    }
    const ch = sqlText[i]!;
    if (ch === ':' && sqlText[i + 1] === ':') {
      out += '::';
      i += 2;
    } else if (ch === ':' && NAME_START.test(sqlText[i + 1] ?? '')) {
      let end = i + 2;
      while (end < sqlText.length && NAME_PART.test(sqlText[end]!)) end++;
      const name = sqlText.slice(i + 1, end);
      if (!declared.has(name)) throw badRequest(m['report.sql.unknownParam'], { name });
      if (!names.includes(name)) names.push(name);
      out += `$${names.indexOf(name) + 1}`;
      i = end;
    } else {
      out += ch;
      i++;
    }
  }
  return { text: out, names };
}

/** Where the quoted text, comment or dollar-quoted text starting at `i` ends; `i` when none starts there. */
function skipQuoted(s: string, i: number): number {
  const two = s.slice(i, i + 2);
  if (two === '--') return end(s, s.indexOf('\n', i));
  if (two === '/*') return end(s, s.indexOf('*/', i + 2), 2);
  if (s[i] === "'" || s[i] === '"') {
    // a doubled quote is the quote itself; backslashes of E'' strings are left to the parser, which refuses what is unbalanced
    let j = i + 1;
    while (j < s.length) {
      if (s[j] === s[i] && s[j + 1] === s[i]) j += 2;
      else if (s[j] === s[i]) return j + 1;
      else j++;
    }
    return s.length;
  }
  const tag = /^\$([a-zA-Z_][a-zA-Z0-9_]*)?\$/.exec(s.slice(i));
  if (tag) return end(s, s.indexOf(tag[0], i + tag[0].length), tag[0].length);
  return i;
}

const end = (s: string, at: number, length = 0) => (at < 0 ? s.length : at + length);
