import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requestLogColumns } from '../../../platform/audit/request-params.ts';
import { nextId } from '../../../platform/db/snowflake.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { lastDays } from './activity.ts';
import type { Activity, DeskInfo, Signed } from './schema.ts';

/** The usual log's code of a day's sign (签到), the event `sign` writes and `info` reads. */
export const SIGN_LOG_ID = 'desk.sign';
/** How many entries `activities` answers at most. */
export const ACTIVITIES_MAX = 20;

/** Today's start and tomorrow's, in the server's local time (as the dashboard's days). */
const today = (now = new Date()) => lastDays(now).at(-1)!;

/** Who may see whose entries of each log: its readers every entry of the tenant, anyone else their own. */
export interface ActivityReach {
  api: boolean;
  usual: boolean;
}

/**
 * The tenant's latest entries of the api log (each call that changed data: its title) and of the
 * usual log (business events: sign-ins, grants, signs; the web client's error uploads are not
 * activity), newest first, over the last seven days: each a bounded range of its (tenant, time) index.
 */
export async function recentActivities(
  trx: AnyTrx,
  caller: Caller,
  reach: ActivityReach,
  now = new Date(),
): Promise<Activity[]> {
  const since = lastDays(now)[0]!.start;
  const whose = (all: boolean) => (all ? sql`` : sql`and create_user = ${caller.userId}`);
  const { rows } = await sql<Activity>`
    select * from (
      (select id::text as id, 'api' as source, title, method, request_uri as "requestUri", create_by as "createBy",
          create_time as "createTime"
        from blade_log_api where tenant_id = ${caller.tenantId} and create_time >= ${since} ${whose(reach.api)}
        order by create_time desc, id desc limit ${ACTIVITIES_MAX})
      union all
      (select id::text, 'usual', log_id, method, request_uri, create_by, create_time
        from blade_log_usual where tenant_id = ${caller.tenantId} and create_time >= ${since} ${whose(reach.usual)}
          and log_id <> 'web-client'
        order by create_time desc, id desc limit ${ACTIVITIES_MAX})
    ) recent order by "createTime" desc, id desc limit ${ACTIVITIES_MAX}`.execute(trx);
  return rows;
}

/** When the caller signed today, if they did (a range of today in the usual log's index). */
async function signedToday(trx: AnyTrx, caller: Caller, now = new Date()): Promise<Date | null> {
  const { start, end } = today(now);
  const { rows } = await sql<{ at: Date }>`
    select create_time as at from blade_log_usual
    where tenant_id = ${caller.tenantId} and create_time >= ${start} and create_time < ${end}
      and log_id = ${SIGN_LOG_ID} and create_user = ${caller.userId}
    order by create_time limit 1`.execute(trx);
  return rows[0]?.at ?? null;
}

/**
 * The caller's sign for today: the first call of the day writes it to the usual log, later ones
 * answer that one (one sign a day; two calls at once wait on each other's lock).
 */
export async function signToday(trx: AnyTrx, request: FastifyRequest, now = new Date()): Promise<Signed> {
  const caller = request.ctx.caller!;
  await sql`select pg_advisory_xact_lock(hashtext(${`${SIGN_LOG_ID}:${caller.tenantId}:${caller.userId}`}))`.execute(
    trx,
  );
  const earlier = await signedToday(trx, caller, now);
  if (earlier) return { signTime: earlier, first: false };
  const written = await trx
    .insertInto('blade_log_usual')
    .values({
      ...requestLogColumns(request),
      id: nextId(),
      params: null,
      create_time: now,
      log_level: 'info',
      log_id: SIGN_LOG_ID,
      log_data: JSON.stringify({ day: today(now).day }),
    })
    .returning('create_time as at')
    .executeTakeFirstOrThrow();
  return { signTime: written.at, first: true };
}

/** The caller's desk: who, which tenant, and today's sign. */
export async function deskInfo(trx: AnyTrx, caller: Caller, now = new Date()): Promise<DeskInfo> {
  const { rows } = await sql<{ realName: string | null; tenantName: string | null }>`
    select u.real_name as "realName", t.tenant_name as "tenantName"
    from blade_user u left join blade_tenant t on t.tenant_id = u.tenant_id and t.is_deleted = 0
    where u.tenant_id = ${caller.tenantId} and u.id = ${caller.userId}`.execute(trx);
  const signTime = await signedToday(trx, caller, now);
  return {
    userId: caller.userId,
    account: caller.account,
    realName: rows[0]?.realName ?? null,
    tenantId: caller.tenantId,
    tenantName: rows[0]?.tenantName ?? null,
    signedToday: signTime !== null,
    signTime,
  };
}
