import vm from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { camel, checkIdentifier, kebab, literal, pascal } from '../../src/modules/develop/code/generator/names.ts';

describe('the code generator’s names', () => {
  it('let only lower-case identifiers through', () => {
    for (const good of ['a', '_a', 'stock_item', 'col_1']) expect(checkIdentifier(good, 'x')).toBe(good);
    const bad = ['', 'A', '1a', 'a-b', 'a b', "a'", 'a;drop', 'ä', 'a\n', 'x'.repeat(64)];
    for (const name of bad) expect(() => checkIdentifier(name, 'x'), JSON.stringify(name)).toThrow();
  });

  it('spell an entity the ways code names it', () => {
    expect([camel('stock_item'), pascal('stock_item'), kebab('stock_item')]).toEqual([
      'stockItem',
      'StockItem',
      'stock-item',
    ]);
    expect(camel('__proto__')).toBe('proto');
  });
});

describe('literal', () => {
  it('reads back as the text it was given, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const code = literal(text);
        expect(vm.runInNewContext(code)).toBe(text);
        // one line, no template placeholder, nothing after the closing quote
        expect(code).not.toMatch(/[\n\r\u2028\u2029]|\$\{/);
      }),
      { numRuns: 2000 },
    );
  });

  it('quotes as Biome does: single, unless that escapes more', () => {
    expect(literal('a')).toBe("'a'");
    expect(literal("it's")).toBe('"it\'s"');
    expect(literal(`'"'`)).toBe(String.raw`"'\"'"`);
    expect(literal(['*/ $', '{x}'].join(''))).toBe(String.raw`'*/ \u0024{x}'`);
  });
});
