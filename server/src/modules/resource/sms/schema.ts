import { z } from 'zod';
import { optionalText, requiredText } from '../../../platform/http/fields.ts';
import { smsMessages as m } from './messages.ts';

/** A configuration as its form sends it; the secret key in clear, sealed before it is stored. */
export const smsInput = z.object({
  category: z.coerce
    .number({ error: m['sms.category.required'] })
    .int()
    .min(1, { error: m['sms.category.required'] })
    .max(4, { error: m['sms.category.required'] }),
  smsCode: requiredText(m['sms.smsCode.required'], 32).regex(/^[\w-]+$/, { error: m['sms.smsCode.format'] }),
  templateId: requiredText(m['sms.templateId.required'], 64),
  accessKey: optionalText(255),
  secretKey: z.string().trim().min(1).max(500).optional(),
  regionId: optionalText(32),
  signName: optionalText(64),
  appId: optionalText(64),
  endpoint: z
    .string()
    .trim()
    .max(255)
    .refine((v) => v === '' || /^https?:\/\/[^\s/?#]+\/?$/i.test(v), { error: m['sms.endpoint.format'] })
    .nullish(),
  remark: optionalText(255),
});

// Phones and parameters are checked by the service, so that each gets its own clear message.
export const sendMessageQuery = z.object({
  code: z.string().trim().max(32).optional().describe('the configuration (sms_code); the enabled one when absent'),
  phones: z.string().max(4000).describe('comma-separated 11-digit numbers'),
  params: z.string().max(4000).optional().describe('template variables as a JSON object'),
});

export const sendValidateQuery = z.object({ phone: z.string().max(32) });

export const validateMessageQuery = z.object({
  id: z.string().trim().min(1).max(64).describe('what send-validate answered'),
  phone: z.string().max(32),
  value: z.string().trim().max(16).describe('the code the user received'),
});
