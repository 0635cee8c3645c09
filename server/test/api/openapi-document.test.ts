import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALL_CLOCK } from '../../src/platform/http/envelope.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Routes not yet described (no summary, no answer schema, or no refusal of what they take besides 401): none
 * now. A route may be listed here only while it is being described; the test fails when one listed is described.
 */
const NOT_YET_DESCRIBED = new Set<string>([]);

interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

let t: TestApp;
let body: string;
let operations: { route: string; operation: Operation }[];

beforeAll(async () => {
  t = await createTestApp({ apiDocs: true });
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  body = res.body;
  if (process.env.CW_DUMP_OPENAPI) fs.writeFileSync(process.env.CW_DUMP_OPENAPI, body);
  const paths = JSON.parse(body).paths as Record<string, Record<string, Operation>>;
  operations = Object.entries(paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${url}`, operation })),
  );
});
afterAll(() => t.close());

describe('the API document', () => {
  it("passes Redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: body, absoluteRef: '/api/docs/json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    // every route but the few not yet described carries its summary
    const allowed = errors.filter((e) => {
      const pointer = /^operation-summary at #\/paths\/(.+)\/(\w+)\/summary:/.exec(e);
      if (!pointer) return false;
      const url = pointer[1]!.replaceAll('~1', '/').replaceAll('~0', '~');
      return NOT_YET_DESCRIBED.has(`${pointer[2]!.toUpperCase()} ${url}`);
    });
    expect(errors.filter((e) => !allowed.includes(e))).toEqual([]);
  });

  it('names every operation once', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('describes each route: a summary, the answer, the refusals of what it takes (all but the listed ones)', () => {
    const undescribed = operations
      .filter(({ operation }) => {
        // JSON, or a file: a download (an Excel workbook), the BPMN XML; or a redirect (oauth/authorize, the
        // third-party sign-in's render and callback), which says where to
        const ok =
          Object.values(operation.responses?.['200']?.content ?? {})[0]?.schema ||
          operation.responses?.['302']?.description;
        const refusals = Object.keys(operation.responses ?? {}).filter((s) => /^4\d\d$/.test(s) && s !== '401');
        // a route that takes nothing (no parameter, no body) and needs no permission has nothing to refuse
        const takesInput = Boolean(operation.parameters?.length || operation.requestBody);
        return !operation.summary || !ok || (refusals.length === 0 && takesInput);
      })
      .map(({ route }) => route);
    expect(undescribed.filter((route) => !NOT_YET_DESCRIBED.has(route))).toEqual([]);
    // a route described since leaves the list
    expect([...NOT_YET_DESCRIBED].filter((route) => !undescribed.includes(route))).toEqual([]);
  });

  it('documents answered dates as the wire sends them (the server zone’s `yyyy-MM-dd HH:mm:ss`), never RFC 3339', () => {
    const answers = JSON.stringify(operations.map(({ operation }) => operation.responses));
    expect(answers).not.toContain('"format":"date-time"');
    const createTime =
      JSON.parse(body).paths['/api/blade-system/param/detail'].get.responses['200'].content['application/json'].schema
        .properties.data.properties.createTime;
    expect(createTime.anyOf).toContainEqual(expect.objectContaining({ pattern: WALL_CLOCK.source }));
  });

  it('types a client that makes real calls (openapi-typescript, then tsc)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-openapi-client-'));
    try {
      fs.writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(JSON.parse(body))));
      fs.copyFileSync(path.join(import.meta.dirname, '../openapi-client/calls.ts'), path.join(dir, 'calls.ts'));
      // the client's own settings, not the server's (tsc reads the folder's tsconfig.json)
      const compilerOptions = {
        strict: true,
        noEmit: true,
        target: 'es2024',
        lib: ['es2024', 'dom'],
        module: 'nodenext',
        allowImportingTsExtensions: true,
        skipLibCheck: true,
        types: [],
      };
      fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['calls.ts'] }));
      const tsc = path.join(import.meta.dirname, '../../../node_modules/typescript/bin/tsc');
      const problems = await promisify(execFile)(process.execPath, [tsc, '-p', dir]).then(
        () => '',
        (error: { stdout?: string }) => error.stdout ?? String(error),
      );
      expect(problems).toBe('');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
