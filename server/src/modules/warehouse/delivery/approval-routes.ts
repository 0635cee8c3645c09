import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { withDefault } from '../../../platform/http/fields.ts';
import { approvalSetting, saveApprovalSetting } from './approval.ts';
import { deliveryMessages as m } from './messages.ts';
import { DELIVERY_READ } from './resource.ts';

const settingSchema = z.object({
  enabled: z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
    .transform((v) => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0))
    .describe('1: outbound requests over the threshold wait for the process'),
  processKey: z
    .string()
    .trim()
    .max(64)
    .regex(/^([A-Za-z_][\w.-]*)?$/, { error: 'error.validation.invalid' })
    .nullish()
    .transform((v) => v || null)
    .describe('the key of a deployed process (its latest version starts)'),
  thresholdKind: withDefault(z.enum(['quantity', 'amount']), 'quantity').describe('what the threshold measures'),
  threshold: z
    .union([z.number(), z.string()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,15}(\.\d{1,3})?$/.test(v), { error: m['warehouse.approval.threshold.invalid'] })
    .describe('requests whose total quantity (or value at the moving average) is above it wait'),
});

const settingAnswer = z.object({
  enabled: z.number().int(),
  processKey: z.string().nullable(),
  thresholdKind: z.enum(['quantity', 'amount']),
  threshold: z.string(),
});

/** `approval-setting`: the tenant's outbound approval (read by the delivery screens, set by delivery_approval). */
export function registerApprovalSettingRoutes(app: FastifyInstance, prefix: string, tag: string): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    `${prefix}/approval-setting`,
    {
      config: { access: { permission: [...DELIVERY_READ, 'delivery_approval'] } },
      schema: {
        tags: [tag],
        operationId: 'warehouseDeliveryApprovalSetting',
        summary: 'The tenant’s outbound approval setting',
        response: answers(settingAnswer, 403),
      },
    },
    async (request, reply) =>
      reply.ok(await request.inTenant((trx) => approvalSetting(trx, request.ctx.caller!.tenantId))),
  );
  api.post(
    `${prefix}/approval-setting`,
    {
      config: { access: { permission: 'delivery_approval' } },
      schema: {
        tags: [tag],
        operationId: 'warehouseDeliveryApprovalSettingSave',
        summary: 'Sets the outbound approval: on or off, the process key, what the threshold measures and its value',
        body: settingSchema,
        response: answers(settingAnswer, 400, 403),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const saved = await request.inTenant(async (trx) => {
        await saveApprovalSetting(trx, caller, request.body);
        return approvalSetting(trx, caller.tenantId);
      });
      return reply.ok(saved);
    },
  );
}
