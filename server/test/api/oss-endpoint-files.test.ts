import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaller, createTenant } from '../support/factories.ts';
import { form } from '../support/multipart.ts';
import { S3_KEYS, startS3, type TestS3 } from '../support/s3.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

// BladeX OssEndpoint's file calls (stat-file, file-path, file-link, remove-file(s), put-file(-attach)-by-name)
// on the local disk and on an S3 bucket; each tenant reaches only its own files.

const ENDPOINT = '/api/blade-resource/oss/endpoint';
const TENANT_A = '620001';
const TENANT_B = '620002';
const EN = { 'accept-language': 'en-US' };
const CODES = [
  'attach',
  'attach_view',
  'attach_upload',
  'attach_delete',
  'oss',
  'oss_add',
  'oss_edit',
  'oss_delete',
  'oss_enable',
];

type Headers = Record<string, string>;
type BladeFile = { link: string; domain: string; name: string; originalName: string; attachId: string };

let t: TestApp;
let s3: TestS3;
let adminA: Headers;
let adminB: Headers;
let readerA: Headers;

beforeAll(async () => {
  // `<tenant>-archive` made here: s3rver refuses the SDK's CreateBucket signature (see make-bucket's case)
  s3 = await startS3(['files-a', `${TENANT_A}-archive`]);
  t = await createTestApp();
  await createTenant(t.database.db, TENANT_A);
  await createTenant(t.database.db, TENANT_B);
  adminA = await t.authFor(await createCaller(t.database.db, TENANT_A, 'files-admin', CODES));
  adminB = await t.authFor(await createCaller(t.database.db, TENANT_B, 'files-admin', CODES));
  readerA = await t.authFor({ ...plainUser, tenantId: TENANT_A, roleIds: [], roleAliases: [] });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const get = (route: string, query: Record<string, string>, headers: Headers) =>
  t.app.inject({ url: `${ENDPOINT}/${route}?${new URLSearchParams(query)}`, headers });
const post = (route: string, query: Record<string, string>, headers: Headers) =>
  t.app.inject({ method: 'POST', url: `${ENDPOINT}/${route}?${new URLSearchParams(query)}`, headers });

async function putFile(
  route: string,
  parts: Parameters<typeof form>[0],
  headers: Headers,
  query: Record<string, string> = {},
) {
  const body = await form(parts);
  return t.app.inject({
    method: 'POST',
    url: `${ENDPOINT}/${route}?${new URLSearchParams(query)}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

async function uploaded(headers: Headers, bytes = 'hello', name = 'a.txt'): Promise<BladeFile> {
  const res = await putFile('put-file', { file: { bytes, name, type: 'text/plain' } }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const liveRow = async (name: string) =>
  (
    await sql<{ is_deleted: number; original_name: string }>`
      select is_deleted, original_name from blade_attach where name = ${name}`.execute(t.database.db)
  ).rows[0];

describe(`POST ${ENDPOINT}/put-file-by-name and put-file-attach-by-name`, () => {
  it('stores the file under the name given (query or a field before the file), as put-file', async () => {
    for (const route of ['put-file-by-name', 'put-file-attach-by-name']) {
      const res = await putFile(route, { file: { bytes: 'abc', name: 'ignored.bin', type: 'text/plain' } }, adminA, {
        fileName: '入库单 3月.txt',
      });
      expect(res.statusCode, res.body).toBe(200);
      const file = res.json().data as BladeFile;
      expect(file).toMatchObject({ originalName: '入库单 3月.txt', attachId: expect.any(String) });
      expect(file.name).toMatch(new RegExp(`^${TENANT_A}/[0-9a-f]{32}\\.txt$`));
      expect(file.link).toBe(`${ENDPOINT}/file/${file.name}`);
      expect((await liveRow(file.name))?.original_name).toBe('入库单 3月.txt');
      expect((await t.app.inject({ url: file.link })).body).toBe('abc');
    }
    const field = await putFile(
      'put-file-by-name',
      { fileName: 'from-field.csv', file: { bytes: 'x', name: 'y.bin' } },
      adminA,
    );
    expect(field.json().data).toMatchObject({ originalName: 'from-field.csv' });
    expect(field.json().data.name).toMatch(/\.csv$/);
  });

  it('refuses a name that is a path, dots, control characters or missing, storing nothing', async () => {
    const before = (await sql`select count(*)::int as n from blade_attach`.execute(t.database.db)).rows[0];
    const cases: [string | undefined, string][] = [
      ['../../etc/passwd', 'A file name holds no / or \\ and no control characters'],
      ['a\\b.txt', 'A file name holds no / or \\'],
      ['..', 'is not . or ..'],
      ['bad\u0007.txt', 'no control characters'],
      ['x'.repeat(256), 'at most 255 characters'],
      [undefined, 'Please give the file name (fileName)'],
    ];
    for (const [fileName, message] of cases) {
      const res = await putFile(
        'put-file-by-name',
        { file: { bytes: 'abc', name: 'ok.txt' } },
        { ...adminA, ...EN },
        fileName === undefined ? {} : { fileName },
      );
      expect(res.statusCode, String(fileName)).toBe(400);
      expect(res.json().msg).toContain(message);
    }
    const field = await putFile('put-file-by-name', { fileName: 'a/b', file: { bytes: 'x', name: 'y' } }, adminA);
    expect(field.statusCode).toBe(400);
    expect((await sql`select count(*)::int as n from blade_attach`.execute(t.database.db)).rows[0]).toEqual(before);
    const anonymous = await putFile('put-file-by-name', { file: { bytes: 'x', name: 'y' } }, {}, { fileName: 'a' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe(`GET ${ENDPOINT}/stat-file, file-path and file-link`, () => {
  it("answers BladeX's OssFile, the path and the full link of the caller's own file", async () => {
    const file = await uploaded(readerA, 'twelve bytes', 'notes.txt');
    const stat = await get('stat-file', { fileName: file.name }, readerA);
    expect(stat.statusCode, stat.body).toBe(200);
    expect(stat.json().data).toEqual({
      link: file.link,
      name: file.name,
      originalName: 'notes.txt',
      hash: '',
      length: 12,
      putTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      contentType: 'text/plain',
    });
    expect((await get('file-path', { fileName: file.name }, readerA)).json().data).toBe(file.link);
    const link = await get('file-link', { fileName: file.name }, { ...readerA, host: 'wms.example.com' });
    expect(link.json().data).toBe(`http://wms.example.com${file.link}`);
  });

  it('refuses names that are not stored names, and answers 404 for another tenant’s or a removed file', async () => {
    const file = await uploaded(adminA);
    for (const route of ['stat-file', 'file-path', 'file-link']) {
      for (const fileName of ['../../etc/passwd', `${TENANT_A}/../x`, 'upload/20260301/x.png', '']) {
        const res = await get(route, { fileName }, { ...adminB, ...EN });
        expect(res.statusCode, `${route} ${fileName}`).toBe(400);
      }
      const other = await get(route, { fileName: file.name }, { ...adminB, ...EN });
      expect(other.json()).toMatchObject({ code: 404, msg: `The file ${file.name} does not exist` });
      expect(other.body).not.toContain(`"data":"`);
      expect((await get(route, { fileName: file.name }, {})).statusCode).toBe(401);
    }
  });
});

describe(`POST ${ENDPOINT}/remove-file and remove-files`, () => {
  it('removes the file and its attachment row; the link serves it no more', async () => {
    const file = await uploaded(adminA);
    const res = await post('remove-file', { fileName: file.name }, adminA);
    expect(res.json()).toMatchObject({ code: 200, success: true });
    expect((await liveRow(file.name))?.is_deleted).toBe(1);
    expect(fs.existsSync(`${t.filesDir}/${file.name}`)).toBe(false);
    expect((await t.app.inject({ url: file.link })).statusCode).toBe(404);
    expect((await post('remove-file', { fileName: file.name }, adminA)).statusCode).toBe(404);
  });

  it('removes several, all or none: one unknown name keeps every file', async () => {
    const [a, b] = [await uploaded(adminA), await uploaded(adminA)];
    const missing = `${TENANT_A}/${'0'.repeat(32)}.txt`;
    const refused = await post('remove-files', { fileNames: `${a.name},${missing}` }, { ...adminA, ...EN });
    expect(refused.json()).toMatchObject({ code: 404, msg: `The file ${missing} does not exist` });
    expect((await liveRow(a.name))?.is_deleted).toBe(0);
    expect((await post('remove-files', { fileNames: `${a.name}, ${b.name}` }, adminA)).statusCode).toBe(200);
    expect([(await liveRow(a.name))?.is_deleted, (await liveRow(b.name))?.is_deleted]).toEqual([1, 1]);
    const many = Array.from({ length: 101 }, (_, i) => `${TENANT_A}/${String(i).padStart(32, '0')}`).join(',');
    expect((await post('remove-files', { fileNames: many }, { ...adminA, ...EN })).json().msg).toBe(
      'At most 100 files at once',
    );
  });

  it('needs the attachment delete button, and never reaches another tenant’s file', async () => {
    const file = await uploaded(adminA);
    expect((await post('remove-file', { fileName: file.name }, readerA)).statusCode).toBe(403);
    expect((await post('remove-file', { fileName: file.name }, adminB)).statusCode).toBe(404);
    expect((await post('remove-files', { fileNames: file.name }, adminB)).statusCode).toBe(404);
    expect((await post('remove-file', { fileName: '../x' }, adminB)).statusCode).toBe(400);
    expect((await liveRow(file.name))?.is_deleted).toBe(0);
    expect((await t.app.inject({ url: file.link })).statusCode).toBe(200);
  });
});

describe('the same calls on the tenant’s enabled S3 bucket', () => {
  it('stores by name there, stats with its ETag, and removes from it', async () => {
    const config = {
      category: 1,
      ossCode: 'files-a',
      endpoint: s3.endpoint,
      bucketName: 'files-a',
      accessKey: S3_KEYS.accessKey,
      secretKey: S3_KEYS.secretKey,
      region: 'us-east-1',
    };
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/blade-resource/oss/submit',
      headers: adminA,
      payload: config,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const enabled = await t.app.inject({
      method: 'POST',
      url: `/api/blade-resource/oss/enable?id=${saved.json().data.id}`,
      headers: adminA,
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const res = await putFile('put-file-by-name', { file: { bytes: 'in the bucket', name: 'x' } }, adminA, {
      fileName: 'bucket.txt',
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json().data as BladeFile;
    expect(await s3.bucket('files-a').stat(file.name)).toMatchObject({ size: 13 });
    const stat = (await get('stat-file', { fileName: file.name }, adminA)).json().data;
    expect(stat).toMatchObject({
      length: 13,
      originalName: 'bucket.txt',
      hash: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect((await post('remove-file', { fileName: file.name }, adminA)).statusCode).toBe(200);
    expect(await s3.bucket('files-a').stat(file.name)).toBeNull();
  });

  it("copies a stored file into the tenant's own bucket on that service, and answers the service's refusals", async () => {
    const file = await uploaded(adminA, 'to be copied', 'copy.txt');
    const bucket = `${TENANT_A}-archive`;
    // s3rver 5 refuses the signature of the SDK's CreateBucket (a real service makes it): what the
    // service refuses is answered as a 400 naming its code, never as a 500
    expect((await post('make-bucket', { bucketName: 'archive' }, { ...adminA, ...EN })).json()).toMatchObject({
      code: 400,
      msg: 'The object storage refused the request (SignatureDoesNotMatch)',
    });
    const copied = await post('copy-file', { fileName: file.name, destBucketName: 'archive' }, adminA);
    expect(copied.statusCode, copied.body).toBe(200);
    const found = await s3.bucket(bucket).get(file.name);
    const chunks: Buffer[] = [];
    for await (const chunk of found!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('to be copied');
    const other = `${TENANT_A}/${'e'.repeat(32)}.txt`;
    const named = await post(
      'copy-file',
      { fileName: file.name, destBucketName: 'archive', destFileName: other },
      adminA,
    );
    expect(named.statusCode, named.body).toBe(200);
    expect(await s3.bucket(bucket).stat(other)).toMatchObject({ size: 12 });

    // the same for removing: s3rver refuses the signature of bucket calls (mapped in unit/bucket-refusals)
    expect((await post('remove-bucket', { bucketName: 'archive' }, { ...adminA, ...EN })).json().msg).toBe(
      'The object storage refused the request (SignatureDoesNotMatch)',
    );
    const nowhere = await post('copy-file', { fileName: file.name, destBucketName: 'nowhere' }, { ...adminA, ...EN });
    expect(nowhere.json()).toMatchObject({ code: 404, msg: `The bucket ${TENANT_A}-nowhere does not exist` });
  });

  it('refuses bad names, callers without the storage buttons, and other tenants’ files', async () => {
    const file = await uploaded(adminA);
    for (const bucketName of ['UPPER', 'a_b', '../x', '-x', 'x'.repeat(60), '']) {
      const res = await post('make-bucket', { bucketName }, { ...adminA, ...EN });
      expect(res.statusCode, bucketName).toBe(400);
    }
    for (const destFileName of ['../x', `${TENANT_B}/${'a'.repeat(32)}.txt`, 'x.txt']) {
      const res = await post('copy-file', { fileName: file.name, destBucketName: 'x1', destFileName }, adminA);
      expect(res.statusCode, destFileName).toBe(400);
    }
    expect((await post('make-bucket', { bucketName: 'mine' }, readerA)).statusCode).toBe(403);
    expect((await post('remove-bucket', { bucketName: 'mine' }, readerA)).statusCode).toBe(403);
    expect((await post('copy-file', { fileName: file.name, destBucketName: 'x1' }, readerA)).statusCode).toBe(403);
    expect((await post('copy-file', { fileName: file.name, destBucketName: 'x1' }, adminB)).statusCode).toBe(404);
    // tenant B writes to the local disk: no buckets there
    expect((await post('make-bucket', { bucketName: 'mine' }, { ...adminB, ...EN })).json()).toMatchObject({
      code: 400,
      msg: 'The local disk has no buckets: enable an object storage configuration first',
    });
  });
});
