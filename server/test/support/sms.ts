import { sql } from 'kysely';
import { nextId } from '../../src/platform/db/snowflake.ts';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import type { AnyDb } from '../../src/platform/tenancy/tenant-db.ts';
import { createRole, createTenant } from './factories.ts';
import { plainUser, type TestApp } from './test-app.ts';

export const SMS = '/api/blade-resource/sms';
export const SMS_CODES = ['sms', 'sms_add', 'sms_edit', 'sms_delete', 'sms_view', 'sms_enable', 'sms_send'];

/** A tenant with a user holding every SMS button: its auth header. */
export async function smsTenant(
  t: TestApp,
  tenantId: string,
): Promise<{ auth: Record<string, string>; caller: Caller }> {
  await createTenant(t.database.db, tenantId);
  const role = await createRole(t.database.db, tenantId, 'sms-admin', SMS_CODES);
  const caller = { ...plainUser, tenantId, roleIds: [role], roleAliases: ['sms-admin'] };
  return { auth: await t.authFor(caller), caller };
}

/** A configuration as its form sends it (Aliyun unless told). */
export const smsConfig = (code: string, extra: Record<string, unknown> = {}) => ({
  category: 3,
  smsCode: code,
  templateId: 'SMS_100001',
  accessKey: 'LTAI-test-key',
  secretKey: 'aliyun-Secret-0001',
  signName: '云仓',
  ...extra,
});

export function smsCalls(t: TestApp) {
  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload && { payload }) });
  return {
    submit: (payload: object, headers: Record<string, string>) => post(`${SMS}/submit`, headers, payload),
    enable: (id: string, headers: Record<string, string>) => post(`${SMS}/enable?id=${id}`, headers),
    send: (query: Record<string, string>, headers: Record<string, string>) =>
      post(`${SMS}/endpoint/send-message?${new URLSearchParams(query)}`, headers),
    sendValidate: (phone: string, headers: Record<string, string>) =>
      post(`${SMS}/endpoint/send-validate?${new URLSearchParams({ phone })}`, headers),
    validate: (query: Record<string, string>, headers: Record<string, string>) =>
      post(`${SMS}/endpoint/validate-message?${new URLSearchParams(query)}`, headers),
  };
}

export async function setParam(db: AnyDb, key: string, value: string): Promise<void> {
  await sql`delete from blade_param where param_key = ${key}`.execute(db);
  await sql`insert into blade_param (id, param_name, param_key, param_value)
    values (${nextId()}, ${key}, ${key}, ${value})`.execute(db);
}

export async function smsRows(db: AnyDb) {
  const { rows } = await sql<{
    id: string;
    tenant_id: string;
    sms_code: string;
    secret_key: string;
    status: number;
    is_deleted: number;
  }>`
    select id, tenant_id, sms_code, secret_key, status, is_deleted from blade_sms order by sms_code`.execute(db);
  return rows;
}
