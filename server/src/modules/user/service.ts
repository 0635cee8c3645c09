import { sql } from 'kysely';
import { hashPassword, md5Hex } from '../../platform/auth/passwords.ts';
import type { SessionRegistry } from '../../platform/auth/sessions.ts';
import type { CrudHooks } from '../../platform/crud/resource.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { splitCsv } from '../../platform/http/ids.ts';
import type { Caller } from '../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { userMessages as m } from './messages.ts';
import { countUsers, missingIds, replaceUserDepts } from './queries.ts';
import { assertAssignableRoles, assertUsersWithinReach } from './role-assignment.ts';

type Row = Record<string, unknown>;

async function assertLinksExist(trx: AnyTrx, tenantId: string, values: Row) {
  const checks = [
    ['blade_role', 'roleId', m['user.unknownRoles']],
    ['blade_dept', 'deptId', m['user.unknownDepts']],
    ['blade_post', 'postId', m['user.unknownPosts']],
  ] as const;
  for (const [table, field, message] of checks) {
    if (values[field] === undefined || values[field] === null) continue;
    const missing = await missingIds(trx, table, tenantId, splitCsv(values[field]));
    if (missing.length) throw badRequest(message, { ids: missing.join(',') });
  }
}

/** The tenant's account quota (`account_number`, -1 unlimited) must leave room for one more. */
async function assertQuota(trx: AnyTrx, tenantId: string) {
  const { rows } = await sql<{ quota: number }>`
    select account_number as quota from blade_tenant where tenant_id = ${tenantId} and is_deleted = 0`.execute(trx);
  const quota = rows[0]?.quota ?? -1;
  if (quota >= 0 && (await countUsers(trx, tenantId, quota)) >= quota) throw badRequest(m['user.quota.full']);
}

/**
 * The rules of saving a user: a password on creation (stored as argon2id over its md5), the
 * tenant's quota, roles, depts and posts of the tenant; and the sessions of a user who is disabled
 * or removed end at once.
 */
export function userHooks(sessions: SessionRegistry): CrudHooks {
  return {
    // The hash is slow work (argon2id): done before the transaction opens, so no connection waits on it.
    async prepare(_request, values) {
      return values.password ? { password: await hashUserPassword(String(values.password)) } : {};
    },
    beforeAct: assertUsersWithinReach,
    async beforeSave(trx, caller, values, existing) {
      if (!existing) {
        if (!values.password) throw badRequest(m['user.password.required']);
        await assertQuota(trx, caller.tenantId);
      } else if (values.password !== undefined) {
        // Another user's password changes only through reset-password (which ends their sessions).
        throw badRequest(m['user.password.useReset']);
      }
      await assertLinksExist(trx, caller.tenantId, values);
      if (values.roleId !== undefined) {
        await assertAssignableRoles(trx, caller, splitCsv(values.roleId), existing ? [String(existing.id)] : []);
      }
    },
    async afterSave(trx, caller, record, values, existing) {
      if (values.deptId !== undefined) await replaceUserDepts(trx, String(record.id), splitCsv(values.deptId));
      // Tokens carry roles and depts: a change of either, or a disabled account, ends the sessions.
      const changed = values.roleId !== undefined || values.deptId !== undefined;
      if (existing && (record.status !== 1 || changed)) {
        await sessions.revokeUser(caller.tenantId, String(record.id), { within: trx });
      }
    },
    async beforeRemove(trx, caller, ids) {
      if (ids.includes(caller.userId)) throw badRequest(m['user.removeSelf']);
      for (const id of ids) await sessions.revokeUser(caller.tenantId, id, { within: trx });
    },
  };
}

/** How a user's password is stored: argon2id over the md5 the web client would send of it. */
export const hashUserPassword = (typed: string) => hashPassword(md5Hex(typed));

/** Revokes the sessions of users whose passwords were reset, after checking they are the tenant's. */
export async function resetPasswords(trx: AnyTrx, caller: Caller, userIds: string[], initialPassword: string) {
  const hash = await hashPassword(md5Hex(initialPassword));
  const { rows } = await sql<{ id: string }>`
    update blade_user set password = ${hash}, update_user = ${caller.userId}, update_time = now()
    where tenant_id = ${caller.tenantId} and is_deleted = 0 and id in (${sql.join(userIds)}) returning id`.execute(trx);
  return rows.map((r) => String(r.id));
}
