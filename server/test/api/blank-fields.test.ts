import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The one rule of optional fields (issue 21): a form leaves a field empty by sending "", and for
 * every optional field that is not free text (a number, an id, a date, a choice) that means "not
 * given", never a 400. BladeX's user form sends `birthday: ""`, its role form `parentId: ""`.
 * Walks every route's body and query schema, so that a field added later cannot break the rule.
 */

interface Def {
  type: string;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  shape?: Record<string, ZodType>;
}
const def = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object a route's schema reads, through the wrappers around it (optional, nullable, pipes). */
function objectOf(schema: ZodType | undefined): z.ZodObject | null {
  let at = schema;
  for (let depth = 0; at && depth < 10; depth++) {
    const d = def(at);
    if (d.type === 'object') return at as z.ZodObject;
    at = d.innerType ?? (d.type === 'pipe' ? (def(d.in!).type === 'transform' ? d.out : d.in) : undefined);
  }
  return null;
}

/** Free text: it takes a plain text as it is, so "" is a value there (the empty text), not a missing one. */
function isFreeText(field: ZodType): boolean {
  const parsed = field.safeParse('some text');
  return parsed.success && typeof parsed.data === 'string';
}

/** A list or an object (grants, variables): not a form's field. */
const isStructured = (field: ZodType) => field.safeParse([]).success || field.safeParse({}).success;

/** A field the insert requires, optional only in an update (`updateOf`): "" stays refused there. */
const requiredOnInsert = (field: ZodType) => z.globalRegistry.get(field)?.['x-requiredOnInsert'] === true;

describe('optional fields take "" as not given', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('in every route body and query', () => {
    const refused: string[] = [];
    let checked = 0;
    for (const route of t.app.platform.routes) {
      const schema = route.schema as { body?: ZodType; querystring?: ZodType } | undefined;
      for (const part of ['body', 'querystring'] as const) {
        const object = objectOf(schema?.[part]);
        if (!object) continue;
        for (const [name, field] of Object.entries(object.shape as Record<string, ZodType>)) {
          if (
            !field.safeParse(undefined).success ||
            requiredOnInsert(field) ||
            isStructured(field) ||
            isFreeText(field)
          )
            continue;
          checked++;
          const parsed = z.object({ [name]: field }).safeParse({ [name]: '' });
          if (!parsed.success) refused.push(`${route.method} ${route.url} ${part}.${name}`);
        }
      }
    }
    expect(refused).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
