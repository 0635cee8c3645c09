import { describe, expect, it } from 'vitest';
import { fromFormValues, toFormValues } from '../src/components/crud/form-values.ts';
import type { FieldSpec } from '../src/components/crud/types.ts';

const fields: FieldSpec[] = [
  { name: 'parentId', label: 'p', type: 'tree-select', emptyValue: '0' },
  { name: 'roleId', label: 'r', type: 'tree-select', multiple: true },
  { name: 'password', label: 'pw', type: 'password' },
  { name: 'password2', label: 'pw2', type: 'password', confirms: { field: 'password', message: 'm' } },
];

describe('form values', () => {
  it('show a "none" value (parent 0) as empty, and send empty as it', () => {
    expect(toFormValues(fields, { parentId: 0 }).parentId).toBeUndefined();
    expect(toFormValues(fields, { parentId: '12' }).parentId).toBe('12');
    expect(fromFormValues(fields, { parentId: undefined }).parentId).toBe('0');
    expect(fromFormValues(fields, { parentId: '12' }).parentId).toBe('12');
  });

  it('show an answer\'s empty values (BladeX\'s null-to-empty: "", -1) as empty', () => {
    const sex: FieldSpec = { name: 'sex', label: 's', type: 'select', options: { dict: 'sex' } };
    const birthday: FieldSpec = { name: 'birthday', label: 'b', type: 'date' };
    expect(toFormValues([sex, birthday], { sex: -1, birthday: '' })).toEqual({ sex: undefined, birthday: undefined });
    expect(toFormValues([sex], { sex: 2 }).sex).toBe('2');
  });

  it('split and join several choices', () => {
    expect(toFormValues(fields, { roleId: '1,2' }).roleId).toEqual(['1', '2']);
    expect(fromFormValues(fields, { roleId: ['1', '2'] }).roleId).toBe('1,2');
  });

  it('never send a confirmation', () => {
    expect(fromFormValues(fields, { password: 'x', password2: 'x' })).toEqual({ password: 'x' });
  });
});
