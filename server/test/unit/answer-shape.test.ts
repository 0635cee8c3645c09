import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileShaper, sameNodes } from '../../src/platform/http/answer-shape.ts';
import { useTimeZone, wallClock } from '../../src/platform/time/zone.ts';

useTimeZone('Asia/Shanghai');

describe("an answer shaped by its schema (BladeX's null-to-empty)", () => {
  const row = z.object({
    name: z.string().nullable(),
    sort: z.number().int().nullable(),
    price: z.string().describe('a decimal, as text').nullable(),
    sealed: z.boolean().nullable(),
    roles: z.array(z.string()).nullable(),
    ext: z.object({ a: z.string() }).nullable(),
    state: z.enum(['on', 'off']).nullable(),
    kind: z.literal(2).nullable(),
    anything: z.unknown(),
    when: z.string().nullable(),
    optional: z.string().nullable().optional(),
  });

  it('answers each type’s empty value for a null, and keeps what is not null', () => {
    const shape = compileShaper(row, { extra: 'strip' });
    const nulls = Object.fromEntries(Object.keys(row.shape).map((key) => [key, null]));
    expect(shape({ ...nulls, optional: undefined })).toEqual({
      name: '',
      sort: -1,
      price: '',
      sealed: false,
      roles: [],
      ext: {},
      state: '',
      kind: -1,
      anything: null,
      when: '',
    });
    const full = { name: 'a', sort: 0, price: '1.50', sealed: true, roles: ['x'], ext: { a: 'b' }, state: 'on' };
    expect(shape({ ...nulls, ...full, anything: 0, when: 'x' })).toMatchObject({ ...full, anything: 0 });
  });

  it('writes a date as the wall clock, where the schema names it and where it does not', () => {
    const at = new Date('2026-11-27T01:02:03Z');
    expect(compileShaper(row, { extra: 'keep' })({ when: at, extra: at })).toEqual({
      when: '2026-11-27 09:02:03',
      extra: wallClock(at),
    });
  });

  it('strips what a strict schema does not name, unless told to keep it; a loose schema keeps it', () => {
    expect(compileShaper(row, { extra: 'strip' })({ name: 'a', secret: 's' })).toEqual({ name: 'a' });
    expect(compileShaper(row, { extra: 'keep' })({ name: 'a', more: null })).toEqual({ name: 'a', more: null });
    expect(
      compileShaper(z.looseObject({ name: z.string().nullable() }), { extra: 'strip' })({ name: null, more: 1 }),
    ).toEqual({
      name: '',
      more: 1,
    });
  });

  it('shapes the nodes of a tree at every depth, and each list’s items', () => {
    const node = z.object({
      title: z.string().nullable(),
      children: sameNodes(z.array(z.looseObject({}))).optional(),
    });
    const tree = [{ title: null, children: [{ title: null, children: [{ title: 'c' }] }] }];
    expect(compileShaper(z.array(node), { extra: 'strip' })(tree)).toEqual([
      { title: '', children: [{ title: '', children: [{ title: 'c' }] }] },
    ]);
  });

  it('shapes the children of an extended node as the extended node, beside its base in one answer', () => {
    const base = z.object({ title: z.string().nullable(), children: sameNodes(z.array(z.looseObject({}))).optional() });
    // `extend` keeps the base's `children` schema: one answer meets it under both nodes
    const extended = base.extend({ more: z.string().nullable() });
    const answer = z.object({ plain: z.array(base), rich: z.array(extended) });
    const tree = [{ title: 'a', more: null, children: [{ title: 'b', more: null, secret: 1 }] }];
    expect(compileShaper(answer, { extra: 'strip' })({ plain: tree, rich: tree })).toEqual({
      plain: [{ title: 'a', children: [{ title: 'b' }] }],
      rich: [{ title: 'a', more: '', children: [{ title: 'b', more: '' }] }],
    });
  });

  it('never writes into the data it is given (it may be a cache’s)', () => {
    const data = { name: null, roles: null };
    const frozen = Object.freeze(data);
    expect(compileShaper(row, { extra: 'strip' })(frozen)).toEqual({ name: '', roles: [] });
    expect(data).toEqual({ name: null, roles: null });
  });

  it('leaves an untyped or transformed answer as it is, and a null data envelope null', () => {
    const envelope = z.object({ code: z.number(), data: z.null(), msg: z.string() });
    expect(compileShaper(envelope, { extra: 'strip' })({ code: 200, data: null, msg: 'ok' })).toEqual({
      code: 200,
      data: null,
      msg: 'ok',
    });
    const transformed = z.string().transform((s) => s.length);
    expect(compileShaper(transformed.nullable(), { extra: 'strip' })(null)).toBe(null);
  });
});
