import { sql } from 'kysely';
import { DEFAULT_RETENTION_DAYS, RETENTION_PARAM } from '../modules/log/retention.ts';
import { nextId } from '../platform/db/snowflake.ts';
import type { AnyTrx } from '../platform/tenancy/tenant-db.ts';
import { addMenus } from './access-seed.ts';

/** The menus issue 20 added, each granted to the roles holding the menu it sits in. */
const ADDED = ['log_login', 'log_login_view', 'online', 'online_view', 'online_logout'] as const;

/**
 * Seed step `monitor-logs` (issue 20): the login log's and the online sessions' menus in
 * installations seeded before them, granted to every role that holds their parent (so tenant
 * administrators, who hold 系统监控, get them), and the log retention parameter. Idempotent.
 */
export async function seedMonitorLogs(trx: AnyTrx, adminUserId: string): Promise<void> {
  await addMenus(trx, ADDED);
  await sql`
    insert into blade_param (id, param_name, param_key, param_value, create_user, update_user)
    select ${nextId()}, ${'日志保留天数'}, ${RETENTION_PARAM}, ${String(DEFAULT_RETENTION_DAYS)}, ${adminUserId}, ${adminUserId}
    where not exists (select 1 from blade_param where param_key = ${RETENTION_PARAM} and is_deleted = 0)`.execute(trx);
}
