import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { KioskAuthenticator, KioskDevice } from '../../../platform/auth/kiosk.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx, TenantDb } from '../../../platform/tenancy/tenant-db.ts';
import { findTenant, isExpired } from '../../system/tenant/service.ts';
import { requireDevice } from '../references.ts';

// A kiosk key is `<tenant>.<device id>.<256 random bits>`: it names where to look, so the lookup runs
// inside that tenant (row-level security on), and only its SHA-256 is stored. A fast hash is
// enough for 256 random bits; nothing to guess, so no password hash is needed.
const KEY = /^(\w{1,12})\.(\d{1,19})\.[\w-]{43}$/;
const digest = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key for the device, replacing any it had; answered once, stored only as its hash. */
export async function createKioskKey(trx: AnyTrx, caller: Caller, deviceId: string): Promise<string> {
  await requireDevice(trx, caller.tenantId, deviceId);
  const key = `${caller.tenantId}.${deviceId}.${randomBytes(32).toString('base64url')}`;
  await setKeyHash(trx, caller, deviceId, digest(key));
  return key;
}

/** The device's key stops working at once; the device shows offline until it is paired again. */
export async function revokeKioskKey(trx: AnyTrx, caller: Caller, deviceId: string): Promise<void> {
  await requireDevice(trx, caller.tenantId, deviceId, false);
  await setKeyHash(trx, caller, deviceId, null);
}

async function setKeyHash(trx: AnyTrx, caller: Caller, deviceId: string, hash: string | null) {
  await sql`
    update wh_device set kiosk_key_hash = ${hash}, online = case when ${hash}::text is null then 0 else online end,
      update_user = ${caller.userId}, update_time = now()
    where tenant_id = ${caller.tenantId} and id = ${deviceId} and is_deleted = 0`.execute(trx);
}

/**
 * The kiosks' authenticator: a key is good while its device is live and holds its hash; it is
 * `disabled` (kept, but out of service) while the device is disabled or its tenant is disabled or
 * expired (as for a sign-in). Only a matching key learns that. Each good call marks the device
 * online and seen (written at most once a minute).
 */
export function kioskAuthenticator({ tenantDb }: { tenantDb: TenantDb }): KioskAuthenticator {
  return {
    async authenticate(key) {
      const match = KEY.exec(key);
      if (!match) return 'unknown';
      const [, tenantId, deviceId] = match as unknown as [string, string, string];
      return tenantDb.inTenant(tenantId, async (trx) => {
        const { rows } = await sql<{ code: string; name: string; status: number; hash: string | null }>`
          select code, name, status, kiosk_key_hash as hash from wh_device
          where tenant_id = ${tenantId} and id = ${deviceId} and is_deleted = 0`.execute(trx);
        const found = rows[0];
        if (!found) return 'unknown';
        if (!found.hash || !timingSafeEqual(Buffer.from(found.hash), Buffer.from(digest(key)))) return null;
        const tenant = await findTenant(trx, tenantId);
        if (found.status !== 1 || tenant?.status !== 1 || isExpired(tenant)) return 'disabled';
        await sql`
          update wh_device set online = 1, last_seen = now()
          where tenant_id = ${tenantId} and id = ${deviceId}
            and (online = 0 or last_seen is null or last_seen < now() - interval '1 minute')`.execute(trx);
        return { tenantId, deviceId, code: found.code, name: found.name } satisfies KioskDevice;
      });
    },
  };
}
