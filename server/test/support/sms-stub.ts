import { createHash, createHmac, randomUUID } from 'node:crypto';
import Fastify, { type FastifyRequest } from 'fastify';

/**
 * A local stand-in for the SMS providers, on 127.0.0.1: it checks each request's signature the way
 * the provider documents it, with its own canonicalization read off the request as received (not the
 * product's signer), and answers in the provider's own shapes. Accounts, templates and sign names
 * are what a test registers; `quotaExhausted` makes every send hit the provider's limit.
 */
export interface SmsStub {
  url: string;
  /** Messages accepted, as the provider would deliver them. */
  sent: { provider: string; phones: string[]; template: string; sign: string; params: unknown }[];
  /** Every request body as it arrived (to prove no secret travels in it). */
  bodies: string[];
  accounts: Map<string, string>;
  templates: Set<string>;
  signs: Set<string>;
  quotaExhausted: boolean;
  close(): Promise<void>;
}

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim();
};

/** Aliyun V3: recompute the ACS3-HMAC-SHA256 signature over what arrived. */
function aliyunVerify(request: FastifyRequest, body: string, accounts: Map<string, string>) {
  const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
    header(request, 'authorization'),
  );
  if (!auth) return { status: 400, code: 'IncompleteSignature', message: 'The request signature does not conform.' };
  const [, keyId, signedHeaders, signature] = auth;
  const secret = accounts.get(keyId!);
  if (!secret)
    return { status: 404, code: 'InvalidAccessKeyId.NotFound', message: 'Specified access key is not found.' };
  if (header(request, 'x-acs-content-sha256') !== sha256(body))
    return { status: 400, code: 'SignatureDoesNotMatch', message: 'The payload hash does not match.' };
  const names = signedHeaders!.split(';');
  for (const required of ['host', 'x-acs-action', 'x-acs-version', 'x-acs-date', 'x-acs-signature-nonce'])
    if (!names.includes(required)) return { status: 400, code: 'IncompleteSignature', message: `${required} unsigned` };
  const [path, rawQuery = ''] = (request.raw.url ?? '/').split('?');
  const query = [...new URLSearchParams(rawQuery)]
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
    .sort()
    .join('&');
  const canonical = [
    request.method,
    path,
    query,
    names.map((n) => `${n}:${header(request, n)}\n`).join(''),
    signedHeaders,
    header(request, 'x-acs-content-sha256'),
  ].join('\n');
  const expected = createHmac('sha256', secret)
    .update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`)
    .digest('hex');
  if (expected !== signature)
    return {
      status: 400,
      code: 'SignatureDoesNotMatch',
      message: 'Specified signature is not matched with our calculation.',
    };
  if (Math.abs(Date.parse(header(request, 'x-acs-date')) - Date.now()) > 15 * 60_000)
    return { status: 400, code: 'InvalidTimeStamp.Expired', message: 'Specified time stamp or date value is expired.' };
  return null;
}

/** Tencent API 3.0: recompute the TC3-HMAC-SHA256 signature over what arrived. */
function tencentVerify(request: FastifyRequest, body: string, accounts: Map<string, string>) {
  const auth =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/(\w+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      header(request, 'authorization'),
    );
  if (!auth) return { code: 'AuthFailure.InvalidAuthorization', message: 'Authorization is malformed.' };
  const [, secretId, date, service, signedHeaders, signature] = auth;
  const secret = accounts.get(secretId!);
  if (!secret) return { code: 'AuthFailure.SecretIdNotFound', message: 'The SecretId is not found.' };
  const timestamp = Number(header(request, 'x-tc-timestamp'));
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date || service !== 'sms')
    return { code: 'AuthFailure.InvalidAuthorization', message: 'Credential scope mismatch.' };
  if (Math.abs(timestamp * 1000 - Date.now()) > 5 * 60_000)
    return { code: 'AuthFailure.SignatureExpire', message: 'Signature expired.' };
  const names = signedHeaders!.split(';');
  if (!names.includes('content-type') || !names.includes('host'))
    return { code: 'AuthFailure.InvalidAuthorization', message: 'content-type and host must be signed.' };
  const canonical = [
    'POST',
    '/',
    '',
    names.map((n) => `${n}:${header(request, n).toLowerCase()}\n`).join(''),
    signedHeaders,
    sha256(body),
  ].join('\n');
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256(canonical)}`;
  const key = hmac(hmac(hmac(`TC3${secret}`, date!), service!), 'tc3_request');
  if (hmac(key, stringToSign).toString('hex') !== signature)
    return { code: 'AuthFailure.SignatureFailure', message: 'The provided credentials could not be validated.' };
  return null;
}

export async function startSmsStub(): Promise<SmsStub> {
  const app = Fastify();
  const stub: SmsStub = {
    url: '',
    close: () => app.close(),
    sent: [],
    bodies: [],
    accounts: new Map(),
    templates: new Set(),
    signs: new Set(),
    quotaExhausted: false,
  };
  // Bodies as received, byte for byte: the signatures cover them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post('/', async (request, reply) => {
    const body = String(request.body ?? '');
    stub.bodies.push(body);
    if (request.headers['x-tc-action']) {
      const requestId = randomUUID();
      const error = tencentVerify(request, body, stub.accounts);
      if (error) return { Response: { Error: { Code: error.code, Message: error.message }, RequestId: requestId } };
      const sms = JSON.parse(body) as {
        PhoneNumberSet: string[];
        SmsSdkAppId: string;
        SignName: string;
        TemplateId: string;
        TemplateParamSet: string[];
      };
      if (!stub.templates.has(sms.TemplateId))
        return {
          Response: {
            Error: {
              Code: 'FailedOperation.TemplateIncorrectOrUnapproved',
              Message: 'template is not approved or not exist',
            },
            RequestId: requestId,
          },
        };
      if (!stub.signs.has(sms.SignName))
        return {
          Response: {
            Error: { Code: 'FailedOperation.SignatureIncorrectOrUnapproved', Message: 'signature is not approved' },
            RequestId: requestId,
          },
        };
      const statuses = sms.PhoneNumberSet.map((phone) =>
        stub.quotaExhausted
          ? { PhoneNumber: phone, Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'daily limit reached' }
          : { PhoneNumber: phone, Code: 'Ok', Message: 'send success', SerialNo: randomUUID() },
      );
      if (!stub.quotaExhausted)
        stub.sent.push({
          provider: 'tencent',
          phones: sms.PhoneNumberSet,
          template: sms.TemplateId,
          sign: sms.SignName,
          params: sms.TemplateParamSet,
        });
      return { Response: { SendStatusSet: statuses, RequestId: requestId } };
    }
    const requestId = randomUUID();
    const error = aliyunVerify(request, body, stub.accounts);
    if (error) return reply.code(error.status).send({ Code: error.code, Message: error.message, RequestId: requestId });
    if (header(request, 'x-acs-action') !== 'SendSms' || header(request, 'x-acs-version') !== '2017-05-25')
      return reply
        .code(400)
        .send({ Code: 'InvalidAction.NotFound', Message: 'Specified api is not found', RequestId: requestId });
    const form = new URLSearchParams(body);
    const answer = (Code: string, Message: string) => ({ Code, Message, RequestId: requestId });
    if (!stub.templates.has(form.get('TemplateCode') ?? ''))
      return answer('isv.SMS_TEMPLATE_ILLEGAL', '模板不合法(不存在或被拉黑)');
    if (!stub.signs.has(form.get('SignName') ?? ''))
      return answer('isv.SMS_SIGNATURE_ILLEGAL', '签名不合法(不存在或被拉黑)');
    if (stub.quotaExhausted) return answer('isv.BUSINESS_LIMIT_CONTROL', '触发号码天级流控Permits:10');
    stub.sent.push({
      provider: 'aliyun',
      phones: (form.get('PhoneNumbers') ?? '').split(','),
      template: form.get('TemplateCode') ?? '',
      sign: form.get('SignName') ?? '',
      params: JSON.parse(form.get('TemplateParam') ?? '{}'),
    });
    return { ...answer('OK', 'OK'), BizId: `${Date.now()}^0` };
  });

  // Yunpian: a form POST whose API key is the credential (no signature to check).
  app.post('/v2/sms/tpl_batch_send.json', async (request, reply) => {
    const body = String(request.body ?? '');
    stub.bodies.push(body);
    const form = new URLSearchParams(body);
    if (![...stub.accounts.values()].includes(form.get('apikey') ?? ''))
      return reply
        .code(400)
        .send({ http_status_code: 400, code: -1, msg: '非法的apikey', detail: '请检查的apikey是否正确' });
    if (!stub.templates.has(form.get('tpl_id') ?? ''))
      return reply.code(400).send({ http_status_code: 400, code: 5, msg: '未找到对应id的模板', detail: '模板不存在' });
    const phones = (form.get('mobile') ?? '').split(',');
    stub.sent.push({
      provider: 'yunpian',
      phones,
      template: form.get('tpl_id') ?? '',
      sign: '',
      params: form.get('tpl_value'),
    });
    return { total_count: phones.length, data: phones.map((mobile) => ({ code: 0, msg: '发送成功', mobile, sid: 1 })) };
  });

  stub.url = await app.listen({ host: '127.0.0.1', port: 0 });
  return stub;
}
