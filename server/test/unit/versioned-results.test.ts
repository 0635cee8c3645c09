import { describe, expect, it } from 'vitest';
import { createVersionedResults } from '../../src/platform/db/versioned-results.ts';

const counting = () => {
  let calls = 0;
  const compute = (answer: string) => async () => {
    calls++;
    return answer;
  };
  return { compute, calls: () => calls };
};

describe('versioned results', () => {
  it('compute an answer once per scope and key', async () => {
    const results = createVersionedResults();
    const c = counting();
    expect(await results.read('t1@1', 'page 1', c.compute('a'))).toBe('a');
    expect(await results.read('t1@1', 'page 1', c.compute('b'))).toBe('a');
    expect(await results.read('t1@2', 'page 1', c.compute('c'))).toBe('c'); // a new version
    expect(await results.read('t2@1', 'page 1', c.compute('d'))).toBe('d'); // another tenant
    expect(await results.read('t1@1', 'page 2', c.compute('e'))).toBe('e');
    expect(c.calls()).toBe(4);
  });

  it('share one computation between reads that come while it runs', async () => {
    const results = createVersionedResults();
    let release!: (answer: string) => void;
    let calls = 0;
    const slow = () => {
      calls++;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    };
    const both = Promise.all([results.read('s', 'k', slow), results.read('s', 'k', slow)]);
    release('once');
    expect(await both).toEqual(['once', 'once']);
    expect(calls).toBe(1);
  });

  it('keep no failure: the next read computes again', async () => {
    const results = createVersionedResults();
    await expect(results.read('s', 'k', () => Promise.reject(new Error('database gone')))).rejects.toThrow();
    expect(await results.read('s', 'k', async () => 'back')).toBe('back');
  });

  it('drop the least recently read first past their bound, and everything at clear', async () => {
    const results = createVersionedResults(2);
    const c = counting();
    await results.read('s', 'a', c.compute('a'));
    await results.read('s', 'b', c.compute('b'));
    await results.read('s', 'a', c.compute('a'));
    await results.read('s', 'c', c.compute('c')); // drops b, read before a
    expect(c.calls()).toBe(3);
    await results.read('s', 'a', c.compute('a'));
    expect(c.calls()).toBe(3);
    await results.read('s', 'b', c.compute('b'));
    expect(c.calls()).toBe(4);
    results.clear();
    await results.read('s', 'b', c.compute('b'));
    expect(c.calls()).toBe(5);
  });
});
