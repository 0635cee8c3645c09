import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nextIoTurn } from '../../src/platform/http/turns.ts';

const TURNS = path.join(import.meta.dirname, '../../src/platform/http/turns.ts');

/** Runs a module body in a Node process of its own; answers what it printed (it must exit by itself). */
const runAlone = (body: string) =>
  execFileSync(process.execPath, ['--input-type=module', '-e', `import { nextIoTurn } from '${TURNS}';\n${body}`], {
    encoding: 'utf8',
    timeout: 10_000,
  });

describe('turns of an in-thread database', () => {
  it('are given in the order asked', async () => {
    const order: number[] = [];
    await Promise.all([1, 2, 3, 4, 5].map((n) => nextIoTurn().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });

  it('are not given within the code that asks (the caller waits for the event loop)', async () => {
    let given = false;
    const turn = nextIoTurn().then(() => {
      given = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(given).toBe(false);
    await turn;
    expect(given).toBe(true);
  });

  it('hold the process open while awaited, and never once none is', () => {
    // awaited with nothing else pending: the process must wait for the turn, not exit before it
    expect(runAlone(`await nextIoTurn(); await nextIoTurn(); console.log('given');`)).toBe('given\n');
    // after the turns, the channel must let the process end by itself (execFileSync's timeout otherwise)
    expect(runAlone(`await Promise.all([nextIoTurn(), nextIoTurn()]); console.log('ended');`)).toBe('ended\n');
  });
});
