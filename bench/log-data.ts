import { sql } from 'kysely';
import { refreshStatistics } from '../server/src/platform/db/statistics.ts';
import type { AnyDb } from '../server/src/platform/tenancy/tenant-db.ts';

/** The paths the api log's rows are spread over: a screen's search finds one of twenty. */
const PATHS = 20;

/**
 * Log rows in bulk at the shape a busy installation has (issue 20): `rows` api log rows over the last
 * 90 days, 80 % in `tenantId` and the rest in two other tenants, over 20 paths and 250 addresses, and a
 * tenth as many login log rows (one in ten refused). Written as the owner, in one statement each.
 */
export async function fillLogs(db: AnyDb, tenantId: string, rows: number): Promise<void> {
  const tenant = sql`case when g % 10 < 8 then ${tenantId} when g % 10 = 8 then 'bench1' else 'bench2' end`;
  const at = sql`now() - ((g::float / ${rows}) * interval '90 days')`;
  await sql`insert into blade_log_api (id, tenant_id, service_id, server_host, method, request_uri, remote_ip,
      user_agent, params, create_by, type, title, time, status_code, create_time)
    select 7000000000000000000 + g, ${tenant}, 'cloud-warehouse', 'bench', case when g % 4 = 0 then 'GET' else 'POST' end,
      '/api/bench/resource' || (g % ${PATHS}) || '/submit', '10.0.' || (g % 250 / 16) || '.' || (g % 16),
      'Mozilla/5.0 Bench', '{"id":"' || g || '"}', 'user' || (g % 50), '1', 'bench', '12', 200, ${at}
    from generate_series(1, ${rows}) g`.execute(db);
  await sql`insert into blade_log_login (id, tenant_id, account, result, remote_ip, user_agent, grant_type, create_time)
    select 7100000000000000000 + g, ${tenant}, 'user' || (g % 50), case when g % 10 = 0 then 'bad_password' else 'success' end,
      '10.0.0.' || (g % 250), 'Mozilla/5.0 Bench', 'password', ${at}
    from generate_series(1, ${Math.round(rows / 10)}) g`.execute(db);
  await refreshStatistics(db);
}

/** The log screens' searches at that shape: a deep page, a path, an address, a method and a week, one tenant. */
export function logTargets(deep: string): Record<string, string[]> {
  const week = encodeURIComponent(new Date(Date.now() - 7 * 86_400_000).toISOString());
  const l = '/api/blade-log';
  return {
    [`${l}/api/list, deep page`]: [`${l}/api/list?${deep}`],
    [`${l}/api/list, a path`]: [`${l}/api/list?requestUri=resource7/`],
    [`${l}/api/list, an address`]: [`${l}/api/list?remoteIp_equal=10.0.3.5`],
    [`${l}/api/list, GET, last week`]: [`${l}/api/list?method=GET&createTime_datege=${week}`],
    [`${l}/api/list, one tenant`]: [`${l}/api/list?tenantId=bench1`],
    [`${l}/login/list, an account`]: [`${l}/login/list?account=user7`],
  };
}
