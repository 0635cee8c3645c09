import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/platform/store/memory-store.ts';
import { createRole } from '../support/factories.ts';
import { SMS, setParam, smsCalls, smsConfig, smsTenant } from '../support/sms.ts';
import { type SmsStub, startSmsStub } from '../support/sms-stub.ts';
import { createTestApp, linesInto, plainUser, type TestApp } from '../support/test-app.ts';

const EN = { 'accept-language': 'en' };
const ALIYUN = { key: 'LTAI-stub-key', secret: 'aliyun-Secret-7777' };
const TENCENT = { key: 'AKID-stub-id', secret: 'tencent-Secret-8888' };
const YUNPIAN_KEY = 'yunpian-Apikey-9999';
let t: TestApp;
let stub: SmsStub;
let a: Record<string, string>;
let calls: ReturnType<typeof smsCalls>;
const logLines: string[] = [];
/** Whatever must never be written down or answered: filled as the scenario makes them. */
const secrets = new Set<string>([ALIYUN.secret, TENCENT.secret, YUNPIAN_KEY]);
/** How far the shared store's clock runs ahead (a code's expiry without waiting for it). */
let clockSkewMs = 0;
let phoneSeq = 13900000000;
const usedPhones: string[] = [];
/** A number no other test has used (the per-number limit counts per hour). */
const freshPhone = () => {
  usedPhones.push(String(++phoneSeq));
  return String(phoneSeq);
};

beforeAll(async () => {
  const logStream = linesInto(logLines);
  t = await createTestApp({ logStream, store: createMemoryStore(() => Date.now() + clockSkewMs) });
  calls = smsCalls(t);
  stub = await startSmsStub();
  stub.accounts.set(ALIYUN.key, ALIYUN.secret).set(TENCENT.key, TENCENT.secret).set('yunpian', YUNPIAN_KEY);
  stub.templates.add('SMS_100001').add('1400123').add('3001');
  stub.signs.add('云仓');
  a = (await smsTenant(t, '720001')).auth;
  for (const [code, extra] of Object.entries(configs())) {
    const res = await calls.submit(smsConfig(code, extra), a);
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await stub.close();
  await t.close();
});
afterEach(() => {
  stub.quotaExhausted = false;
});

function configs(): Record<string, Record<string, unknown>> {
  const endpoint = stub.url;
  const aliyun = { accessKey: ALIYUN.key, secretKey: ALIYUN.secret, endpoint };
  const tencent = { category: 4, accessKey: TENCENT.key, secretKey: TENCENT.secret, appId: '1400006666', endpoint };
  return {
    ali: aliyun,
    'ali-bad-secret': { ...aliyun, secretKey: 'not-the-secret' },
    'ali-bad-key': { ...aliyun, accessKey: 'LTAI-unknown' },
    'ali-no-template': { ...aliyun, templateId: 'SMS_404' },
    'ali-bad-sign': { ...aliyun, signName: '别人的签名' },
    tencent: { ...tencent, templateId: '1400123' },
    'tencent-bad-secret': { ...tencent, templateId: '1400123', secretKey: 'wrong' },
    'tencent-no-template': { ...tencent, templateId: '999' },
    yunpian: { category: 1, templateId: '3001', secretKey: YUNPIAN_KEY, accessKey: null, signName: null, endpoint },
    qiniu: { category: 2, endpoint },
    unreachable: { ...aliyun, endpoint: 'http://127.0.0.1:9' },
  };
}

const send = (
  code: string,
  phones: string,
  params: object = { code: '4321' },
  headers: Record<string, string> = { ...a, ...EN },
) => calls.send({ code, phones, params: JSON.stringify(params) }, headers);

describe(`POST ${SMS}/endpoint/send-message`, () => {
  it('sends through Aliyun, V3-signed, and answers as BladeX does', async () => {
    const [p1, p2] = [freshPhone(), freshPhone()];
    const res = await send('ali', `${p1},${p2}`, { code: '4321', product: '云仓' }, a);
    expect(res.json()).toMatchObject({ code: 200, success: true, msg: '短信发送成功' });
    expect(stub.sent.at(-1)).toEqual({
      provider: 'aliyun',
      phones: [p1, p2],
      template: 'SMS_100001',
      sign: '云仓',
      params: { code: '4321', product: '云仓' },
    });
  });

  it('sends through Tencent API 3.0, numbers in E.164 and values in order', async () => {
    const phone = freshPhone();
    const res = await send('tencent', phone, { 1: '8888', 2: '5' });
    expect(res.json()).toMatchObject({ code: 200, msg: 'The SMS was sent' });
    expect(stub.sent.at(-1)).toMatchObject({ provider: 'tencent', phones: [`+86${phone}`], params: ['8888', '5'] });
  });

  it('sends through Yunpian with the placeholders filled', async () => {
    const phone = freshPhone();
    expect((await send('yunpian', phone, { code: '1234' })).json()).toMatchObject({ code: 200 });
    expect(stub.sent.at(-1)).toMatchObject({ provider: 'yunpian', phones: [phone], params: '%23code%23=1234' });
  });

  it('uses the enabled configuration when no code is given', async () => {
    const { records } = (await t.app.inject({ url: `${SMS}/list?smsCode=tencent`, headers: a })).json().data;
    await calls.enable(records[0].id, a);
    const phone = freshPhone();
    const res = await calls.send({ phones: phone, params: '{"code":"1"}' }, a);
    expect(res.json().msg).toBe('短信发送成功');
    expect(stub.sent.at(-1)).toMatchObject({ provider: 'tencent', phones: [`+86${phone}`] });
  });

  it('refuses bad numbers before anything is sent, naming them (spec §5)', async () => {
    const before = stub.bodies.length;
    const cases: [string, string, string][] = [
      ['', '手机号码不能为空', 'The phone number cannot be empty'],
      [' , ', '手机号码不能为空', 'The phone number cannot be empty'],
      ['1380013800', '手机号码长度不为11位：1380013800', 'The phone number must have 11 digits: 1380013800'],
      [
        `${freshPhone()},238001380`,
        '手机号码长度不为11位：238001380',
        'The phone number must have 11 digits: 238001380',
      ],
      ['23800138000', '手机号码格式不正确：23800138000', 'The phone number is not valid: 23800138000'],
      ['1380013800x', '手机号码格式不正确：1380013800x', 'The phone number is not valid: 1380013800x'],
    ];
    for (const [phones, zh, en] of cases) {
      expect((await send('ali', phones, {}, a)).json()).toMatchObject({ code: 400, msg: zh });
      expect((await send('ali', phones)).json()).toMatchObject({ code: 400, msg: en });
    }
    const many = Array.from({ length: 101 }, (_, i) => String(13700000000 + i)).join(',');
    expect((await send('ali', many)).json().msg).toBe('At most 100 phone numbers in one send');
    expect((await send('ali', freshPhone(), ['x'])).json().msg).toMatch(/must be a JSON object/);
    const badJson = await calls.send({ code: 'ali', phones: freshPhone(), params: '{code:1' }, { ...a, ...EN });
    expect(badJson.json().msg).toMatch(/must be a JSON object/);
    expect(stub.bodies.length).toBe(before);
  });

  it("answers each provider refusal with what to fix and the provider's own code", async () => {
    const cases: [string, RegExp][] = [
      [
        'ali-bad-secret',
        /^The SMS was not sent: the access key or secret key is wrong.*\(Aliyun SignatureDoesNotMatch: /,
      ],
      [
        'ali-bad-key',
        /secret key is wrong.*\(Aliyun InvalidAccessKeyId\.NotFound: Specified access key is not found\.\)/,
      ],
      [
        'ali-no-template',
        /the template does not exist or is not approved \(Aliyun isv\.SMS_TEMPLATE_ILLEGAL: 模板不合法/,
      ],
      ['ali-bad-sign', /the sign name is wrong or not approved \(Aliyun isv\.SMS_SIGNATURE_ILLEGAL/],
      ['tencent-bad-secret', /secret key is wrong.*\(Tencent Cloud AuthFailure\.SignatureFailure: /],
      [
        'tencent-no-template',
        /the template does not exist.*\(Tencent Cloud FailedOperation\.TemplateIncorrectOrUnapproved/,
      ],
    ];
    const sent = stub.sent.length;
    for (const [code, msg] of cases) {
      const res = await send(code, freshPhone());
      expect(res.statusCode, code).toBe(400);
      expect(res.json().msg, code).toMatch(msg);
    }
    const zh = await send('ali-no-template', freshPhone(), {}, a);
    expect(zh.json().msg).toMatch(/^短信发送失败：短信模板不存在或未审核通过（阿里云 isv\.SMS_TEMPLATE_ILLEGAL：/);
    expect(stub.sent.length).toBe(sent);
  });

  it("answers the provider's quota refusal", async () => {
    stub.quotaExhausted = true;
    expect((await send('ali', freshPhone())).json().msg).toMatch(
      /rate limit or balance is exhausted \(Aliyun isv\.BUSINESS_LIMIT_CONTROL: /,
    );
    expect((await send('tencent', freshPhone())).json().msg).toMatch(
      /rate limit or balance is exhausted \(Tencent Cloud LimitExceeded\.PhoneNumberDailyLimit: daily limit reached\)/,
    );
  });

  it('says so for Qiniu, an unknown configuration and an unreachable service', async () => {
    expect((await send('qiniu', freshPhone())).json()).toMatchObject({
      code: 400,
      msg: 'Sending through Qiniu is not supported; use Aliyun, Tencent Cloud or Yunpian',
    });
    expect((await send('nope', freshPhone())).json().msg).toBe('There is no SMS configuration nope');
    expect((await send('unreachable', freshPhone())).json()).toMatchObject({
      code: 400,
      msg: 'The SMS was not sent: the SMS service at 127.0.0.1:9 cannot be reached',
    });
  });

  it('refuses a caller without the send button', async () => {
    const role = await createRole(t.database.db, '720001', 'no-send', ['sms', 'sms_view']);
    const reader = await t.authFor({ ...plainUser, tenantId: '720001', roleIds: [role], roleAliases: ['no-send'] });
    const before = stub.bodies.length;
    expect((await send('ali', freshPhone(), {}, reader)).statusCode).toBe(403);
    expect(stub.bodies.length).toBe(before);
  });
});

describe('SMS rate limits', () => {
  it('limits sends per number and per tenant, per hour', async () => {
    await setParam(t.database.db, 'sms.limit.phonePerHour', '2');
    const phone = freshPhone();
    expect((await send('ali', phone)).statusCode).toBe(200);
    expect((await send('ali', phone)).statusCode).toBe(200);
    const third = await send('ali', phone);
    expect(third.json()).toMatchObject({
      code: 429,
      msg: 'Too many messages to this phone number; please try again later',
    });
    expect((await send('ali', freshPhone())).statusCode).toBe(200);
    await setParam(t.database.db, 'sms.limit.phonePerHour', '10');

    // the limit is one for every tenant, each counting its own sends
    await setParam(t.database.db, 'sms.limit.tenantPerHour', '3');
    const [b, c] = [(await smsTenant(t, '720002')).auth, (await smsTenant(t, '720005')).auth];
    for (const auth of [b, c]) {
      const config = smsConfig('limited', { accessKey: ALIYUN.key, secretKey: ALIYUN.secret, endpoint: stub.url });
      expect((await calls.submit(config, auth)).statusCode).toBe(200);
    }
    expect((await send('limited', `${freshPhone()},${freshPhone()}`, {}, b)).statusCode).toBe(200);
    const over = await send('limited', `${freshPhone()},${freshPhone()}`, {}, { ...b, ...EN });
    expect(over.json()).toMatchObject({
      code: 429,
      msg: "This tenant's hourly SMS limit is reached; please try again later",
    });
    expect((await send('limited', `${freshPhone()},${freshPhone()}`, {}, c)).statusCode).toBe(200);
    await setParam(t.database.db, 'sms.limit.tenantPerHour', '1000');
  });
});

describe(`POST ${SMS}/endpoint/send-validate and validate-message`, () => {
  const lastCode = () => (stub.sent.at(-1)!.params as { code: string }).code;

  async function sendCode(phone: string) {
    const res = await calls.sendValidate(phone, a);
    expect(res.json()).toMatchObject({ code: 200, msg: '验证码已发送' });
    const code = lastCode();
    expect(code).toMatch(/^\d{6}$/);
    secrets.add(code);
    return { id: res.json().data.id as string, code };
  }

  it('sends a six-digit code through the enabled configuration and checks it once', async () => {
    const { records } = (await t.app.inject({ url: `${SMS}/list?smsCode=ali`, headers: a })).json().data;
    await calls.enable(records[0].id, a);
    const phone = freshPhone();
    const res = await calls.sendValidate(phone, a);
    expect(res.json().data).toEqual({ id: expect.any(String), phone: `${phone.slice(0, 3)}****${phone.slice(-4)}` });
    expect(res.body).not.toContain(lastCode());
    const { id } = res.json().data;
    const code = lastCode();
    secrets.add(code);
    expect((await calls.validate({ id, phone, value: code }, a)).json()).toMatchObject({
      code: 200,
      msg: '短信校验成功',
    });
    const again = await calls.validate({ id, phone, value: code }, { ...a, ...EN });
    expect(again.json()).toMatchObject({
      code: 400,
      msg: 'The verification code has expired; please ask for a new one',
    });
  });

  it('refuses a wrong code, another number, and a sixth try even when right', async () => {
    const phone = freshPhone();
    const { id, code } = await sendCode(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await calls.validate({ id, phone, value: wrong }, { ...a, ...EN })).json()).toMatchObject({
      code: 400,
      msg: 'The verification code is wrong',
    });
    expect((await calls.validate({ id, phone: freshPhone(), value: code }, a)).json().msg).toBe('验证码不正确');
    for (let i = 0; i < 3; i++) await calls.validate({ id, phone, value: wrong }, a);
    const sixth = await calls.validate({ id, phone, value: code }, { ...a, ...EN });
    expect(sixth.json()).toMatchObject({ code: 400, msg: 'Too many wrong codes; please ask for a new one' });
    expect((await calls.validate({ id, phone, value: code }, a)).json().msg).toBe('验证码已失效，请重新获取');
  });

  it('forgets a code after five minutes', async () => {
    const phone = freshPhone();
    const { id, code } = await sendCode(phone);
    clockSkewMs = 4 * 60_000;
    try {
      const early = await sendCode(freshPhone());
      clockSkewMs = 5 * 60_000 + 1000;
      expect((await calls.validate({ id, phone, value: code }, a)).json().msg).toBe('验证码已失效，请重新获取');
      // a code sent a minute later still has its last minute
      expect((await calls.validate({ id: early.id, phone: usedPhones.at(-1)!, value: early.code }, a)).json().msg).toBe(
        '短信校验成功',
      );
    } finally {
      clockSkewMs = 0;
    }
  });

  it("does not take another tenant's code", async () => {
    const phone = freshPhone();
    const { id, code } = await sendCode(phone);
    const { auth } = await smsTenant(t, '720003');
    expect((await calls.validate({ id, phone, value: code }, auth)).json().msg).toBe('验证码已失效，请重新获取');
    expect((await calls.validate({ id, phone, value: code }, a)).json().msg).toBe('短信校验成功');
  });

  it('refuses a bad number and a tenant with nothing enabled', async () => {
    expect((await calls.sendValidate('12345', { ...a, ...EN })).json().msg).toBe(
      'The phone number must have 11 digits: 12345',
    );
    const { auth } = await smsTenant(t, '720004');
    expect((await calls.sendValidate(freshPhone(), auth)).json().msg).toBe(
      '没有启用的短信配置，请先在短信配置中启用一个',
    );
  });
});

describe('SMS secrets and numbers in answers and logs', () => {
  it('never writes a secret, a code or a whole number to the log or the log tables', async () => {
    await t.app.platform.audit.flush();
    const tables = await sql<{ row: string }>`
      select row_to_json(l)::text as row from blade_log_api l
      union all select row_to_json(l)::text from blade_log_error l`.execute(t.database.db);
    const written = [...logLines, ...tables.rows.map((r) => r.row)].join('\n');
    expect(written).toContain('/api/blade-resource/sms/endpoint/send-message');
    expect(written).toContain('sms sent');
    // a code (6 digits) or a number (11) counts when it stands alone, not as a run inside an id or a time
    const leaked = (secret: string) =>
      /^\d+$/.test(secret) ? new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(written) : written.includes(secret);
    expect([...secrets].filter(leaked)).toEqual([]);
    expect(usedPhones.filter(leaked)).toEqual([]);
    expect(written).toContain(`${usedPhones[0]!.slice(0, 3)}****${usedPhones[0]!.slice(-4)}`);
    // the secrets never travelled to the provider either, only signatures made with them
    expect(stub.bodies.join('\n')).not.toMatch(new RegExp(`${ALIYUN.secret}|${TENCENT.secret}`));
  });
});

describe(`POST ${SMS}/endpoint/send-notice, send-order and send-meeting`, () => {
  const notice = (route: string, query: Record<string, string>, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `${SMS}/endpoint/${route}?${new URLSearchParams(query)}`, headers });

  it("sends the enabled template with BladeX's parameters, in its order, the caller's values first", async () => {
    const { records } = (await t.app.inject({ url: `${SMS}/list?smsCode=ali`, headers: a })).json().data;
    await calls.enable(records[0].id, a);
    const phone = freshPhone();
    const res = await notice('send-notice', { phones: phone, title: '盘点通知' }, a);
    expect(res.json()).toEqual({ code: 200, success: true, data: null, msg: '短信发送成功' });
    expect(stub.sent.at(-1)).toMatchObject({
      provider: 'aliyun',
      phones: [phone],
      params: { title: '盘点通知', content: '通知内容', date: '通知时间' },
    });
    expect((await notice('send-order', { phones: phone, orderNo: 'CK-1' }, { ...a, ...EN })).json().msg).toBe(
      'The SMS was sent',
    );
    expect(stub.sent.at(-1)!.params).toEqual({ orderNo: 'CK-1', packageNo: 'Tracking number', user: 'Recipient' });
    expect((await notice('send-meeting', { phones: phone }, a)).statusCode).toBe(200);
    const meeting = stub.sent.at(-1)!.params as Record<string, string>;
    expect(Object.entries(meeting)).toEqual([
      ['roomId', '会议室'],
      ['topic', '会议主题'],
      ['date', '会议时间'],
    ]);
  });

  it('checks the numbers as send-message does, before anything is sent', async () => {
    const before = stub.bodies.length;
    for (const route of ['send-notice', 'send-order', 'send-meeting']) {
      expect((await notice(route, { phones: '' }, { ...a, ...EN })).json()).toMatchObject({
        code: 400,
        msg: 'The phone number cannot be empty',
      });
      expect((await notice(route, { phones: '23800138000' }, a)).json().msg).toBe('手机号码格式不正确：23800138000');
      expect((await notice(route, { phones: '1380013800' }, a)).json().msg).toBe('手机号码长度不为11位：1380013800');
    }
    expect(stub.bodies.length).toBe(before);
  });

  it('refuses a caller without the send button, and a tenant with no enabled configuration', async () => {
    const role = await createRole(t.database.db, '720001', 'no-send-2', ['sms', 'sms_view']);
    const reader = await t.authFor({ ...plainUser, tenantId: '720001', roleIds: [role], roleAliases: ['no-send-2'] });
    const before = stub.bodies.length;
    expect((await notice('send-order', { phones: freshPhone() }, reader)).statusCode).toBe(403);
    // another tenant never sends through this tenant's enabled configuration
    const other = (await smsTenant(t, '720009')).auth;
    expect((await notice('send-notice', { phones: freshPhone() }, { ...other, ...EN })).json()).toMatchObject({
      code: 400,
      msg: 'No SMS configuration is enabled; enable one in SMS configurations first',
    });
    expect(stub.bodies.length).toBe(before);
  });
});
