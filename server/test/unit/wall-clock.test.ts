import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerCompilers } from '../../src/platform/http/validation.ts';
import { DEFAULT_TIME_ZONE, useTimeZone, wallClock } from '../../src/platform/time/zone.ts';

/** The JSON of an answer of this schema, as routes answer it. */
const serializerOf = (schema: z.ZodType) =>
  answerCompilers(false).buildSerializer()({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (
    data: unknown,
  ) => string;
const answerJson = serializerOf(z.unknown());

const NOON_UTC = new Date('2026-03-01T12:34:56.789Z');

describe('answered dates: the server zone’s wall clock', () => {
  afterEach(() => useTimeZone(DEFAULT_TIME_ZONE));

  it('writes an instant as yyyy-MM-dd HH:mm:ss in the zone set at start', () => {
    expect(wallClock(NOON_UTC)).toBe('2026-03-01 20:34:56');
    expect(wallClock(new Date('0099-01-02T00:00:00Z'))).toMatch(/^0099-01-02 /); // years below 1000 keep 4 digits
    useTimeZone('UTC');
    expect(wallClock(NOON_UTC)).toBe('2026-03-01 12:34:56');
    useTimeZone('America/New_York');
    expect(wallClock(NOON_UTC)).toBe('2026-03-01 07:34:56');
  });

  it('turns every Date of an answer into that text, at any depth, and nothing else', () => {
    const answer = {
      code: 200,
      data: { at: NOON_UTC, list: [{ when: NOON_UTC, name: '2026-03-01T12:34:56Z' }], none: null },
    };
    expect(JSON.parse(answerJson(answer))).toEqual({
      code: 200,
      data: {
        at: '2026-03-01 20:34:56',
        list: [{ when: '2026-03-01 20:34:56', name: '2026-03-01T12:34:56Z' }],
        none: null,
      },
    });
    expect(answerJson({ broken: new Date(Number.NaN) })).toBe('{"broken":null}');
    // only for the call: everything else (logs, JSON columns) still writes ISO, after a failure too
    expect(JSON.stringify(NOON_UTC)).toBe('"2026-03-01T12:34:56.789Z"');
    const cyclic: Record<string, unknown> = { at: NOON_UTC };
    cyclic.self = cyclic;
    expect(() => answerJson(cyclic)).toThrow();
    expect(JSON.stringify(NOON_UTC)).toBe('"2026-03-01T12:34:56.789Z"');
  });

  it('does the same for answers serialized through their zod schema', () => {
    const serialize = serializerOf(z.object({ at: z.date(), maybe: z.date().nullable() }));
    // a null date is BladeX's empty text (answer-shape.ts)
    expect(JSON.parse(serialize({ at: NOON_UTC, maybe: null, dropped: 1 }))).toEqual({
      at: '2026-03-01 20:34:56',
      maybe: '',
    });
  });
});
