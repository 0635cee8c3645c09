import { sql } from 'kysely';
import { nextId } from '../../../platform/db/snowflake.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

export interface NewAttach {
  link: string;
  domain: string;
  /** The object-store key. */
  name: string;
  originalName: string;
  extension: string;
  attachSize: number;
  /** The object storage configuration the file was written to; null or absent: the local disk. */
  ossId?: string | null;
}

/** Records an uploaded file in the caller's tenant; answers the new id. */
export async function insertAttach(trx: AnyTrx, caller: Caller, file: NewAttach): Promise<string> {
  const id = nextId();
  await trx
    .insertInto('blade_attach')
    .values({
      id,
      tenant_id: caller.tenantId,
      link: file.link,
      domain: file.domain,
      name: file.name,
      original_name: file.originalName,
      extension: file.extension || null,
      attach_size: file.attachSize,
      oss_id: file.ossId ?? null,
      create_user: caller.userId,
      create_dept: caller.deptIds[0] ?? null,
      update_user: caller.userId,
    })
    .execute();
  return id;
}

/** The bytes the user uploaded in the tenant since then: what counts against the daily quota. */
export async function uploadedSince(trx: AnyTrx, caller: Caller, since: Date): Promise<number> {
  const { rows } = await sql<{ total: string | null }>`
    select sum(attach_size)::text as total from blade_attach
    where tenant_id = ${caller.tenantId} and create_user = ${caller.userId} and create_time >= ${since}`.execute(trx);
  return Number(rows[0]?.total ?? 0);
}

/** Where an attachment's bytes are: its store key, the configuration of its store (null: the local disk), its link. */
export interface AttachObject {
  tenantId: string;
  name: string;
  ossId: string | null;
  link: string;
  domain: string;
}

/** The stored objects of these attach rows of the tenant, removed or not. */
export async function attachObjects(trx: AnyTrx, tenantId: string, ids: string[]): Promise<AttachObject[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<AttachObject>`
    select tenant_id as "tenantId", name, oss_id::text as "ossId", link, domain from blade_attach
    where tenant_id = ${tenantId} and id in (${sql.join(ids)})`.execute(trx);
  return rows;
}

/** The name a live attachment was uploaded under, by its object key (what a download is saved as). */
export async function originalNameByKey(trx: AnyTrx, tenantId: string, key: string): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`
    select original_name as name from blade_attach
    where tenant_id = ${tenantId} and name = ${key} and is_deleted = 0 limit 1`.execute(trx);
  return rows[0]?.name ?? null;
}

/** The live attachments of the tenant stored under these keys (what the endpoint's file calls name). */
export async function liveObjects(
  trx: AnyTrx,
  tenantId: string,
  keys: string[],
): Promise<(AttachObject & { id: string; originalName: string })[]> {
  if (keys.length === 0) return [];
  const { rows } = await sql<AttachObject & { id: string; originalName: string }>`
    select id::text, tenant_id as "tenantId", name, oss_id::text as "ossId", link, domain,
      original_name as "originalName"
    from blade_attach where tenant_id = ${tenantId} and is_deleted = 0 and name in (${sql.join(keys)})`.execute(trx);
  return rows;
}

/** Soft-deletes attachments of the tenant (their objects go after the transaction commits). */
export async function markRemoved(trx: AnyTrx, caller: Caller, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`update blade_attach set is_deleted = 1, update_user = ${caller.userId}, update_time = now()
    where tenant_id = ${caller.tenantId} and id in (${sql.join(ids)})`.execute(trx);
}
