import { sql } from 'kysely';
import { ENABLED } from '../../../platform/crud/enable-one.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import type { SmsConfig } from './providers/types.ts';

/** A configuration row as sending needs it: a provider's fields (the secret here still sealed) and which row it is. */
export interface SmsRow extends SmsConfig {
  id: string;
  smsCode: string;
}

/** The configuration named by its code, else the tenant's enabled one; undefined when there is none. */
export async function findSmsConfig(trx: AnyTrx, tenantId: string, code?: string): Promise<SmsRow | undefined> {
  const { rows } = await sql<SmsRow>`
    select id, category, sms_code as "smsCode", template_id as "templateId", access_key as "accessKey",
           secret_key as "secretKey", region_id as "regionId", sign_name as "signName", app_id as "appId", endpoint
    from blade_sms
    where tenant_id = ${tenantId} and is_deleted = 0
      and ${code ? sql`sms_code = ${code}` : sql`status = ${ENABLED}`}
    limit 1`.execute(trx);
  return rows[0];
}
