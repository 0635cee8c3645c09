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
 */
export function createSnowflake(workerId = randomInt(0, 1 << Number(WORKER_BITS))) {
  const worker = BigInt(workerId);
  let lastMs = -1n;
  let sequence = 0n;
  return function nextId(): string {
    let now = BigInt(Date.now());
    if (now < lastMs) now = lastMs; // clock moved back: keep counting on the last millisecond
    if (now === lastMs) {
      sequence = (sequence + 1n) & MAX_SEQUENCE;
      if (sequence === 0n) {
        while (BigInt(Date.now()) <= lastMs) {
          // sequence exhausted within this millisecond: wait for the next one
        }
        now = BigInt(Date.now());
      }
    } else {
      sequence = 0n;
    }
    lastMs = now;
    return (((now - EPOCH) << (WORKER_BITS + SEQUENCE_BITS)) | (worker << SEQUENCE_BITS) | sequence).toString();
  };
}

export const nextId = createSnowflake();
