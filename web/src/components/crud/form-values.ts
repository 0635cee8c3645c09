import dayjs, { type Dayjs } from 'dayjs';
import { wireFieldDate } from '../../api/wire.ts';
import type { FieldSpec, Row } from './types.ts';

const CHOICE_TYPES = new Set(['select', 'radio', 'tree-select']);
const isChoice = (f: FieldSpec) => CHOICE_TYPES.has(f.type ?? 'text');
const isDate = (f: FieldSpec) => f.type === 'date' || f.type === 'datetime';

/** A record as the form holds it: choices as strings (dictionary keys are), lists split, dates as dayjs. */
export function toFormValues(fields: readonly FieldSpec[], record: Row): Row {
  const values: Row = { ...record };
  for (const f of fields) {
    const v = record[f.name];
    if (f.emptyValue !== undefined && String(v) === String(f.emptyValue)) {
      values[f.name] = undefined;
      continue;
    }
    // an answer's empty values (BladeX's null-to-empty): "" for a date, the number -1 for a choice
    const emptied = (isDate(f) && v === '') || (isChoice(f) && v === -1);
    if (emptied) values[f.name] = undefined;
    if (emptied || v === null || v === undefined || v === '') continue;
    if (isChoice(f) && f.multiple) values[f.name] = String(v).split(',').filter(Boolean);
    else if (isChoice(f)) values[f.name] = String(v);
    else if (isDate(f)) values[f.name] = dayjs(String(v));
    else if (f.type === 'switch') values[f.name] = Number(v) === 1 || v === true;
  }
  return values;
}

/**
 * The form's values as `submit` takes them: lists comma-joined, dates as text, switches as 1/0,
 * numeric choices as numbers (or left out), empty inputs as the field's `emptyValue`; confirmations and
 * empty write-only secrets left out.
 */
export function fromFormValues(fields: readonly FieldSpec[], values: Row): Row {
  const out: Row = { ...values };
  for (const f of fields) {
    if (!(f.name in values) || f.input) continue;
    const v = values[f.name];
    if (f.confirms || (f.keepOnEdit && (v === undefined || v === null || v === ''))) delete out[f.name];
    else if (f.emptyValue !== undefined && (v === undefined || v === null || v === '')) out[f.name] = f.emptyValue;
    else if (Array.isArray(v)) out[f.name] = v.join(',');
    else if (isDate(f) && v) out[f.name] = wireFieldDate(f.type as 'date' | 'datetime', v as Dayjs);
    else if (f.type === 'switch') out[f.name] = v ? 1 : 0;
    // servers that take a number take no null either: an empty numeric choice is not sent
    else if (f.numeric) out[f.name] = v === undefined || v === null || v === '' ? undefined : Number(v);
    else if (v === undefined) out[f.name] = null;
  }
  return out;
}

/** Search values as the list takes them: each date field's value as its day or instant on the wire. */
export function searchValues(fields: readonly FieldSpec[], values: Row): Row {
  const out: Row = { ...values };
  for (const f of fields) {
    const v = values[f.name];
    if (isDate(f) && v) out[f.name] = wireFieldDate(f.type as 'date' | 'datetime', v as Dayjs);
  }
  return out;
}

/** The initial values of a new record. */
export const initialValues = (fields: readonly FieldSpec[]): Row =>
  Object.fromEntries(fields.filter((f) => f.initial !== undefined).map((f) => [f.name, f.initial]));
