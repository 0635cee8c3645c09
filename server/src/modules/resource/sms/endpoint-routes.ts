import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MASK } from '../../../platform/audit/mask.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { translate } from '../../../platform/i18n/i18n.ts';
import { noticeParams, noticeQuery, SMS_NOTICES, type SmsNotice } from './notices.ts';
import { maskPhone, parseParams, parsePhones } from './phones.ts';
import { sendMessageQuery, sendValidateQuery, validateMessageQuery } from './schema.ts';
import { pickConfig, sendSms } from './send.ts';
import { checkVerificationCode, newVerificationCode } from './verification.ts';

/** The api log keeps the numbers masked and no parameters or codes (a verification code is one). */
const redact = (p: Record<string, unknown>) => ({
  ...p,
  ...(p.phones !== undefined && { phones: String(p.phones).split(',').map(maskPhone).join(',') }),
  ...(p.phone !== undefined && { phone: maskPhone(String(p.phone)) }),
  ...(p.params !== undefined && { params: MASK }),
  ...(p.value !== undefined && { value: MASK }),
});

/**
 * `/api/blade-resource/sms/endpoint` (BladeX SmsEndpoint): `send-message` sends a configuration's
 * template (by `code`, else the enabled one) to the numbers; `send-validate` sends a fresh
 * verification code through the enabled configuration and answers its id; `validate-message`
 * checks a code against that id.
 */
export function registerSmsEndpointRoutes(app: FastifyInstance, prefix: string, tag: string): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    `${prefix}/send-message`,
    {
      config: { access: { permission: 'sms_send' }, audit: { title: 'send sms', redact } },
      schema: {
        tags: [tag],
        summary: "Sends the configuration's template to the numbers: 短信发送成功, or why not",
        querystring: sendMessageQuery,
        response: answers(z.null(), 400, 403),
      },
    },
    async (request, reply) => {
      const phones = parsePhones(request.query.phones);
      const params = parseParams(request.query.params);
      const config = await pickConfig(request, request.query.code);
      await sendSms(request, config, phones, params);
      return reply.ok(null, 'sms.sent');
    },
  );

  // Same button and checks as send-message: these send the tenant's template to any numbers too.
  for (const notice of Object.keys(SMS_NOTICES) as SmsNotice[]) {
    const keys = Object.keys(SMS_NOTICES[notice]).join(', ');
    api.post(
      `${prefix}/${notice}`,
      {
        config: { access: { permission: 'sms_send' }, audit: { title: `sms ${notice}`, redact } },
        schema: {
          tags: [tag],
          summary: `Sends the enabled configuration's template with ${keys} (BladeX's words for those not sent)`,
          querystring: noticeQuery(notice),
          response: answers(z.null(), 400, 403),
        },
      },
      async (request, reply) => {
        const query = request.query as Record<string, string | undefined>;
        const phones = parsePhones(query.phones);
        const params = noticeParams(notice, query, (key) => translate(request.ctx.locale, key));
        const config = await pickConfig(request, undefined);
        await sendSms(request, config, phones, params);
        return reply.ok(null, 'sms.sent');
      },
    );
  }

  api.post(
    `${prefix}/send-validate`,
    {
      config: { access: 'signedIn', audit: { title: 'send sms verification code', redact } },
      schema: {
        tags: [tag],
        summary: 'Sends a verification code (template variable `code`) and answers its id',
        querystring: sendValidateQuery,
        response: answers(z.object({ id: z.string(), phone: z.string() }), 400),
      },
    },
    async (request, reply) => {
      const [phone] = parsePhones(request.query.phone);
      const config = await pickConfig(request, undefined);
      const verification = await newVerificationCode(request, phone!);
      await sendSms(request, config, [phone!], { code: verification.code });
      await verification.commit();
      return reply.ok({ id: verification.id, phone: maskPhone(phone!) }, 'sms.validate.sent');
    },
  );

  api.post(
    `${prefix}/validate-message`,
    {
      config: { access: 'signedIn', audit: { title: 'check sms verification code', redact } },
      schema: {
        tags: [tag],
        summary: 'Checks a verification code: right once, five wrong tries, five minutes',
        querystring: validateMessageQuery,
        response: answers(z.null(), 400),
      },
    },
    async (request, reply) => {
      await checkVerificationCode(request, request.query);
      return reply.ok(null, 'sms.validate.ok');
    },
  );
}
