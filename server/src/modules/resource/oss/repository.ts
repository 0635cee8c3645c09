import { sql } from 'kysely';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { ENABLED } from './schema.ts';

/** What it takes to reach a configuration's store; `version` changes with every update of the row. */
export interface OssConfig {
  id: string;
  category: number;
  ossCode: string;
  endpoint: string | null;
  bucketName: string | null;
  accessKey: string | null;
  /** Sealed. */
  secretKey: string | null;
  region: string | null;
  version: string;
}

const COLUMNS = sql`id, category, oss_code as "ossCode", endpoint, bucket_name as "bucketName",
  access_key as "accessKey", secret_key as "secretKey", region, update_time::text as version`;

/** The tenant's enabled configuration, if any. */
export async function enabledConfig(trx: AnyTrx, tenantId: string): Promise<OssConfig | undefined> {
  const { rows } = await sql<OssConfig>`select ${COLUMNS} from blade_oss
    where tenant_id = ${tenantId} and status = ${ENABLED} and is_deleted = 0`.execute(trx);
  return rows[0];
}

/**
 * A configuration of the tenant by id, removed ones included: files written to it are still read
 * and removed there.
 */
export async function configById(trx: AnyTrx, tenantId: string, id: string): Promise<OssConfig | undefined> {
  const { rows } = await sql<OssConfig>`select ${COLUMNS} from blade_oss
    where tenant_id = ${tenantId} and id = ${id}`.execute(trx);
  return rows[0];
}

/**
 * Enables one configuration of the tenant and disables the rest, in one statement over every live
 * row of the tenant: a concurrent enable waits for this one's row locks and then rewrites every row
 * again, so the last one wins, and the deferrable exclusion constraint (checked at the statement's
 * end, not row by row) holds one enabled. Answers whether the id was one of them.
 */
export async function enableConfig(trx: AnyTrx, caller: Caller, id: string): Promise<boolean> {
  const wanted = sql`(case when id = ${id} then ${ENABLED} else 1 end)`;
  const { rows } = await sql<{ id: string }>`
    update blade_oss set status = ${wanted},
      update_user = case when status = ${wanted} then update_user else ${caller.userId} end,
      update_time = case when status = ${wanted} then update_time else now() end
    where tenant_id = ${caller.tenantId} and is_deleted = 0
    returning id`.execute(trx);
  return rows.some((row) => String(row.id) === id);
}

/** Whether the configuration holds a secret key (the answers never say which). */
export async function hasSavedSecret(trx: AnyTrx, caller: Caller, id: string): Promise<boolean> {
  const { rows } = await sql<{ has: boolean }>`select secret_key is not null as has from blade_oss
    where tenant_id = ${caller.tenantId} and id = ${id}`.execute(trx);
  return rows[0]?.has === true;
}
