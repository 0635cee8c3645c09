import { sql } from 'kysely';
import { countedUpTo, countUpTo } from '../../platform/db/paging.ts';
import { nextId } from '../../platform/db/snowflake.ts';
import { splitCsv } from '../../platform/http/ids.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';

type Row = Record<string, unknown>;

/** Ids of `table` among `ids` that are not live rows of the tenant (roles, depts, posts of a user). */
export async function missingIds(
  trx: AnyTrx,
  table: 'blade_role' | 'blade_dept' | 'blade_post',
  tenantId: string,
  ids: string[],
) {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    select id from ${sql.table(table)} where tenant_id = ${tenantId} and is_deleted = 0 and id in (${sql.join(ids)})`.execute(
    trx,
  );
  return ids.filter((id) => !rows.some((r) => String(r.id) === id));
}

/** Live users of the tenant, for its account quota: counted no further than `upTo` (the quota) + 1. */
export async function countUsers(trx: AnyTrx, tenantId: string, upTo: number): Promise<number> {
  return countUpTo(trx, liveUsers(trx, tenantId), upTo);
}

/** `countUsers` as a scalar subquery (the dashboard reads it with its other figures, in one statement). */
export const usersCounted = (trx: AnyTrx, tenantId: string, upTo: number) =>
  countedUpTo(liveUsers(trx, tenantId), upTo);

const liveUsers = (trx: AnyTrx, tenantId: string) =>
  trx.selectFrom('blade_user').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);

/** blade_user_dept mirrors blade_user.dept_id; rebuilt on every save, as BladeX does. */
export async function replaceUserDepts(trx: AnyTrx, userId: string, deptIds: string[]): Promise<void> {
  await sql`delete from blade_user_dept where user_id = ${userId}`.execute(trx);
  if (deptIds.length === 0) return;
  await trx
    .insertInto('blade_user_dept')
    .values(deptIds.map((deptId) => ({ id: nextId(), user_id: userId, dept_id: deptId })))
    .execute();
}

async function namesOf(trx: AnyTrx, table: string, nameColumn: string, tenantId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const { rows } = await sql<{ id: string; name: string }>`
    select id, ${sql.ref(nameColumn)} as name from ${sql.table(table)}
    where tenant_id = ${tenantId} and id in (${sql.join(ids)})`.execute(trx);
  return new Map(rows.map((r) => [String(r.id), r.name]));
}

const SEX = ['', '男', '女', '未知'];
const USER_TYPE = ['', 'WEB', 'APP', 'OTHER'];

/** The names BladeX's UserVO adds: roles, depts, posts (comma-joined), tenant, user type, sex. */
export async function withNames(trx: AnyTrx, tenantId: string, users: Row[]): Promise<Row[]> {
  const all = (key: string) => [...new Set(users.flatMap((u) => splitCsv(u[key])))];
  const [roles, depts, posts] = await Promise.all([
    namesOf(trx, 'blade_role', 'role_name', tenantId, all('roleId')),
    namesOf(trx, 'blade_dept', 'dept_name', tenantId, all('deptId')),
    namesOf(trx, 'blade_post', 'post_name', tenantId, all('postId')),
  ]);
  const { rows } = await sql<{
    name: string;
  }>`select tenant_name as name from blade_tenant where tenant_id = ${tenantId} and is_deleted = 0`.execute(trx);
  const join = (ids: string, names: Map<string, string>) =>
    splitCsv(ids)
      .map((id) => names.get(id))
      .filter(Boolean)
      .join(',');
  return users.map((u) => ({
    ...u,
    tenantName: rows[0]?.name ?? '',
    roleName: join(String(u.roleId ?? ''), roles),
    deptName: join(String(u.deptId ?? ''), depts),
    postName: join(String(u.postId ?? ''), posts),
    sexName: SEX[Number(u.sex)] ?? '',
    userTypeName: USER_TYPE[Number(u.userType)] ?? '',
  }));
}

/** Real names of users of the tenant by id, removed ones too (records keep naming who did what). */
export async function userNames(trx: AnyTrx, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: string; name: string }>`
    select id, coalesce(nullif(real_name, ''), name, account) as name from blade_user
    where tenant_id = ${tenantId} and id in (${sql.join(ids)})`.execute(trx);
  return new Map(rows.map((r) => [String(r.id), r.name]));
}

/** Which of these ids are live, enabled users of the tenant (who may be given work). */
export async function activeUserIds(trx: AnyTrx, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ id: string }>`
    select id from blade_user
    where tenant_id = ${tenantId} and is_deleted = 0 and status = 1 and id in (${sql.join(ids)})`.execute(trx);
  return new Set(rows.map((r) => String(r.id)));
}

/** The live, enabled user of the tenant with this account, if any. */
export async function activeUserByAccount(trx: AnyTrx, tenantId: string, account: string): Promise<string | null> {
  const { rows } = await sql<{ id: string }>`
    select id from blade_user where tenant_id = ${tenantId} and account = ${account} and is_deleted = 0 and status = 1
    limit 1`.execute(trx);
  return rows[0] ? String(rows[0].id) : null;
}
