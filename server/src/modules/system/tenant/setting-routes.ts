import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordSchema } from '../../../platform/crud/answers.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { tenantPackageResource } from '../tenant-package/resource.ts';
import { bindTenant } from './binding.ts';
import {
  applySetting,
  closedTenants,
  endSessions,
  packageOfTenant,
  setPackage,
  setTenantAdminPassword,
} from './manage.ts';
import { moveProgressSchema, progressAnswer, readProgress } from './move/progress.ts';
import {
  adminPasswordBody,
  datasourceMoveQuery,
  datasourceQuery,
  packageDetailQuery,
  packageSettingQuery,
  settingQuery,
} from './schema.ts';

export interface TenantSettingOptions {
  /** Rows a tenant's move copies per batch (TENANT_MOVE_BATCH_ROWS). */
  moveBatchRows: number;
}

/**
 * The tenant screen's dialogs: authorisation (`setting`), `datasource`, `package-detail`, `package-setting`
 * and `admin-password` (ours: the tenant administrator's password, in the body, never in a query string).
 */
export function registerTenantSettingRoutes(
  app: FastifyInstance,
  prefix: string,
  tag: string,
  options: TenantSettingOptions,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    `${prefix}/setting`,
    {
      config: { access: { permission: 'tenant_setting', platform: true } },
      schema: {
        tags: [tag],
        summary: "Sets tenants' account number and expiry (a tenant closed by it has its sessions ended)",
        querystring: settingQuery,
        response: answers(z.null(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const closed = await request.inTenant(async (trx) => {
        await applySetting(trx, request.ctx.caller!, request.query);
        return closedTenants(trx, request.query.ids);
      });
      await endSessions(app.platform, closed);
      const { ids, accountNumber, expireTime } = request.query;
      request.logEvent({ logId: 'tenant.setting', data: { ids, accountNumber, expireTime, closed } });
      return reply.ok(null);
    },
  );

  api.post(
    `${prefix}/datasource`,
    {
      config: { access: { permission: 'tenant_datasource', platform: true } },
      schema: {
        tags: [tag],
        summary:
          'Binds a tenant to a datasource (0: the main database): its rows move to that PostgreSQL database (which must connect; it is migrated), in the background when it has any (see datasource-move)',
        querystring: datasourceQuery,
        response: answers(z.null(), 400, 403, 404, 409, 503),
      },
    },
    async (request, reply) => {
      const { tenantId, datasourceId } = request.query;
      await bindTenant(app.platform, request.ctx.caller!, tenantId, datasourceId, {
        batchRows: options.moveBatchRows,
        log: (error) => app.log.warn({ err: error, tenantId, datasourceId }, 'a tenant move failed'),
      });
      request.logEvent({ logId: 'tenant.datasource', data: { tenantId, datasourceId } });
      return reply.ok(null);
    },
  );

  api.get(
    `${prefix}/datasource-move`,
    {
      config: { access: { permission: 'tenant_datasource', platform: true } },
      schema: {
        tags: [tag],
        summary:
          "The last move of a tenant's rows between databases: its step, table and rows, and why it failed (null when none in the last day)",
        querystring: datasourceMoveQuery,
        response: answers(moveProgressSchema, 400, 403),
      },
    },
    async (request, reply) => {
      const progress = await readProgress(app.platform.store, request.query.tenantId);
      return reply.ok(progressAnswer(progress, request.ctx.locale));
    },
  );

  api.get(
    `${prefix}/package-detail`,
    {
      config: { access: { permission: 'tenant_package', platform: true } },
      schema: {
        tags: [tag],
        summary: "A tenant's package (null when it has none)",
        querystring: packageDetailQuery,
        response: answers(recordSchema(tenantPackageResource).nullable(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const found = await request.inTenant((trx) => packageOfTenant(trx, request.ctx.caller!, request.query.tenantId));
      return found ? reply.ok(found) : reply.ok(null, 'ok.noData');
    },
  );

  api.post(
    `${prefix}/package-setting`,
    {
      config: { access: { permission: 'tenant_package', platform: true } },
      schema: {
        tags: [tag],
        summary: "Sets a tenant's package, which limits every role of the tenant",
        querystring: packageSettingQuery,
        response: answers(z.null(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const { tenantId, packageId } = request.query;
      await request.inTenant((trx) => setPackage(trx, request.ctx.caller!, tenantId, packageId));
      // The package limits what the tenant's roles hold: cached permissions are stale now.
      app.platform.caches.clear();
      request.logEvent({ logId: 'tenant.package', data: { tenantId, packageId } });
      return reply.ok(null);
    },
  );

  api.post(
    `${prefix}/admin-password`,
    {
      config: { access: { permission: 'tenant_edit', platform: true } },
      schema: {
        tags: [tag],
        summary: "Sets the password of a tenant's administrator (in the body); their sessions end",
        body: adminPasswordBody,
        response: answers(z.null(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const { tenantId, password } = request.body;
      const userId = await app.platform.tenantDb.inTenant(tenantId, (trx) =>
        setTenantAdminPassword(trx, request.ctx.caller!, tenantId, password),
      );
      await app.platform.sessions.revokeUser(tenantId, userId);
      request.logEvent({ logId: 'tenant.adminPassword', level: 'warn', data: { tenantId, userId } });
      return reply.ok(null);
    },
  );
}
