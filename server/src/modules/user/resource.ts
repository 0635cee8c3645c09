import { type Expression, type SqlBool, sql } from 'kysely';
import type { SessionRegistry } from '../../platform/auth/sessions.ts';
import type { CrudResource, QueryFilter } from '../../platform/crud/resource.ts';
import { userMessages as m } from './messages.ts';
import { withNames } from './queries.ts';
import { userInput } from './schema.ts';
import { userHooks } from './service.ts';

/** `deptId` of a user page takes in the users of every dept below it (by ancestors). */
function inDeptOrBelow(eb: Parameters<QueryFilter['where']>[0], deptId: string): Expression<SqlBool> {
  return eb(
    'id',
    'in',
    sql`(select ud.user_id from blade_user_dept ud join blade_dept d on d.id = ud.dept_id and d.is_deleted = 0
         where d.id = ${deptId} or ${deptId} = any(string_to_array(d.ancestors, ',')))`,
  );
}

/** Users of a tenant (BladeX blade_user). The password hash is written, never read back. */
export const userResource = (sessions: SessionRegistry): CrudResource => ({
  table: 'blade_user',
  tenantScoped: true,
  fields: {
    code: { column: 'code', kind: 'text' },
    userType: { column: 'user_type', kind: 'int' },
    account: { column: 'account', kind: 'text' },
    password: { column: 'password', kind: 'text', writeOnly: true },
    name: { column: 'name', kind: 'text' },
    realName: { column: 'real_name', kind: 'text' },
    avatar: { column: 'avatar', kind: 'text', filter: false },
    email: { column: 'email', kind: 'text' },
    phone: { column: 'phone', kind: 'text' },
    birthday: { column: 'birthday', kind: 'date' },
    sex: { column: 'sex', kind: 'int' },
    roleId: { column: 'role_id', kind: 'text' },
    deptId: { column: 'dept_id', kind: 'text' },
    postId: { column: 'post_id', kind: 'text' },
  },
  filterStyle: 'map',
  defaultOrder: [{ field: 'account', direction: 'asc' }],
  input: userInput,
  unique: [{ fields: ['account'], index: 'blade_user_account', message: m['user.account.exists'] }],
  dataScope: 'user',
  queryFilters: { deptId: { kind: 'id', where: inDeptOrBelow } },
  permissions: { read: ['user', 'user_view'], add: 'user_add', edit: 'user_edit', remove: 'user_delete' },
  // the leave form picks its approver (issue 18): `select` answers the names only, to those who may start a process
  picker: { fields: ['name', 'realName', 'account'], permissions: ['work_start_flow'] },
  hooks: {
    ...userHooks(sessions),
    decorate: (trx, caller, records) => withNames(trx, caller.tenantId, records),
  },
});
