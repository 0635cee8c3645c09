import { parseDate } from '../../platform/http/dates.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { reportMessages as m } from './messages.ts';
import type { ReportParam } from './template.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^[+-]?\d{1,20}(\.\d{1,10})?$/;

/**
 * The report's parameter values: what the caller gave, else the parameter's default; each checked
 * against its type, a refusal naming the parameter's label. Values of undeclared names are dropped.
 */
export function resolveParams(declared: readonly ReportParam[], given: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const p of declared) {
    const value = (given[p.name] ?? '').trim() || (p.default ?? '').trim();
    if (!value) {
      if (p.required) throw badRequest(m['report.param.required'], { label: p.label });
      continue;
    }
    if (p.type === 'date' && !(DATE.test(value) && parseDate(value))) {
      throw badRequest(m['report.param.date'], { label: p.label });
    }
    if (p.type === 'number' && !NUMBER.test(value)) throw badRequest(m['report.param.number'], { label: p.label });
    values[p.name] = value;
  }
  return values;
}

/** The `params` query of an export: a JSON object of text values. */
export function paramsFromQuery(text: string | undefined): Record<string, string> {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest(m['report.params.invalid']);
  }
  const valid =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every((v) => typeof v === 'string');
  if (!valid) throw badRequest(m['report.params.invalid']);
  return parsed as Record<string, string>;
}
