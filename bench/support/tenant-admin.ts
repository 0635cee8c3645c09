import { sql } from 'kysely';
import { hashPassword, md5Hex } from '../../server/src/platform/auth/passwords.ts';
import { nextId } from '../../server/src/platform/db/snowflake.ts';
import type { AnyDb } from '../../server/src/platform/tenancy/tenant-db.ts';
import { BENCH_PASSWORD, type ProductServer } from './product-server.ts';

const CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/**
 * An administrator of the tenant holding every menu of `main`'s catalogue, written as the owner into
 * `db`, the database the tenant is served from (its password the bench's).
 */
export async function addTenantAdmin(db: AnyDb, main: AnyDb, tenantId: string): Promise<void> {
  const roleId = nextId();
  const { rows } = await sql<{ id: string }>`select id from blade_menu`.execute(main);
  await sql`insert into blade_role (id, tenant_id, role_name, role_alias) values (${roleId}, ${tenantId}, 'admin', 'administrator')`.execute(
    db,
  );
  // ids of their own, as the product's are: two tenants' grants may meet in one database (a move)
  await sql`insert into blade_role_menu (id, menu_id, role_id)
    select g.id, g.menu_id, ${roleId}
    from unnest(${rows.map(() => nextId())}::bigint[], ${rows.map((r) => r.id)}::bigint[]) g (id, menu_id)`.execute(db);
  await sql`insert into blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, status)
    values (${nextId()}, ${tenantId}, 'admin', ${await hashPassword(md5Hex(BENCH_PASSWORD))}, 'admin', 'admin', ${roleId}, '', 1)`.execute(
    db,
  );
}

/** The tenant administrator's headers, signed in through the token endpoint. */
export async function tenantAdminHeaders(product: ProductServer, tenantId: string): Promise<Record<string, string>> {
  const query = new URLSearchParams({
    tenantId,
    username: 'admin',
    password: md5Hex(BENCH_PASSWORD),
    grant_type: 'password',
    scope: 'all',
  });
  const res = await fetch(`${product.base}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: CLIENT },
  });
  const answer = (await res.json()) as { access_token?: string };
  if (!answer.access_token) throw new Error(`sign-in of ${tenantId} failed: ${res.status} ${JSON.stringify(answer)}`);
  return { authorization: CLIENT, 'blade-auth': `bearer ${answer.access_token}` };
}
