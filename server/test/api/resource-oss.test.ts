import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import { photos, uploadPhoto } from '../support/faces.ts';
import { createCaller, createTenant } from '../support/factories.ts';
import { form } from '../support/multipart.ts';
import { S3_KEYS, startS3, type TestS3 } from '../support/s3.ts';
import { createTestApp, linesInto, type TestApp } from '../support/test-app.ts';

const OSS = '/api/blade-resource/oss';
const PUT_FILE = '/api/blade-resource/oss/endpoint/put-file';
const ATTACH = '/api/blade-resource/attach';
const TENANT_A = '610001';
const TENANT_B = '610002';
const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };
const MiB = 1024 * 1024;
const CODES = [
  'oss',
  'oss_view',
  'oss_add',
  'oss_edit',
  'oss_delete',
  'oss_enable',
  'attach',
  'attach_delete',
  'faceimg',
  'faceimg_add',
];

type Headers = Record<string, string>;
type BladeFile = { link: string; name: string; attachId: string };

let t: TestApp;
let s3: TestS3;
let adminA: Headers;
let adminB: Headers;
let callerA: Caller;
const logLines: string[] = [];
const SECRET_MARK = 'never-answered';

beforeAll(async () => {
  s3 = await startS3(['photos', 'archive']);
  const logStream = linesInto(logLines);
  t = await createTestApp({ uploadMaxMb: 16, logStream });
  await createTenant(t.database.db, TENANT_A);
  await createTenant(t.database.db, TENANT_B);
  callerA = await createCaller(t.database.db, TENANT_A, 'oss-admin', CODES);
  adminA = await t.authFor(callerA);
  adminB = await t.authFor(await createCaller(t.database.db, TENANT_B, 'oss-admin', CODES));
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

/** A MinIO-style configuration of the test server's bucket; the secret given is what s3rver takes. */
const s3Config = (ossCode: string, bucketName: string, extra: object = {}) => ({
  category: 1,
  ossCode,
  endpoint: s3.endpoint,
  bucketName,
  accessKey: S3_KEYS.accessKey,
  secretKey: S3_KEYS.secretKey,
  region: 'us-east-1',
  remark: SECRET_MARK,
  ...extra,
});

async function saved(config: object, headers = adminA): Promise<string> {
  const res = await post(`${OSS}/submit`, headers, config);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

async function enable(id: string, headers = adminA) {
  return post(`${OSS}/enable?id=${id}`, headers);
}

async function upload(bytes: Uint8Array, name: string, headers = adminA): Promise<BladeFile> {
  const body = await form({ file: { bytes, name, type: 'application/octet-stream' } });
  const res = await t.app.inject({
    method: 'POST',
    url: PUT_FILE,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BladeFile;
}

/** The bytes behind a link, as a browser gets them (no token). */
async function download(link: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url: link });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

async function inBucket(bucket: string, key: string): Promise<Buffer | null> {
  const found = await s3.bucket(bucket).get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const onDisk = (key: string) => fs.existsSync(`${t.filesDir}/${key}`);

const enabledRows = async (tenantId: string) =>
  (
    await sql<{
      id: string;
    }>`select id from blade_oss where tenant_id = ${tenantId} and status = 2 and is_deleted = 0`.execute(t.database.db)
  ).rows.map((r) => String(r.id));

async function clearConfigs(): Promise<void> {
  await sql`update blade_oss set is_deleted = 1, status = 1`.execute(t.database.db);
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe(`${OSS}: configurations`, () => {
  it('keeps the secret key sealed: written, never in an answer or a log line', async () => {
    const id = await saved(s3Config('minio-a', 'photos'));
    const answers = [
      await get(`${OSS}/detail?id=${id}`, adminA),
      await get(`${OSS}/list`, adminA),
      await get(`${OSS}/page?ossCode=minio-a`, adminA),
      await post(`${OSS}/submit`, adminA, { id, remark: 'changed', secretKey: 'rotated-S3RVER' }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('secretKey');
      expect(res.body).not.toContain('rotated-S3RVER');
      expect(res.body).not.toContain('sealed:');
    }
    expect(answers[0]!.json().data).toMatchObject({ category: 1, ossCode: 'minio-a', bucketName: 'photos', status: 1 });
    const { rows } = await sql<{ secret_key: string }>`select secret_key from blade_oss where id = ${id}`.execute(
      t.database.db,
    );
    expect(rows[0]!.secret_key).toMatch(/^sealed:v1:/);
    expect(t.app.platform.sealer.open(rows[0]!.secret_key)).toBe('rotated-S3RVER');
    await t.app.platform.audit.flush();
    const { rows: logged } = await sql<{ params: string }>`select params from blade_log_api`.execute(t.database.db);
    for (const text of [...logLines, ...logged.map((r) => r.params ?? '')]) {
      expect(text).not.toContain('rotated-S3RVER');
      expect(text).not.toContain('sealed:v1:');
    }
    await clearConfigs();
  });

  it('refuses a configuration an S3 service cannot use, in the caller’s language, writing nothing', async () => {
    const before = (await sql`select id from blade_oss`.execute(t.database.db)).rows.length;
    const cases: [object, string][] = [
      [{ endpoint: '' }, 'Please enter the endpoint'],
      [{ endpoint: 'ftp://127.0.0.1' }, 'http:// or https://'],
      [{ endpoint: `${s3.endpoint}/photos` }, 'without a path'],
      [{ bucketName: 'Bad_Bucket' }, 'A bucket name is 3 to 63'],
      [{ secretKey: undefined }, 'Please enter the secret key'],
      [{ category: 9 }, 'Choose the storage type'],
      [{ region: 'us east' }, 'The region holds'],
    ];
    for (const [change, message] of cases) {
      const res = await post(`${OSS}/submit`, { ...adminA, ...EN }, s3Config('bad', 'photos', change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().msg).toContain(message);
    }
    const zh = await post(`${OSS}/submit`, { ...adminA, ...ZH }, s3Config('bad', 'photos', { accessKey: '' }));
    expect(zh.json().msg).toBe('请输入 accessKey');
    expect((await sql`select id from blade_oss`.execute(t.database.db)).rows).toHaveLength(before);
  });

  it('takes a local-disk configuration without an address or keys, and refuses a repeated code', async () => {
    await saved({ category: 5, ossCode: 'disk' });
    const again = await post(`${OSS}/submit`, { ...adminA, ...EN }, { category: 5, ossCode: 'disk' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('The resource code disk is taken');
    await clearConfigs();
  });
});

describe(`POST ${OSS}/enable`, () => {
  it('enables one configuration and disables the one enabled before', async () => {
    const first = await saved(s3Config('first', 'photos'));
    const second = await saved(s3Config('second', 'archive'));
    expect((await enable(second)).statusCode).toBe(200);
    expect(await enabledRows(TENANT_A)).toEqual([second]);
    // The one created first comes first in the table: the swap must not trip the one-enabled rule.
    expect((await enable(first)).statusCode).toBe(200);
    expect(await enabledRows(TENANT_A)).toEqual([first]);
    const missing = await enable('1234567890123');
    expect(missing.statusCode).toBe(404);
    expect(await enabledRows(TENANT_A)).toEqual([first]);
    await clearConfigs();
  });

  it('leaves exactly one enabled after many concurrent enables', async () => {
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await saved(s3Config(`race-${i}`, 'photos')));
    // Eight at once: fewer than the pool's ten connections, which a loaded machine's queue would time out on.
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([...ids, ...ids].map((id) => enable(id)));
      expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    }
    const enabled = await enabledRows(TENANT_A);
    expect(enabled).toHaveLength(1);
    expect(ids).toContain(enabled[0]);
    await clearConfigs();
  });
});

describe('uploads on the enabled store', () => {
  it('puts a file into the bucket, answers a link that gives it back byte for byte, and removes it with its attachment', async () => {
    await enable(await saved(s3Config('minio', 'photos')));
    const bytes = randomBytes(300_000);
    const file = await upload(bytes, 'scan.bin');
    expect(file.name).toMatch(new RegExp(`^${TENANT_A}/[0-9a-f]{32}\\.bin$`));
    expect((await inBucket('photos', file.name))?.equals(bytes)).toBe(true);
    expect(onDisk(file.name)).toBe(false);
    expect((await download(file.link)).equals(bytes)).toBe(true);

    const removed = await post(`${ATTACH}/remove?ids=${file.attachId}`, adminA);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await inBucket('photos', file.name)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: file.link })).statusCode).toBe(404);
    await clearConfigs();
  });

  it('streams a large file as a multipart upload and reads it back whole', async () => {
    await enable(await saved(s3Config('big', 'photos')));
    const bytes = randomBytes(12 * MiB + 123);
    const file = await upload(bytes, 'video.mp4');
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(sha(await download(file.link))).toBe(sha(bytes));
    await clearConfigs();
  });

  it('keeps old links working when another store is enabled, the local disk included', async () => {
    const photos = await saved(s3Config('photos', 'photos'));
    const archive = await saved(s3Config('archive', 'archive'));
    const disk = await saved({ category: 5, ossCode: 'local' });
    const one = randomBytes(1000);
    const two = randomBytes(2000);
    const three = randomBytes(3000);
    await enable(photos);
    const first = await upload(one, 'one.bin');
    await enable(archive);
    const second = await upload(two, 'two.bin');
    await enable(disk);
    const third = await upload(three, 'three.bin');

    expect((await inBucket('photos', first.name))?.equals(one)).toBe(true);
    expect((await inBucket('archive', second.name))?.equals(two)).toBe(true);
    expect(onDisk(third.name)).toBe(true);
    for (const [file, bytes] of [
      [first, one],
      [second, two],
      [third, three],
    ] as const)
      expect((await download(file.link)).equals(bytes)).toBe(true);

    // A removed configuration still serves (and removes) the files written to it.
    expect((await post(`${OSS}/remove?ids=${photos}`, adminA)).statusCode).toBe(200);
    expect((await download(first.link)).equals(one)).toBe(true);
    await post(`${ATTACH}/remove?ids=${first.attachId}`, adminA);
    expect(await inBucket('photos', first.name)).toBeNull();
    await clearConfigs();
  });

  it('enrols a face photo kept in the bucket: the descriptor is computed from the bytes read back from it', async () => {
    await enable(await saved(s3Config('faces', 'photos')));
    const imageUrl = await uploadPhoto(t, await photos.man(), adminA);
    const key = imageUrl.split('/file/')[1]!;
    expect(await inBucket('photos', key)).not.toBeNull();
    const res = await post('/api/warehouse/faceimg/submit', adminA, { name: 'Vlad', employeeNo: 'S3-1', imageUrl });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await sql<{ has: boolean }>`
      select descriptor is not null as has from wh_face_image where id = ${res.json().data.id}`.execute(t.database.db);
    expect(rows[0]?.has).toBe(true);
    await clearConfigs();
  }, 120_000);

  it('reads an edited configuration anew (the client is keyed by its update time)', async () => {
    const id = await saved(s3Config('edited', 'photos'));
    await enable(id);
    const before = await upload(randomBytes(10), 'a.bin');
    await post(`${OSS}/submit`, adminA, { id, bucketName: 'archive' });
    const after = await upload(randomBytes(10), 'b.bin');
    expect(await inBucket('photos', before.name)).not.toBeNull();
    expect(await inBucket('archive', after.name)).not.toBeNull();
    await clearConfigs();
  });
});

describe('tenants', () => {
  it('tenant B can neither see, enable, test nor write to tenant A’s configuration', async () => {
    const id = await saved(s3Config('a-only', 'photos'));
    await enable(id);
    expect((await get(`${OSS}/list`, adminB)).json().data.records).toEqual([]);
    expect((await get(`${OSS}/detail?id=${id}`, adminB)).statusCode).toBe(404);
    expect((await enable(id, adminB)).statusCode).toBe(404);
    expect(
      (
        await post(`${OSS}/test`, adminB, {
          id,
          category: 1,
          endpoint: s3.endpoint,
          bucketName: 'photos',
          accessKey: 'S3RVER',
        })
      ).statusCode,
    ).toBe(404);
    expect((await post(`${OSS}/submit`, adminB, { id, remark: 'mine' })).statusCode).toBe(404);
    expect((await post(`${OSS}/remove?ids=${id}`, adminB)).statusCode).toBe(404);
    expect(await enabledRows(TENANT_A)).toEqual([id]);
    // B's uploads stay on B's store (the local disk): A's bucket is not B's.
    const file = await upload(randomBytes(100), 'b.bin', adminB);
    expect(file.name.startsWith(`${TENANT_B}/`)).toBe(true);
    expect(onDisk(file.name)).toBe(true);
    expect(await inBucket('photos', file.name)).toBeNull();
    await clearConfigs();
  });

  it('refuses the routes to a user without the object storage permissions', async () => {
    const clerk = await t.authFor(await createCaller(t.database.db, TENANT_A, 'clerk', []));
    expect((await get(`${OSS}/list`, clerk)).statusCode).toBe(403);
    expect((await post(`${OSS}/submit`, clerk, { category: 5, ossCode: 'x' })).statusCode).toBe(403);
    expect((await enable('1234567890123', clerk)).statusCode).toBe(403);
    expect((await post(`${OSS}/test`, clerk, { category: 5 })).statusCode).toBe(403);
  });
});

describe(`POST ${OSS}/test`, () => {
  const tried = (change: object, headers: Headers = EN) =>
    post(
      `${OSS}/test`,
      { ...adminA, ...headers },
      { ...s3Config('t', 'photos', change), ossCode: undefined, remark: undefined },
    );

  it('puts, reads back and deletes an object, leaving nothing behind', async () => {
    const res = await tried({});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('Connected: put, read back and delete all work');
  });

  it('tests a saved configuration with its saved secret', async () => {
    const id = await saved(s3Config('saved', 'photos'));
    const res = await tried({ id, secretKey: undefined });
    expect(res.statusCode, res.body).toBe(200);
    await clearConfigs();
  });

  it('says the address is unreachable', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const res = await tried({ endpoint });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(`Cannot reach the endpoint ${endpoint}: ECONNREFUSED`);
    const zh = await tried({ endpoint }, ZH);
    expect(zh.json().msg).toBe(`无法连接资源地址 ${endpoint}：ECONNREFUSED`);
  });

  it('says the keys are wrong', async () => {
    for (const change of [{ secretKey: 'wrong' }, { accessKey: 'NOBODY' }]) {
      const res = await tried(change);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/^The access key or secret key is wrong/);
    }
  });

  it('says the bucket does not exist', async () => {
    const res = await tried({ bucketName: 'no-such-bucket' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The bucket no-such-bucket does not exist');
  });

  it('says what the address answered when it is not S3', async () => {
    const server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const res = await tried({ endpoint: `http://127.0.0.1:${port}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/^(Put|Read back|Delete) failed: /);
    } finally {
      server.close();
    }
  });
});
