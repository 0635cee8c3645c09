import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword, md5Hex } from '../../src/platform/auth/passwords.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import type { AnyDb } from '../../src/platform/tenancy/tenant-db.ts';

// Small builders of rows for tests, written as the database owner (no tenant, no row-level security).

export async function createTenant(
  db: AnyDb,
  tenantId: string,
  options: { expireTime?: Date; packageMenuCodes?: string[]; domain?: string; status?: number } = {},
): Promise<void> {
  let packageId: string | null = null;
  if (options.packageMenuCodes) {
    packageId = nextId();
    const { rows } = await sql<{ id: string }>`
      select id from blade_menu where code in (${sql.join(options.packageMenuCodes)})`.execute(db);
    await sql`insert into blade_tenant_package (id, package_name, menu_id)
      values (${packageId}, ${`package of ${tenantId}`}, ${rows.map((r) => r.id).join(',')})`.execute(db);
  }
  await sql`insert into blade_tenant (id, tenant_id, tenant_name, expire_time, package_id, domain, status)
    values (${nextId()}, ${tenantId}, ${`tenant ${tenantId}`}, ${options.expireTime ?? null}, ${packageId},
            ${options.domain ?? null}, ${options.status ?? 1})`.execute(db);
}

/** A role of the tenant granted exactly the menus and buttons with these codes. */
export async function createRole(
  db: AnyDb,
  tenantId: string,
  alias: string,
  menuCodes: string[] = [],
): Promise<string> {
  const id = nextId();
  // Aliases are unique per tenant: a test that asks for one again gets it with a suffix.
  const taken =
    await sql`select 1 from blade_role where tenant_id = ${tenantId} and role_alias = ${alias} and is_deleted = 0`.execute(
      db,
    );
  const unique = taken.rows.length ? `${alias}-${id.slice(-6)}` : alias;
  await sql`insert into blade_role (id, tenant_id, role_name, role_alias) values (${id}, ${tenantId}, ${alias}, ${unique})`.execute(
    db,
  );
  if (menuCodes.length) {
    const { rows } = await sql<{
      id: string;
    }>`select id from blade_menu where code in (${sql.join(menuCodes)})`.execute(db);
    for (const menu of rows) {
      await sql`insert into blade_role_menu (id, menu_id, role_id) values (${nextId()}, ${menu.id}, ${id})`.execute(db);
    }
  }
  return id;
}

export async function createUser(
  db: AnyDb,
  tenantId: string,
  account: string,
  password: string,
  options: { roleIds?: string[]; status?: number; legacyHash?: boolean; deptIds?: string[] } = {},
): Promise<string> {
  const id = nextId();
  const stored = options.legacyHash
    ? createHash('sha1').update(md5Hex(password)).digest('hex')
    : await hashPassword(md5Hex(password));
  await sql`insert into blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, status)
    values (${id}, ${tenantId}, ${account}, ${stored}, ${account.slice(0, 20)}, ${account.slice(0, 10)}, ${(options.roleIds ?? []).join(',')},
            ${(options.deptIds ?? []).join(',')}, ${options.status ?? 1})`.execute(db);
  return id;
}

/** A signed-in user of the tenant whose one role holds exactly these menu and button codes. */
export async function createCaller(db: AnyDb, tenantId: string, alias: string, codes: string[]): Promise<Caller> {
  const roleId = await createRole(db, tenantId, alias, codes);
  return callerWithRole(db, tenantId, `${alias}-${tenantId}`, { id: roleId, alias });
}

/** A new user of the tenant holding one existing role, as a caller. */
export async function callerWithRole(
  db: AnyDb,
  tenantId: string,
  account: string,
  role: { id: string; alias: string },
): Promise<Caller> {
  const userId = await createUser(db, tenantId, account, 'secret-1', { roleIds: [role.id] });
  return {
    tenantId,
    userId,
    account,
    roleIds: [role.id],
    roleAliases: [role.alias],
    deptIds: [],
    postIds: [],
    clientId: 'saber',
  };
}

/** A data-scope rule on users that shows a role's holders their own row only, granted to the role. */
export async function grantOwnUserRowOnly(db: AnyDb, roleId: string): Promise<void> {
  const menu = (await sql<{ id: string }>`select id from blade_menu where code = 'user'`.execute(db)).rows[0]!.id;
  const scopeId = nextId();
  await sql`insert into blade_scope_data (id, menu_id, resource_code, scope_name, scope_column, scope_type)
    values (${scopeId}, ${menu}, 'user', 'self only', 'id', 2)`.execute(db);
  await sql`insert into blade_role_scope (id, scope_category, scope_id, role_id)
    values (${nextId()}, 1, ${scopeId}, ${roleId})`.execute(db);
}
