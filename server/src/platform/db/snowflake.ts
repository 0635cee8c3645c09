import { randomInt } from 'node:crypto';

// 2020-01-01T00:00:00Z: 41 bits of milliseconds from here last until 2089.
const EPOCH = 1577836800000n;
const WORKER_BITS = 10n;
const SEQUENCE_BITS = 12n;
const MAX_SEQUENCE = (1n << SEQUENCE_BITS) - 1n;

/**
 * Snowflake ids as decimal strings: time-ordered, unique across instances as long as their worker
 * ids differ. The worker id is random per process (1 in 1024 chance of a clash between two
 * instances, and then only within the same millisecond and sequence), which needs no coordination.
 *
 * The millisecond never goes back: when the clock does (an NTP step, a test's faked clock), ids go on
 * counting from the last one. When a millisecond's 4096 ids are used up, the next millisecond is
 * taken at once rather than waited for: waiting for a clock that went back a minute blocked the
 * process for that minute.
 */
export function createSnowflake(workerId = randomInt(0, 1 << Number(WORKER_BITS)), clock = Date.now) {
  const worker = BigInt(workerId);
  let lastMs = -1n;
  let sequence = 0n;
  return function nextId(): string {
    const now = BigInt(clock());
    if (now > lastMs) {
      lastMs = now;
      sequence = 0n;
    } else {
      sequence = (sequence + 1n) & MAX_SEQUENCE;
      if (sequence === 0n) lastMs += 1n; // used up: borrow the next millisecond
    }
    return (((lastMs - EPOCH) << (WORKER_BITS + SEQUENCE_BITS)) | (worker << SEQUENCE_BITS) | sequence).toString();
  };
}

export const nextId = createSnowflake();
