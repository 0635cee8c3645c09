import { describe, expect, it } from 'vitest';
import { createSnowflake } from '../../src/platform/db/snowflake.ts';

describe('snowflake ids', () => {
  it('are unique, increasing decimal strings within the bigint range', () => {
    const next = createSnowflake(5);
    const ids = Array.from({ length: 20_000 }, next);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(BigInt(ids[i]!) > BigInt(ids[i - 1]!)).toBe(true);
    expect(ids.every((id) => /^[1-9]\d{15,18}$/.test(id))).toBe(true);
    expect(BigInt(ids.at(-1)!) < 2n ** 63n).toBe(true);
  });

  it('differ between workers in the same millisecond', () => {
    const a = createSnowflake(1)();
    const b = createSnowflake(2)();
    expect(a).not.toBe(b);
  });
});
