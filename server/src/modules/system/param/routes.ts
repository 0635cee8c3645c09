import type { FastifyInstance } from 'fastify';
import { MASK } from '../../../platform/audit/mask.ts';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { paramResource } from './resource.ts';

/** `/api/blade-system/param`: list, detail, submit, remove (BladeX ParamController), plus page. */
export function registerParamRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: '/api/blade-system/param',
    resource: paramResource,
    tag: 'system/param',
    audit: {
      // A parameter such as tenant.default.password holds a secret in its value; an update by id
      // does not say which parameter it is, so its value is masked too.
      redact: (p) =>
        p.paramKey === undefined || /password|secret|key$/i.test(String(p.paramKey)) ? { ...p, paramValue: MASK } : p,
    },
  });
}
