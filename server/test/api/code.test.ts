import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSealer } from '../../src/platform/auth/sealed-secrets.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createFixtureTable, fixtureRecord } from '../support/code.ts';
import { createRole, createTenant } from '../support/factories.ts';
import { createTestApp, plainUser, TEST_SEALING_KEY, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-develop/code';
const EN = { 'accept-language': 'en' };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createFixtureTable(t.database.db);
});
afterAll(() => t.close());

const rows = async () =>
  (
    await sql<Record<string, string>>`select id, code_name, is_deleted from blade_code order by id`.execute(
      t.database.db,
    )
  ).rows;
const submit = (payload: object, headers = t.auth()) =>
  t.app.inject({ method: 'POST', url: `${BASE}/submit`, headers, payload });
const get = (url: string, headers = t.auth()) => t.app.inject({ url: `${BASE}/${url}`, headers });
const post = (url: string, headers = t.auth()) => t.app.inject({ method: 'POST', url: `${BASE}/${url}`, headers });
const created = async (extra: object = {}) => {
  const res = await submit(fixtureRecord(extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; codeName: string };
};

/** A datasource row, its password sealed as the datasource screen seals it. */
async function datasource(url: string, password = 'ds-Secret-77'): Promise<string> {
  const id = nextId();
  const sealed = createSealer(TEST_SEALING_KEY).seal(password);
  await sql`insert into blade_datasource (id, name, driver_class, url, username, password)
    values (${id}, ${`ds-${id}`}, 'org.postgresql.Driver', ${url}, 'postgres', ${sealed})`.execute(t.database.db);
  return id;
}

describe(`POST ${BASE}/submit, GET list and detail`, () => {
  it('keeps a record and answers it in the list and the detail', async () => {
    const record = await created();
    expect(record).toMatchObject({ codeName: '小部件', tableName: 'cw_widget', datasourceId: '0', pkName: 'id' });
    const list = await get('list?current=1&size=100');
    expect(list.json().data.records.map((r: { id: string }) => r.id)).toContain(record.id);
    expect((await get(`detail?id=${record.id}`)).json().data).toMatchObject({ packageName: 'develop' });
  });

  it('refuses names that could not reach code, a missing module name and an unknown datasource, writing nothing', async () => {
    const before = await rows();
    const cases: [object, string][] = [
      [{ codeName: '' }, 'Please enter the module name'],
      [{ tableName: 'Bad-Table' }, 'tableName takes lower-case letters, digits and underscores'],
      [{ tableName: "x'; drop table blade_user; --" }, 'tableName takes lower-case letters'],
      [{ packageName: '../etc' }, 'packageName takes lower-case letters'],
      [{ serviceName: 'Blade Desk' }, 'The service name takes lower-case letters, digits and hyphens'],
      [{ apiPath: '/api/../x' }, 'The API path must look like /api/blade-desk/notice'],
      [{ webPath: 'desk/x' }, 'The page path must look like /desk/notice'],
      [{ pkName: 'widget_id' }, 'The primary key must be id'],
      [{ datasourceId: '12345' }, 'The datasource does not exist'],
    ];
    for (const [extra, msg] of cases) {
      const res = await submit(fixtureRecord(extra), { ...t.auth(), ...EN });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    expect(await rows()).toEqual(before);
  });
});

describe(`POST ${BASE}/copy and remove`, () => {
  it('copies a record under its name with a suffix, and removes it softly', async () => {
    const record = await created({ codeName: 'Widgets' });
    const copy = await post(`copy?id=${record.id}`);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data).toMatchObject({ codeName: 'Widgets-copy', tableName: 'cw_widget' });
    expect(copy.json().data.id).not.toBe(record.id);
    expect((await post(`remove?ids=${copy.json().data.id}`)).statusCode).toBe(200);
    expect((await rows()).find((r) => r.id === copy.json().data.id)?.is_deleted).toBe(1);
  });

  it('refuses an unknown or malformed id', async () => {
    expect((await post('copy?id=42')).statusCode).toBe(404);
    expect((await post('copy?id=abc')).statusCode).toBe(400);
  });
});

describe(`GET ${BASE}/tables and columns`, () => {
  it('lists the tables and columns of the platform database, with their comments', async () => {
    const tables = await get('tables');
    expect(tables.statusCode, tables.body).toBe(200);
    expect(tables.json().data).toContainEqual({ tableName: 'cw_widget', comment: '小部件' });
    const columns = (await get('columns?datasourceId=0&tableName=cw_widget')).json().data;
    expect(columns.map((c: { columnName: string }) => c.columnName).slice(0, 4)).toEqual([
      'id',
      'tenant_id',
      'widget_name',
      'widget_code',
    ]);
    expect(columns[2]).toMatchObject({
      dataType: 'character varying',
      maxLength: 100,
      nullable: false,
      comment: '部件名称',
    });
  });

  it('refuses an unknown table and a name that is no identifier', async () => {
    const unknown = await get('columns?tableName=cw_nothing', { ...t.auth(), ...EN });
    expect(unknown.json()).toMatchObject({ code: 400, msg: 'The datasource has no table cw_nothing' });
    expect((await get('columns?tableName=pg_class%3Bselect')).statusCode).toBe(400);
  });

  it('refuses a datasource that is not PostgreSQL, and one it cannot reach without echoing what the driver says', async () => {
    const mysql = await datasource('jdbc:mysql://127.0.0.1:3306/x');
    const refused = await get(`tables?datasourceId=${mysql}`, { ...t.auth(), ...EN });
    expect(refused.json()).toMatchObject({ code: 400, msg: expect.stringContaining('Only PostgreSQL datasources') });
    const closed = await datasource('jdbc:postgresql://127.0.0.1:1/nothing');
    const unreachable = await get(`tables?datasourceId=${closed}`, { ...t.auth(), ...EN });
    expect(unreachable.json()).toMatchObject({
      code: 400,
      msg: expect.stringContaining('Cannot reach the datasource'),
    });
    expect(unreachable.body).not.toMatch(/ds-Secret-77|ECONNREFUSED|127\.0\.0\.1/);
    expect((await get('tables?datasourceId=777')).statusCode).toBe(404);
  });

  // on PostgreSQL, a datasource row naming the test's own database: the fixture table is read through it
  it.skipIf(process.env.TEST_DB !== 'postgres')('reads the tables and columns of a PostgreSQL datasource', async () => {
    const url = new URL((t.database as { url?: string }).url!);
    const source = await datasource(`jdbc:postgresql://${url.host}${url.pathname}`);
    const tables = await get(`tables?datasourceId=${source}`);
    expect(tables.statusCode, tables.body).toBe(200);
    expect(tables.json().data).toContainEqual({ tableName: 'cw_widget', comment: '小部件' });
    const columns = await get(`columns?datasourceId=${source}&tableName=cw_widget`);
    expect(columns.json().data[2]).toMatchObject({ columnName: 'widget_name', comment: '部件名称' });
    const record = await created({ datasourceId: source, codeName: 'Through a datasource' });
    const preview = await get(`preview?id=${record.id}`);
    expect(preview.json().data[4].code).toContain("table: 'cw_widget',");
  });
});

describe(`GET ${BASE}/preview and POST gen-code`, () => {
  it('previews every file, and downloads the same files as a ZIP', async () => {
    const record = await created({ codeName: 'Zip me' });
    const preview = await get(`preview?id=${record.id}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const files = preview.json().data as { filePath: string; code: string }[];
    expect(files.map((f) => f.filePath)).toEqual([
      'README.md',
      expect.stringMatching(/^server\/src\/migrations\/\d{4}_widget\.ts$/),
      'server/src/modules/develop/widget/schema.ts',
      'server/src/modules/develop/widget/messages.ts',
      'server/src/modules/develop/widget/resource.ts',
      'server/src/modules/develop/widget/routes.ts',
      'server/src/seed/widget-menu.ts',
      'server/test/api/widget.test.ts',
      'web/src/pages/develop/widget/index.tsx',
      'web/src/pages/develop/widget/messages.ts',
    ]);
    // the comment with quotes, a backslash and a template's opening reaches code only as a string literal
    const web = files.find((f) => f.filePath.endsWith('pages/develop/widget/messages.ts'))!.code;
    const odd = String.raw`'Code \'x\' */ \u0024{y} \\ "z"'`;
    expect(web).toContain(`widgetCode: [${odd}, ${odd}],`);

    const zip = await post(`gen-code?ids=${record.id}&system=saber`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe('attachment; filename="cw_widget.zip"');
    const archive = await JSZip.loadAsync(zip.rawPayload);
    const names = Object.keys(archive.files);
    expect(names).toEqual(files.map((f) => f.filePath));
    for (const file of files) expect(await archive.file(file.filePath)!.async('string')).toBe(file.code);
  });

  it('numbers the migrations of several records one after another', async () => {
    const a = await created({ codeName: 'Two A' });
    const b = await created({ codeName: 'Two B', tablePrefix: '' });
    const archive = await JSZip.loadAsync((await post(`gen-code?ids=${a.id},${b.id}`)).rawPayload);
    const migrations = Object.keys(archive.files).filter((n) => n.startsWith('server/src/migrations/'));
    const numbers = migrations.map((n) => Number(/(\d{4})_/.exec(n)![1]));
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect(migrations[1]).toMatch(/_cw_widget\.ts$/);
  });

  it('refuses a table it cannot generate, saying why', async () => {
    await sql`create table cw_nokey (code varchar(10) primary key, label varchar(20))`.execute(t.database.db);
    await sql`create table cw_oddcol ("Odd Col" int, id bigint primary key)`.execute(t.database.db);
    await sql`create table cw_jsonb (id bigint primary key, doc jsonb)`.execute(t.database.db);
    const cases: [string, string][] = [
      ['cw_nokey', 'The primary key must be id'],
      ['cw_oddcol', 'Odd Col takes lower-case letters'],
      ['cw_jsonb', 'Column doc has type jsonb'],
      ['cw_missing', 'The datasource has no table cw_missing'],
    ];
    for (const [table, msg] of cases) {
      const record = await created({ tableName: table, codeName: table });
      const res = await get(`preview?id=${record.id}`, { ...t.auth(), ...EN });
      expect(res.json().msg, table).toContain(msg);
      expect((await post(`gen-code?ids=${record.id}`)).statusCode).toBe(400);
    }
    expect((await get('preview?id=42')).statusCode).toBe(404);
    expect((await post('gen-code?ids=')).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => String(1000 + i)).join(',');
    const tooMany = await post(`gen-code?ids=${many}`, { ...t.auth(), ...EN });
    expect(tooMany.json()).toMatchObject({ code: 400, msg: 'At most 50 records are generated at once' });
  });
});

describe('who may reach the code generator', () => {
  it('refuses callers without the codes and every other tenant, changing nothing', async () => {
    const record = await created({ codeName: 'Guarded' });
    const before = await rows();
    await createTenant(t.database.db, '600022');
    const codes = ['code', 'code_add', 'code_edit', 'code_delete', 'code_view', 'code_gen', 'code_copy'];
    const role = await createRole(t.database.db, '600022', 'coder', codes);
    const other = await t.authFor({ ...plainUser, tenantId: '600022', roleIds: [role], roleAliases: ['coder'] });
    for (const headers of [t.auth(plainUser), other]) {
      expect((await get('list', headers)).statusCode).toBe(403);
      expect((await get(`detail?id=${record.id}`, headers)).statusCode).toBe(403);
      expect((await get(`preview?id=${record.id}`, headers)).statusCode).toBe(403);
      expect((await get('tables', headers)).statusCode).toBe(403);
      expect((await get('columns?tableName=cw_widget', headers)).statusCode).toBe(403);
      expect((await post(`copy?id=${record.id}`, headers)).statusCode).toBe(403);
      expect((await post(`gen-code?ids=${record.id}`, headers)).statusCode).toBe(403);
      expect((await post(`remove?ids=${record.id}`, headers)).statusCode).toBe(403);
      expect((await submit(fixtureRecord(), headers)).statusCode).toBe(403);
    }
    expect(await rows()).toEqual(before);
  });
});
