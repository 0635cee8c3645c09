import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSealer } from '../../src/platform/auth/sealed-secrets.ts';
import { SMS, smsCalls, smsConfig, smsRows, smsTenant } from '../support/sms.ts';
import { createTestApp, plainUser, TEST_SEALING_KEY, type TestApp } from '../support/test-app.ts';

const EN = { 'accept-language': 'en' };
let t: TestApp;
let a: Record<string, string>;
let b: Record<string, string>;
let calls: ReturnType<typeof smsCalls>;

beforeAll(async () => {
  t = await createTestApp();
  calls = smsCalls(t);
  a = (await smsTenant(t, '710001')).auth;
  b = (await smsTenant(t, '710002')).auth;
});
afterAll(() => t.close());

const created = async (payload: object, headers = a) => {
  const res = await calls.submit(payload, headers);
  expect(res.statusCode, res.body).toBe(200);
  // the saved record answered holds no secret, sealed or not
  expect(res.body).not.toMatch(/secretKey|sealed:v1|Secret-0001/);
  return res.json().data as { id: string };
};

describe(`POST ${SMS}/submit`, () => {
  it('stores the secret key sealed and never answers it', async () => {
    const { id } = await created(smsConfig('sealed'));
    const stored = (await smsRows(t.database.db)).find((r) => r.sms_code === 'sealed')!;
    expect(stored.secret_key).toMatch(/^sealed:v1:/);
    expect(createSealer(TEST_SEALING_KEY).open(stored.secret_key)).toBe('aliyun-Secret-0001');
    for (const url of [`${SMS}/list`, `${SMS}/page`, `${SMS}/detail?id=${id}`]) {
      const res = await t.app.inject({ url, headers: a });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('sealed');
      expect(res.body).not.toMatch(/aliyun-Secret-0001|sealed:v1|secretKey/);
    }
  });

  it('keeps the secret when an update sends none, and seals a new one', async () => {
    const { id } = await created(smsConfig('keep'));
    const before = (await smsRows(t.database.db)).find((r) => r.sms_code === 'keep')!.secret_key;
    expect((await calls.submit({ id, templateId: 'SMS_2' }, a)).statusCode).toBe(200);
    expect((await smsRows(t.database.db)).find((r) => r.sms_code === 'keep')!.secret_key).toBe(before);
    await calls.submit({ id, secretKey: 'renewed-Secret' }, a);
    const after = (await smsRows(t.database.db)).find((r) => r.sms_code === 'keep')!.secret_key;
    expect(createSealer(TEST_SEALING_KEY).open(after)).toBe('renewed-Secret');
  });

  it("refuses what the provider cannot send without, in the caller's language, writing nothing", async () => {
    const before = await smsRows(t.database.db);
    const cases: [object, string][] = [
      [smsConfig('', {}), 'Please enter the configuration code'],
      [smsConfig('x1', { templateId: ' ' }), 'Please enter the template id'],
      [smsConfig('x2', { secretKey: undefined }), 'Please enter the secret key'],
      [smsConfig('x3', { accessKey: '' }), 'Aliyun needs the access key'],
      [smsConfig('x4', { signName: null }), 'Aliyun needs the sign name'],
      [smsConfig('x5', { category: 4, appId: '' }), 'Tencent Cloud needs the SMS application id (SmsSdkAppId)'],
      [smsConfig('x6', { category: 9 }), 'Please choose the SMS provider'],
      [smsConfig('x7', { endpoint: 'ftp://example.com' }), 'The endpoint must be an http:// or https:// address'],
      [smsConfig('a b'), 'The configuration code may hold letters, digits, "_" and "-" only'],
    ];
    for (const [payload, msg] of cases) {
      const res = await calls.submit(payload, { ...a, ...EN });
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    }
    await created(smsConfig('dup'));
    const dup = await calls.submit(smsConfig('dup'), { ...a, ...EN });
    expect(dup.json()).toMatchObject({ code: 409, msg: 'The configuration code dup is taken' });
    expect((await smsRows(t.database.db)).length).toBe(before.length + 1);
  });

  it('takes Yunpian with its API key alone', async () => {
    await created({ category: 1, smsCode: 'yp', templateId: '1001', secretKey: 'yunpian-apikey' });
  });
});

describe(`POST ${SMS}/enable`, () => {
  it('keeps exactly one configuration enabled per tenant', async () => {
    const first = await created(smsConfig('one'));
    const second = await created(smsConfig('two'));
    expect((await calls.enable(first.id, a)).statusCode).toBe(200);
    expect((await calls.enable(second.id, a)).statusCode).toBe(200);
    const enabled = (await smsRows(t.database.db)).filter((r) => r.tenant_id === '710001' && r.status === 2);
    expect(enabled.map((r) => r.sms_code)).toEqual(['two']);
    const list = (await t.app.inject({ url: `${SMS}/list?status=2`, headers: a })).json().data.records;
    expect(list.map((r: { smsCode: string }) => r.smsCode)).toEqual(['two']);
    // enabling the enabled one again changes nothing
    expect((await calls.enable(second.id, a)).statusCode).toBe(200);
    expect((await smsRows(t.database.db)).filter((r) => r.tenant_id === '710001' && r.status === 2)).toHaveLength(1);
  });

  it('answers 404 for a removed or unknown configuration', async () => {
    const gone = await created(smsConfig('gone'));
    await t.app.inject({ method: 'POST', url: `${SMS}/remove?ids=${gone.id}`, headers: a });
    expect((await calls.enable(gone.id, a)).statusCode).toBe(404);
    expect((await calls.enable('123456789', a)).statusCode).toBe(404);
  });

  it('refuses a caller without the enable button', async () => {
    const { id } = await created(smsConfig('guarded'));
    expect((await calls.enable(id, t.auth(plainUser))).statusCode).toBe(403);
  });
});

describe('SMS configurations across tenants', () => {
  it("tenant B can neither see, change, enable, remove nor use tenant A's configurations", async () => {
    const { id } = await created(smsConfig('a-only'));
    await calls.enable(id, a);
    const before = await smsRows(t.database.db);
    const list = await t.app.inject({ url: `${SMS}/list`, headers: b });
    expect(list.json().data.records).toEqual([]);
    expect((await t.app.inject({ url: `${SMS}/detail?id=${id}`, headers: b })).statusCode).toBe(404);
    expect((await calls.submit({ id, templateId: 'stolen' }, b)).statusCode).toBe(404);
    expect((await calls.enable(id, b)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${SMS}/remove?ids=${id}`, headers: b })).statusCode).toBe(404);
    const send = await calls.send({ code: 'a-only', phones: '13800138000' }, { ...b, ...EN });
    expect(send.json()).toMatchObject({ code: 400, msg: 'There is no SMS configuration a-only' });
    const enabled = await calls.send({ phones: '13800138000' }, { ...b, ...EN });
    expect(enabled.json().msg).toBe('No SMS configuration is enabled; enable one in SMS configurations first');
    expect(await smsRows(t.database.db)).toEqual(before);
  });

  it('lets the same code live in two tenants', async () => {
    await created(smsConfig('shared'), a);
    await created(smsConfig('shared'), b);
  });
});
