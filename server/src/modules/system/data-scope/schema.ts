import { z } from 'zod';
import { optionalText, requiredText } from '../../../platform/http/fields.ts';
import { isId } from '../../../platform/http/ids.ts';
import { dataScopeMessages as m } from './messages.ts';

/** A menu id (text or number); anything else, or nothing, answers the key. */
export const menuIdField = (key: string) =>
  z
    .union([z.string(), z.number()], { error: key })
    .transform((v) => String(v).trim())
    .refine(isId, { error: key });

/** A whole number in a range, sent as a number or as numeric text. */
export const intBetween = (min: number, max: number, key: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
    z.int({ error: key }).min(min, { error: key }).max(max, { error: key }),
  );

const COLUMN = /^[a-z_][a-z0-9_]*$/;
const FIELD_LIST = /^(\*|[a-z_][a-z0-9_]*(\s*,\s*[a-z_][a-z0-9_]*)*)$/;
// A field in camelCase with one of the BladeX operator suffixes (none means "contains").
const CONDITION_KEY =
  /^[a-z][A-Za-z0-9]*(_(equal|notequal|like|notlike|likeleft|likeright|ge|le|gt|lt|datege|dategt|dateequal|datelt|datele|null|notnull))?$/;

/**
 * A custom rule: a JSON object of BladeX filter conditions with text values, where `${userId}` and
 * `${deptId}` stand for the caller's. It is turned into typed conditions, never spliced into SQL.
 */
export function isFilterConditions(text: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return false;
  const entries = Object.entries(parsed);
  return (
    entries.length > 0 &&
    entries.length <= 20 &&
    entries.every(
      ([key, value]) =>
        CONDITION_KEY.test(key) &&
        typeof value === 'string' &&
        value.length <= 255 &&
        !value.replace(/\$\{(userId|deptId)\}/g, '').includes('${'),
    )
  );
}

/** A data-scope rule as its form submits it (blade_scope_data). */
export const dataScopeInput = z.object({
  menuId: menuIdField(m['dataScope.menuId.required']),
  resourceCode: requiredText(m['dataScope.resourceCode.required'], 255),
  scopeName: requiredText(m['dataScope.scopeName.required'], 255),
  scopeField: optionalText(255).refine((v) => !v || FIELD_LIST.test(v), { error: m['dataScope.scopeField.invalid'] }),
  scopeClass: optionalText(500),
  scopeColumn: optionalText(255).refine((v) => !v || COLUMN.test(v), { error: m['dataScope.scopeColumn.invalid'] }),
  scopeType: intBetween(1, 5, m['dataScope.scopeType.required']),
  scopeValue: optionalText(2000).refine((v) => !v || isFilterConditions(v), {
    error: m['dataScope.scopeValue.invalid'],
  }),
  remark: optionalText(255),
});
export type DataScopeInput = z.infer<typeof dataScopeInput>;
