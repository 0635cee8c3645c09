import { expect } from 'vitest';
import { WALL_CLOCK } from '../../src/platform/http/envelope.ts';

/**
 * An answered date: BladeX's `yyyy-MM-dd HH:mm:ss`, the server's wall clock. The tests run in the
 * servers' zone (vitest.config.ts), so `new Date` reads the text back as the same instant.
 */
export function answeredInstant(text: unknown): Date {
  expect(text).toMatch(WALL_CLOCK);
  return new Date(text as string);
}
