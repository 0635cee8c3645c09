import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { answers } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { idSchema } from '../http/ids.ts';
import type { Caller } from '../tenancy/context.ts';
import type { AnyTrx } from '../tenancy/tenant-db.ts';

/** BladeX's status of the one configuration a tenant has enabled (the others are 1). */
export const ENABLED = 2;
export const DISABLED = 1;

/**
 * Enables one row of the tenant's table and disables the rest, in one statement over every live row
 * of the tenant, so the last enable wins. The table holds one enabled row per tenant by a deferrable
 * exclusion constraint, checked at the statement's end (a unique index is checked row by row, and the
 * swap would trip it whenever the new row came first). Answers whether the id was one of the tenant's.
 */
export async function enableOne(trx: AnyTrx, table: string, caller: Caller, id: string): Promise<boolean> {
  // Enables of one tenant's table take turns, each then reading the rows as the one before left them.
  // Without the turn, two updates waiting on each other's rows locked them in the order each found
  // them, which a third one's rewrite can change: PostgreSQL found a deadlock (the CI of stop 37).
  await sql`select pg_advisory_xact_lock(hashtext(${`enable-one:${table}:${caller.tenantId}`}))`.execute(trx);
  const wanted = sql`(case when id = ${id} then ${ENABLED}::int else ${DISABLED}::int end)`;
  const { rows } = await sql<{ id: string }>`
    update ${sql.table(table)} set status = ${wanted},
      update_user = case when status = ${wanted} then update_user else ${caller.userId} end,
      update_time = case when status = ${wanted} then update_time else now() end
    where tenant_id = ${caller.tenantId} and is_deleted = 0
    returning id`.execute(trx);
  return rows.some((row) => String(row.id) === id);
}

export interface EnableRoute {
  /** The resource's path (`/api/blade-resource/oss`); the route is `<prefix>/enable?id=`. */
  prefix: string;
  table: string;
  permission: string;
  tag: string;
  operationId: string;
  summary: string;
  auditTitle: string;
}

/** `POST <prefix>/enable?id=`: the configuration screens' one-at-a-time switch (BladeX OssController, SmsController). */
export function registerEnableRoute(app: FastifyInstance, route: EnableRoute): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    `${route.prefix}/enable`,
    {
      config: { access: { permission: route.permission }, audit: { title: route.auditTitle } },
      schema: {
        tags: [route.tag],
        operationId: route.operationId,
        summary: route.summary,
        querystring: z.object({ id: idSchema }),
        response: answers(z.null(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      await request.inTenant(async (trx) => {
        // Thrown inside, so a missing id rolls back the disabling of the others.
        if (!(await enableOne(trx, route.table, caller, request.query.id))) throw notFound();
      });
      return reply.ok(null);
    },
  );
}
