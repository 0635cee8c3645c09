import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setExactTotalUpTo } from '../../src/platform/db/paging.ts';
import { createCaller, createTenant } from '../support/factories.ts';
import { form } from '../support/multipart.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

const ENDPOINT = '/api/blade-resource/oss/endpoint';
const FILES = `${ENDPOINT}/file`;
const ATTACH = '/api/blade-resource/attach';
const TENANT_B = '500500';
const EN = { 'accept-language': 'en-US' };
const MiB = 1024 * 1024;
let t: TestApp;
let adminB: Record<string, string>;

type Headers = Record<string, string>;
type BladeFile = { link: string; domain: string; name: string; originalName: string; attachId: string };

async function upload(
  body: Awaited<ReturnType<typeof form>>,
  headers: Headers = t.auth(),
  route: 'put-file' | 'put-file-attach' = 'put-file',
) {
  return t.app.inject({
    method: 'POST',
    url: `${ENDPOINT}/${route}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

async function uploaded(bytes: Uint8Array | string, name: string, headers?: Headers, type = 'image/png') {
  const res = await upload(await form({ file: { bytes, name, type } }), headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BladeFile;
}

const attachRows = async () =>
  (
    await sql<{ id: string; tenant_id: string; name: string; is_deleted: number }>`
      select id, tenant_id, name, original_name, extension, attach_size, link, is_deleted from blade_attach order by id`.execute(
      t.database.db,
    )
  ).rows;

/** Every file in the store folder, hidden ones (content types, half-written uploads) included. */
const storedFiles = () =>
  fs.readdirSync(t.filesDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3, 254, 255]);

beforeAll(async () => {
  t = await createTestApp({ uploadMaxMb: 1 });
  await createTenant(t.database.db, TENANT_B);
  adminB = await t.authFor(
    await createCaller(t.database.db, TENANT_B, 'attach-admin', [
      'attach',
      'attach_view',
      'attach_upload',
      'attach_delete',
    ]),
  );
});
afterAll(() => t.close());

describe(`POST ${ENDPOINT}/put-file and put-file-attach`, () => {
  it('stores the file, answers a BladeFile, and serves back the same bytes without a token', async () => {
    const res = await upload(
      await form({ file: { bytes: PNG, name: 'C:\\fakepath\\Photo 1.PNG', type: 'image/png' } }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, success: true });
    const file = body.data as BladeFile;
    expect(Object.keys(file).sort()).toEqual(['attachId', 'domain', 'link', 'name', 'originalName']);
    expect(file.name).toMatch(/^000000\/[0-9a-f]{32}\.png$/);
    expect(file).toMatchObject({ domain: FILES, link: `${FILES}/${file.name}`, originalName: 'Photo 1.PNG' });
    expect(file.attachId).toMatch(/^\d+$/);

    const read = await t.app.inject({ url: file.link });
    expect(read.statusCode).toBe(200);
    expect(new Uint8Array(read.rawPayload)).toEqual(PNG);
    expect(read.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
    });
    expect(fs.readFileSync(path.join(t.filesDir, file.name))).toEqual(Buffer.from(PNG));
  });

  it('records the attach row of either route, in the caller’s tenant', async () => {
    for (const route of ['put-file', 'put-file-attach'] as const) {
      const res = await upload(
        await form({ file: { bytes: 'a,b\n1,2\n', name: 'stock.csv', type: 'text/csv' } }),
        t.auth(),
        route,
      );
      const file = res.json().data as BladeFile;
      expect((await attachRows()).find((r) => r.id === file.attachId)).toMatchObject({
        tenant_id: '000000',
        name: file.name,
        original_name: 'stock.csv',
        extension: 'csv',
        attach_size: '8',
        link: file.link,
        is_deleted: 0,
      });
      const detail = await t.app.inject({ url: `${ATTACH}/detail?id=${file.attachId}`, headers: t.auth() });
      expect(detail.json().data).toMatchObject({ id: file.attachId, name: file.name, originalName: 'stock.csv' });
    }
  });

  it('lets any signed-in user upload, and refuses callers without a token', async () => {
    expect((await uploaded(PNG, 'mine.png', t.auth(plainUser))).name).toMatch(/^000000\//);
    const before = [await attachRows(), storedFiles()];
    const res = await upload(await form({ file: { bytes: PNG, name: 'x.png' } }), {});
    expect(res.statusCode).toBe(401);
    expect([await attachRows(), storedFiles()]).toEqual(before);
  });

  it('refuses a request without a file field with a clear 400, storing nothing', async () => {
    const before = [await attachRows(), storedFiles()];
    const cases = [
      await form({ name: 'just a field' }),
      await form({ picture: { bytes: PNG, name: 'other-field.png' } }),
      // What a browser sends for a file input left empty.
      await form({ file: { bytes: '', name: '' } }),
    ];
    for (const body of cases) {
      const res = await upload(body, { ...t.auth(), ...EN });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 400,
        success: false,
        msg: 'Choose a file to upload (form field "file")',
      });
    }
    const json = await t.app.inject({ method: 'POST', url: `${ENDPOINT}/put-file`, headers: t.auth(), payload: {} });
    expect(json.json()).toMatchObject({ code: 400, msg: '请选择要上传的文件(表单字段 file)' });
    expect([await attachRows(), storedFiles()]).toEqual(before);
  });

  it('takes a file of exactly the limit and refuses a larger one with 413, leaving nothing behind', async () => {
    expect((await uploaded(new Uint8Array(MiB), 'exact.bin')).name).toMatch(/\.bin$/);
    const before = [await attachRows(), storedFiles()];
    const res = await upload(await form({ file: { bytes: new Uint8Array(MiB + 1), name: 'big.bin' } }), {
      ...t.auth(),
      ...EN,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, success: false, msg: 'The file is larger than 1 MB' });
    expect([await attachRows(), storedFiles()]).toEqual(before);
  });

  it('refuses an oversize upload over HTTP before reading it all, and the server still closes', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(8 * MiB)]), 'huge.bin');
    const res = await fetch(`${base}${ENDPOINT}/put-file`, { method: 'POST', headers: t.auth(), body });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toMatchObject({ code: 413, msg: '文件大小不能超过 1 MB' });
    // afterAll's close would hang on a connection left half read.
  });

  it('answers 400 for a broken multipart body, storing nothing', async () => {
    const before = [await attachRows(), storedFiles()];
    const body = await form({ file: { bytes: PNG, name: 'cut.png' } });
    const res = await upload(
      { ...body, payload: body.payload.subarray(0, body.payload.length - 30) },
      { ...t.auth(), ...EN },
    );
    expect(res.json()).toMatchObject({ code: 400, msg: 'The upload is incomplete or malformed' });
    expect([await attachRows(), storedFiles()]).toEqual(before);
  });

  it('never names a stored file after the client: the key is random, the extension plain', async () => {
    const file = await uploaded(PNG, '../../../etc/passwd.png');
    expect(file.name).toMatch(/^000000\/[0-9a-f]{32}\.png$/);
    expect(file.originalName).toBe('passwd.png');
    expect((await uploaded(PNG, 'evil.p/../hp')).name).toMatch(/^000000\/[0-9a-f]{32}$/);
  });
});

describe(`GET ${FILES}/<tenant>/<name>`, () => {
  it('offers anything but a plain image as a download that cannot run as a page', async () => {
    const file = await uploaded('<script>alert(1)</script>', 'page.html', t.auth(), 'text/html');
    const res = await t.app.inject({ url: file.link });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="page.html"; filename*=UTF-8''page.html`);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('never answers a file as HTML, SVG, XML or script, whatever type the upload claimed', async () => {
    for (const [name, type] of [
      ['draw.svg', 'image/svg+xml'],
      ['page.xhtml', 'application/xhtml+xml'],
      ['feed.xml', 'text/xml'],
      ['run.js', 'text/javascript'],
    ] as const) {
      const file = await uploaded('<svg onload="alert(1)"/>', name, t.auth(), type);
      for (const url of [file.link, `${file.link}?download=1`]) {
        const res = await t.app.inject({ url });
        expect(res.headers['content-type'], url).toBe('application/octet-stream');
        expect(res.headers['content-disposition'], url).toMatch(/^attachment; /);
        expect(res.headers['content-security-policy'], url).toContain('sandbox');
      }
    }
  });

  it('saves a download under its original name, a Chinese one as RFC 5987 UTF-8', async () => {
    const file = await uploaded(PNG, '设备 照片(1).png');
    const res = await t.app.inject({ url: `${file.link}?download=1` });
    expect(res.statusCode).toBe(200);
    expect(new Uint8Array(res.rawPayload)).toEqual(PNG);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__ __(1).png"; filename*=UTF-8''${encodeURIComponent('设备 照片')}%281%29.png`,
    );
    // The same file shown in a page needs no name.
    expect((await t.app.inject({ url: file.link })).headers['content-disposition']).toBe('inline');
  });

  it('shows a PDF inline (for the preview) where the browser’s viewer may run, and downloads it on asking', async () => {
    const file = await uploaded('%PDF-1.4\n%%EOF\n', '报告.pdf', t.auth(), 'application/pdf');
    const shown = await t.app.inject({ url: file.link });
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-disposition']).toBe(
      `inline; filename="__.pdf"; filename*=UTF-8''${encodeURIComponent('报告.pdf')}`,
    );
    expect(shown.headers['content-security-policy']).not.toContain('sandbox');
    expect(shown.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
    const saved = await t.app.inject({ url: `${file.link}?download=true` });
    expect(saved.headers['content-disposition']).toMatch(/^attachment; filename="__.pdf"/);
    expect(saved.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses an unknown download value with a clear 400', async () => {
    const file = await uploaded(PNG, 'x.png');
    const res = await t.app.inject({ url: `${file.link}?download=maybe`, headers: EN });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('download');
  });

  it('reads nothing outside the store folder, whatever the path', async () => {
    const secret = path.join(path.dirname(t.filesDir), `${path.basename(t.filesDir)}-secret.txt`);
    fs.writeFileSync(secret, 'top secret');
    const file = await uploaded(PNG, 'probe.png');
    const hidden = `.${path.basename(file.name)}.json`;
    const attempts = [
      `${FILES}/..%2F..%2F${path.basename(secret)}`,
      `${FILES}/000000/..%2F..%2F${path.basename(secret)}`,
      `${FILES}/..%2F/${path.basename(secret)}`,
      `${FILES}/%2e%2e/${path.basename(secret)}`,
      `${FILES}/000000/%2e%2e%2f%2e%2e%2f${path.basename(secret)}`,
      `${FILES}/000000/${hidden}`,
      `${FILES}/000000/${path.basename(file.name).toUpperCase()}`,
      `${FILES}/000000/${'0'.repeat(32)}.png`,
      `${FILES}/../../${path.basename(secret)}`,
      `${FILES}/000000%2F${path.basename(file.name)}/x`,
    ];
    for (const url of attempts) {
      const res = await t.app.inject({ url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('top secret');
      expect(res.body, url).not.toContain('contentType');
    }
    fs.rmSync(secret);
  });
});

describe(`${ATTACH}: list, detail, submit, remove`, () => {
  it('keeps each tenant to its own attachments', async () => {
    const ofA = await uploaded(PNG, 'a.png');
    const ofB = await uploaded(PNG, 'b.png', adminB);
    expect(ofB.name.startsWith(`${TENANT_B}/`)).toBe(true);
    const listB = await t.app.inject({ url: `${ATTACH}/list?size=1000`, headers: adminB });
    expect(listB.statusCode).toBe(200);
    expect(listB.json().data.records.map((r: { id: string }) => r.id)).toEqual([ofB.attachId]);
    expect((await t.app.inject({ url: `${ATTACH}/detail?id=${ofA.attachId}`, headers: adminB })).statusCode).toBe(404);
    const remove = await t.app.inject({ method: 'POST', url: `${ATTACH}/remove?ids=${ofA.attachId}`, headers: adminB });
    expect(remove.statusCode).toBe(404);
    const rename = await t.app.inject({
      method: 'POST',
      url: `${ATTACH}/submit`,
      headers: adminB,
      payload: { id: ofA.attachId, originalName: 'taken' },
    });
    expect(rename.statusCode).toBe(404);
    expect((await attachRows()).find((r) => r.id === ofA.attachId)).toMatchObject({ is_deleted: 0 });
    expect((await t.app.inject({ url: ofA.link })).statusCode).toBe(200);
  });

  it('removes the stored file with the row', async () => {
    const file = await uploaded(PNG, 'gone.png');
    const res = await t.app.inject({ method: 'POST', url: `${ATTACH}/remove?ids=${file.attachId}`, headers: t.auth() });
    expect(res.statusCode).toBe(200);
    expect((await attachRows()).find((r) => r.id === file.attachId)).toMatchObject({ is_deleted: 1 });
    expect(fs.existsSync(path.join(t.filesDir, file.name))).toBe(false);
    const read = await t.app.inject({ url: file.link, headers: EN });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ code: 404, msg: 'The file does not exist' });
  });

  it('renames an attachment, and adds none without an upload', async () => {
    const file = await uploaded(PNG, 'old.png');
    const rename = await t.app.inject({
      method: 'POST',
      url: `${ATTACH}/submit`,
      headers: t.auth(),
      payload: { id: file.attachId, originalName: 'new.png', name: '500500/x.png', link: 'http://evil' },
    });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().data).toMatchObject({ originalName: 'new.png', name: file.name, link: file.link });
    const before = await attachRows();
    const add = await t.app.inject({
      method: 'POST',
      url: `${ATTACH}/submit`,
      headers: { ...t.auth(), ...EN },
      payload: { originalName: 'x.png', name: `${TENANT_B}/${'1'.repeat(32)}.png` },
    });
    expect(add.json()).toMatchObject({ code: 400, msg: 'Attachments are added by uploading a file' });
    expect(await attachRows()).toEqual(before);
  });

  it('needs the attach codes', async () => {
    expect((await t.app.inject({ url: `${ATTACH}/list`, headers: t.auth(plainUser) })).statusCode).toBe(403);
    const file = await uploaded(PNG, 'kept.png', t.auth(plainUser));
    const res = await t.app.inject({
      method: 'POST',
      url: `${ATTACH}/remove?ids=${file.attachId}`,
      headers: t.auth(plainUser),
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ url: file.link })).statusCode).toBe(200);
  });
});

describe(`GET ${ATTACH}/page: what the attachment screen shows`, () => {
  const TENANT_C = '600600';
  let adminC: Record<string, string>;
  let uploaderName: string;
  const page = async (query: string, headers: Headers = adminC) => {
    const res = await t.app.inject({ url: `${ATTACH}/page?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { records: Record<string, unknown>[]; total: number; pages: number };
  };
  const names = async (query: string) =>
    (await page(query)).records.map((r) => r.originalName as string).sort((a, b) => a.localeCompare(b));

  beforeAll(async () => {
    await createTenant(t.database.db, TENANT_C);
    const caller = await createCaller(t.database.db, TENANT_C, 'attach-c', ['attach', 'attach_delete']);
    adminC = await t.authFor(caller);
    const { rows } = await sql<{ name: string }>`
      select coalesce(nullif(real_name, ''), name, account) as name from blade_user where id = ${caller.userId}`.execute(
      t.database.db,
    );
    uploaderName = rows[0]!.name;
    await uploaded(PNG, '月度报表.PNG', adminC);
    await uploaded('%PDF-1.4\n', 'Invoice 2026.pdf', adminC, 'application/pdf');
    await uploaded('a,b\n', 'stock.csv', adminC, 'text/csv');
  });

  it('answers each file’s original name, size, type, link, uploader’s name and time', async () => {
    const { records, total } = await page('current=1&size=10');
    expect(total).toBe(3);
    const report = records.find((r) => r.originalName === '月度报表.PNG')!;
    expect(report).toMatchObject({ extension: 'png', attachSize: String(PNG.length), createUserName: uploaderName });
    expect(report.link).toMatch(new RegExp(`^${FILES}/${TENANT_C}/[0-9a-f]{32}\\.png$`));
    expect(Date.parse(String(report.createTime))).toBeGreaterThan(Date.now() - 600_000);
    // Newest first.
    expect(records.map((r) => r.originalName)).toEqual(['stock.csv', 'Invoice 2026.pdf', '月度报表.PNG']);
  });

  it('pages on the server', async () => {
    const first = await page('current=1&size=2');
    const second = await page('current=2&size=2');
    expect([first.records.length, second.records.length, first.total, first.pages]).toEqual([2, 1, 3, 2]);
    expect(second.records[0]!.originalName).toBe('月度报表.PNG');
  });

  it('filters by a part of the name, the type however typed, and the upload time', async () => {
    expect(await names('originalName=voice')).toEqual(['Invoice 2026.pdf']);
    expect(await names('originalName=%E6%8A%A5%E8%A1%A8')).toEqual(['月度报表.PNG']);
    expect(await names('originalName=%25')).toEqual([]);
    expect(await names('extension=PNG')).toEqual(['月度报表.PNG']);
    expect(await names('extension=.csv')).toEqual(['stock.csv']);
    const today = new Date().toISOString().slice(0, 10);
    expect(await names(`createTime_datege=${today}%2000:00:00&originalName=o`)).toEqual([
      'Invoice 2026.pdf',
      'stock.csv',
    ]);
    expect(await names('createTime_datelt=2000-01-01%2000:00:00')).toEqual([]);
  });

  it('searches a part of the name through its index in the caller’s tenant only, as the plain condition', async () => {
    // Another tenant's file of a matching name is not found (the search answers this tenant's ids).
    await uploaded('%PDF-1.4\n', 'Invoice 2027.pdf', adminB, 'application/pdf');
    expect(await names('originalName=INVOICE')).toEqual(['Invoice 2026.pdf']);
    expect(await names('originalName=2027')).toEqual([]);
    // More matches than the exact total's bound: the plain condition answers, the same rows and total.
    const extra = await uploaded('%PDF-1.4\n', 'invoice 2028.pdf', adminC, 'application/pdf');
    const bound = setExactTotalUpTo(1);
    try {
      const found = await page('originalName=VOICE 202&size=10');
      expect(found.records.map((r) => r.originalName).sort()).toEqual(['Invoice 2026.pdf', 'invoice 2028.pdf']);
      expect(found.total).toBe(2);
    } finally {
      setExactTotalUpTo(bound);
      await t.app.inject({ method: 'POST', url: `${ATTACH}/remove?ids=${extra.attachId}`, headers: adminC });
    }
  });

  it('removes several files at once, each from its store, and lists them no more', async () => {
    const { records } = await page('size=10&extension=pdf');
    const csv = (await page('size=10&extension=csv')).records;
    const ids = [...records, ...csv].map((r) => r.id).join(',');
    const keys = [...records, ...csv].map((r) => r.name as string);
    const res = await t.app.inject({ method: 'POST', url: `${ATTACH}/remove?ids=${ids}`, headers: adminC });
    expect(res.statusCode, res.body).toBe(200);
    for (const key of keys) expect(fs.existsSync(path.join(t.filesDir, key))).toBe(false);
    expect(await names('size=10')).toEqual(['月度报表.PNG']);
  });
});
