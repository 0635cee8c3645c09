import type { FastifyInstance } from 'fastify';
import { registerEnableRoute } from '../../../platform/crud/enable-one.ts';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { registerSmsEndpointRoutes } from './endpoint-routes.ts';
import { smsResource } from './resource.ts';

const PREFIX = '/api/blade-resource/sms';
const TAG = 'resource/sms';

/**
 * `/api/blade-resource/sms` (BladeX SmsController): list, page, detail, submit, save, update, remove, and
 * `enable?id=`, which makes the configuration the tenant's one enabled; plus the endpoint's sends.
 */
export function registerSmsRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: PREFIX,
    resource: smsResource(app.platform.sealer),
    tag: TAG,
    routes: ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'],
  });
  registerEnableRoute(app, {
    prefix: PREFIX,
    table: 'blade_sms',
    permission: 'sms_enable',
    tag: TAG,
    operationId: 'smsEnable',
    summary: "Makes the configuration the tenant's enabled one (the others are disabled)",
    auditTitle: 'enable sms configuration',
  });
  registerSmsEndpointRoutes(app, `${PREFIX}/endpoint`, TAG);
}
