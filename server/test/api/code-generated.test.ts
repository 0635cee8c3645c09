import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLine,
  copyOfTree,
  createFixtureTable,
  createPlatformFixtureTable,
  fixtureRecord,
  run,
  writeFiles,
} from '../support/code.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * What the generator makes for two real tables (one a tenant's, one platform-wide), dropped into a copy of this repository as its README
 * says: it must pass the project's typecheck and lint, and its own API test must pass against the
 * server it joins. Once, on PGlite: the generated files are the same whatever the database.
 */
const onPglite = process.env.TEST_DB !== 'postgres';
let t: TestApp;
let dir: string;
let files: { filePath: string; code: string }[];

/** Saves a generator record and answers its id. */
async function record(values: object): Promise<string> {
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/blade-develop/code/submit',
    headers: t.auth(),
    payload: fixtureRecord(values),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().data.id;
}

beforeAll(async () => {
  if (!onPglite) return;
  t = await createTestApp();
  await createFixtureTable(t.database.db);
  await createPlatformFixtureTable(t.database.db);
  const ids = [await record({}), await record({ codeName: 'Gadgets', tableName: 'cw_gadget' })];
  // both records in one archive, as the screen downloads them
  const zip = await t.app.inject({
    method: 'POST',
    url: `/api/blade-develop/code/gen-code?ids=${ids}`,
    headers: t.auth(),
  });
  expect(zip.statusCode, zip.body).toBe(200);
  const archive = await JSZip.loadAsync(zip.rawPayload);
  files = await Promise.all(
    Object.values(archive.files).map(async (f) => ({ filePath: f.name, code: await f.async('string') })),
  );
  dir = copyOfTree();
  writeFiles(
    dir,
    files.filter((f) => f.filePath !== 'README.md'),
  );
  // the lines the README asks for: the migrations' entries, the routes' registrations
  const migrations = path.join(dir, 'server/src/migrations/index.ts');
  const develop = path.join(dir, 'server/src/modules/develop/index.ts');
  for (const [name, entity] of [
    ['widget', 'Widget'],
    ['gadget', 'Gadget'],
  ]) {
    const migration = path.basename(files.find((f) => f.filePath.endsWith(`_${name}.ts`))!.filePath, '.ts');
    addLine(migrations, /^import \* as /, `import * as ${name} from './${migration}.ts';`);
    addLine(migrations, /^ {2}'\d{4}_/, `  '${migration}': ${name},`);
    addLine(develop, /^import /, `import { register${entity}Routes } from './${name}/routes.ts';`);
    addLine(develop, /^ {2}register\w+Routes\(app\);/, `  register${entity}Routes(app);`);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.runIf(onPglite)('the generated code, dropped into the tree', () => {
  it('says in its README where each file goes', () => {
    const readme = files[0]!.code;
    for (const file of files.slice(1)) expect(readme).toContain(`\`${file.filePath}\``);
    expect(readme).toContain('registerWidgetRoutes(app);');
    expect(readme).toContain('registerGadgetRoutes(app);');
    // the platform-wide table is served to the platform tenant only
    expect(files.find((f) => f.filePath.endsWith('gadget/resource.ts'))!.code).toContain('platformOnly: true,');
  });

  it('passes the typecheck of the server and of the web client', async () => {
    const server = await run(dir, 'tsc', ['-p', 'server']);
    expect(server.output).toBe('');
    const web = await run(dir, 'tsc', ['-p', 'web']);
    expect(web.output).toBe('');
  }, 120_000);

  it('passes Biome (lint and format) as the repository sets it', async () => {
    const paths = files.filter((f) => f.filePath !== 'README.md').map((f) => f.filePath);
    const lint = await run(dir, 'biome', ['check', '--vcs-enabled=false', '--error-on-warnings', ...paths]);
    expect(lint.output, lint.output).toContain(`Checked ${paths.length} files`);
    expect(lint.ok, lint.output).toBe(true);
  }, 60_000);

  it('passes its own API test against the server it joins', async () => {
    // on PGlite alone, without colours: the test of one resource
    const env = { ...process.env, TEST_DATABASE_URL: '', TEST_REDIS_URL: '', CI: '', NO_COLOR: '1' };
    const args = ['run', '--project', 'pglite', 'test/api/widget.test.ts', 'test/api/gadget.test.ts'];
    const result = await run(path.join(dir, 'server'), 'vitest', args, env);
    expect(result.ok, result.output).toBe(true);
    expect(result.output).toMatch(/Tests\s+6 passed/);
  }, 240_000);
});
