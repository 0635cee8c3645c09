import { describe, expect, it } from 'vitest';
import { releaseStartMemory } from '../../src/platform/runtime/start-memory.ts';

describe('releaseStartMemory', () => {
  it('runs one full, memory-reducing collection, at once', () => {
    const calls: unknown[] = [];
    const gc = ((options?: unknown) => {
      calls.push(options);
    }) as NodeJS.GCFunction;
    expect(releaseStartMemory(gc)).toBeGreaterThanOrEqual(0);
    expect(calls).toEqual([{ type: 'major', execution: 'sync', flavor: 'last-resort' }]);
  });

  it('does nothing where the collector is not exposed (no --expose-gc)', () => {
    expect(releaseStartMemory(undefined)).toBeUndefined();
  });
});
