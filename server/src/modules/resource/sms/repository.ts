import { sql } from 'kysely';
import { conflict, notFound } from '../../../platform/http/errors.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { smsMessages as m } from './messages.ts';
import type { SmsConfig } from './providers/types.ts';

export const ENABLED = 2;
export const DISABLED = 1;

/** A configuration row as sending needs it: a provider's fields (the secret here still sealed) and which row it is. */
export interface SmsRow extends SmsConfig {
  id: string;
  smsCode: string;
}

/**
 * Makes `id` the tenant's one enabled configuration. Two statements in one transaction, the others
 * first: the partial unique index (one status 2 per tenant) is checked row by row, so a single
 * `case` update could trip it on the row order. Two enables at once: the later one fails on the
 * index, answered as a 409 to retry; never two enabled rows.
 */
export async function enableSms(trx: AnyTrx, tenantId: string, id: string): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    select id from blade_sms where id = ${id} and tenant_id = ${tenantId} and is_deleted = 0 for update`.execute(trx);
  if (!rows.length) throw notFound();
  await sql`update blade_sms set status = ${DISABLED}, update_time = now()
    where tenant_id = ${tenantId} and status = ${ENABLED} and id <> ${id} and is_deleted = 0`.execute(trx);
  try {
    await sql`update blade_sms set status = ${ENABLED}, update_time = now() where id = ${id} and tenant_id = ${tenantId}`.execute(
      trx,
    );
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict(m['sms.enable.conflict']);
    throw error;
  }
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
