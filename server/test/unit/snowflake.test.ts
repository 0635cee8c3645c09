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

  it('go on increasing at once when the clock goes back, however many are asked', () => {
    let now = Date.UTC(2026, 10, 27, 12, 0, 0);
    const next = createSnowflake(7, () => now);
    const before = next();
    now -= 60_000; // the clock is set back a minute
    // 20,000 ids on a clock standing a minute behind: the generator used to spin until the clock
    // caught up (a test that had faked the clock a minute ahead blocked the next one for that minute)
    const after = Array.from({ length: 20_000 }, next);
    const ids = [before, ...after];
    for (let i = 1; i < ids.length; i++) expect(BigInt(ids[i]!) > BigInt(ids[i - 1]!)).toBe(true);
    // once the clock passes the last id's millisecond, ids follow the clock again
    now += 120_000;
    const later = BigInt(next());
    expect(later >> 22n).toBe(BigInt(now) - 1577836800000n);
    expect(later > BigInt(after.at(-1)!)).toBe(true);
  });

  it('differ between workers in the same millisecond', () => {
    const a = createSnowflake(1)();
    const b = createSnowflake(2)();
    expect(a).not.toBe(b);
  });
});
