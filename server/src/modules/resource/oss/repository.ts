import { sql } from 'kysely';
import { ENABLED } from '../../../platform/crud/enable-one.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

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

/** Whether the configuration holds a secret key (the answers never say which). */
export async function hasSavedSecret(trx: AnyTrx, caller: Caller, id: string): Promise<boolean> {
  const { rows } = await sql<{ has: boolean }>`select secret_key is not null as has from blade_oss
    where tenant_id = ${caller.tenantId} and id = ${id}`.execute(trx);
  return rows[0]?.has === true;
}
