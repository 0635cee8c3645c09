import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { DataScope } from '../../platform/crud/data-scope.ts';
import { crudRepository, type Row } from '../../platform/crud/repository.ts';
import type { CrudResource } from '../../platform/crud/resource.ts';
import { streamQuery } from '../../platform/db/stream.ts';
import { AppError } from '../../platform/http/errors.ts';
import { isId } from '../../platform/http/ids.ts';
import { streamXlsx } from '../../platform/http/xlsx.ts';
import {
  cellText,
  type ImportColumn,
  type ImportResult,
  type ImportRow,
  importMessages,
  RowProblems,
  xlsxColumns,
} from '../../platform/http/xlsx-import.ts';
import { type Locale, translate } from '../../platform/i18n/i18n.ts';
import type { Caller } from '../../platform/tenancy/context.ts';
import type { AnyDb, AnyTrx, TenantDb } from '../../platform/tenancy/tenant-db.ts';
import { dateOfSerial, type SheetCell } from '../../platform/xlsx/sheet-read.ts';
import { userMessages as m } from './messages.ts';
import { withNames } from './queries.ts';
import { userInput } from './schema.ts';
import { hashUserPassword } from './service.ts';

/**
 * BladeX's UserExcel: the columns of the export, the template and the import, in its order; roles,
 * depts and posts by name (comma-joined). The password column is this product's: the template has
 * it, the export never; left blank, an imported user gets the `account.initPassword` parameter.
 */
export const USER_COLUMNS: readonly ImportColumn[] = [
  { field: 'tenantId', header: m['user.excel.tenantId'], width: 10 },
  { field: 'userTypeName', header: m['user.excel.userTypeName'], width: 10 },
  { field: 'account', header: m['user.excel.account'], required: true, width: 16 },
  { field: 'name', header: m['user.excel.name'], required: true, width: 14 },
  { field: 'realName', header: m['user.excel.realName'], required: true, width: 12 },
  { field: 'email', header: m['user.excel.email'], width: 24 },
  { field: 'phone', header: m['user.excel.phone'], width: 14 },
  { field: 'roleName', header: m['user.excel.roleName'], required: true, width: 20 },
  { field: 'deptName', header: m['user.excel.deptName'], required: true, width: 20 },
  { field: 'postName', header: m['user.excel.postName'], width: 20 },
  { field: 'birthday', header: m['user.excel.birthday'], width: 20 },
];
const PASSWORD: ImportColumn = { field: 'password', header: m['user.excel.password'], width: 14 };
/** The template's columns: the export's and the password. */
export const USER_TEMPLATE_COLUMNS: readonly ImportColumn[] = [...USER_COLUMNS, PASSWORD];

/** The most users one import takes. */
export const USER_IMPORT_ROWS = 5_000;

const USER_TYPES: Record<string, number> = { web: 1, app: 2, other: 3, '1': 1, '2': 2, '3': 3 };
const USER_TYPE_NAMES = ['', 'WEB', 'APP', 'OTHER'];

interface ExportRow extends Row {
  tenantId: string;
  userType: number | null;
  account: string;
  name: string | null;
  realName: string | null;
  email: string | null;
  phone: string | null;
  roleId: string | null;
  deptId: string | null;
  postId: string | null;
  birthday: Date | null;
}

/**
 * The users a user list with these filters shows (its data scope, its dept and field filters), as a
 * streamed workbook in the list's order (BladeX `export-user`). No password, hash or otherwise.
 */
export async function streamUsers(
  platform: { db: AnyDb; tenantDb: TenantDb },
  resource: CrudResource,
  caller: Caller,
  query: Row,
  scope: DataScope,
  locale: Locale,
  log: FastifyBaseLogger,
): Promise<Readable> {
  const users = crudRepository(resource);
  const batches = streamQuery(
    platform.db,
    platform.tenantDb,
    caller.tenantId,
    (trx) => sql<ExportRow>`
      select tenant_id as "tenantId", user_type as "userType", account, name, real_name as "realName", email,
             phone, role_id as "roleId", dept_id as "deptId", post_id as "postId", birthday
      from blade_user where tenant_id = ${caller.tenantId} and id in (${users.matchingIds(trx, caller, query, scope)})
      order by account, id`,
    async (trx, rows: ExportRow[]) => {
      const named = await withNames(trx, caller.tenantId, rows);
      return named.map((u) => [
        String(u.tenantId),
        USER_TYPE_NAMES[Number(u.userType)] ?? '',
        String(u.account),
        ...(['name', 'realName', 'email', 'phone', 'roleName', 'deptName', 'postName'] as const).map(
          (k) => (u[k] as string | null) ?? null,
        ),
        (u.birthday as Date | null) ?? null,
      ]);
    },
    { onIdle: (message) => log.warn(message) },
  );
  return streamXlsx(translate(locale, m['user.excel.sheet']), xlsxColumns(USER_COLUMNS, locale), batches, log);
}

/** The tenant's live roles, depts or posts by id, and by name (a name may be held by several). */
interface Named {
  ids: Set<string>;
  byName: Map<string, string[]>;
}

async function namedRows(trx: AnyTrx, tenantId: string, table: string, nameColumn: string): Promise<Named> {
  const { rows } = await sql<{ id: string; name: string }>`
    select id, ${sql.ref(nameColumn)} as name from ${sql.table(table)}
    where tenant_id = ${tenantId} and is_deleted = 0`.execute(trx);
  const named: Named = { ids: new Set(), byName: new Map() };
  for (const r of rows) {
    named.ids.add(String(r.id));
    const list = named.byName.get(r.name.trim()) ?? [];
    list.push(String(r.id));
    named.byName.set(r.name.trim(), list);
  }
  return named;
}

/** A cell of names or ids (`角色A,角色B`, full-width commas too) as ids; what does not resolve is a problem. */
function resolveNames(
  cell: SheetCell | undefined,
  named: Named,
  unknownKey: string,
  report: (key: string, params: Record<string, unknown>) => void,
): string | undefined {
  const text = cellText(cell);
  if (text === undefined) return undefined;
  const ids: string[] = [];
  for (const part of text.split(/[,，、;；]/).map((s) => s.trim())) {
    if (!part) continue;
    const byName = named.byName.get(part);
    if (byName && byName.length > 1) report(m['user.import.ambiguous'], { name: part });
    else if (byName) ids.push(byName[0]!);
    else if (isId(part) && named.ids.has(part)) ids.push(part);
    else report(unknownKey, { name: part });
  }
  return [...new Set(ids)].join(',');
}

function birthdayOf(cell: SheetCell | undefined): string | undefined {
  if (typeof cell === 'number') return dateOfSerial(cell) ?? String(cell);
  return cellText(cell);
}

export interface UserImportDeps {
  resource: CrudResource;
  scope: DataScope;
  /** Whether the caller may change an existing user (user_edit): needed to cover one. */
  mayEdit: boolean;
  /** The password of a row without one: the `account.initPassword` parameter. */
  initPassword: string;
  /** Runs the writes in the caller's tenant transaction. */
  inTenant<T>(work: (trx: AnyTrx) => Promise<T>): Promise<T>;
}

/**
 * `import-user`, all or none: each row is read as the user form would send it (names of roles,
 * depts and posts turned into the tenant's ids) and checked by the user schema; then, in one
 * transaction, saved through the user resource's own rules (quota, links, roles the caller may give,
 * users above the caller out of reach, data scope). An account that exists is updated when
 * `covered` (never its password) and skipped otherwise. Any problem in any row writes nothing.
 */
export async function importUsers(
  caller: Caller,
  rows: readonly ImportRow[],
  covered: boolean,
  locale: Locale,
  deps: UserImportDeps,
): Promise<ImportResult> {
  const { resource, scope } = deps;
  const hooks = resource.hooks ?? {};
  const users = crudRepository(resource);
  const problems = new RowProblems(locale, USER_TEMPLATE_COLUMNS, {
    roleId: 'roleName',
    deptId: 'deptName',
    postId: 'postName',
    userType: 'userTypeName',
  });
  const updateInput = resource.input.partial();
  return deps.inTenant(async (trx) => {
    const [roles, depts, posts] = await Promise.all([
      namedRows(trx, caller.tenantId, 'blade_role', 'role_name'),
      namedRows(trx, caller.tenantId, 'blade_dept', 'dept_name'),
      namedRows(trx, caller.tenantId, 'blade_post', 'post_name'),
    ]);
    // Every row is read and checked before any is written, so that one answer names every problem.
    const valid: { row: number; body: Row; password: string }[] = [];
    const seen = new Map<string, number>();
    for (const row of rows) {
      const v = row.values;
      const before = problems.count;
      const report = (field: string) => (key: string, params: Record<string, unknown>) =>
        problems.add(row.number, key, params, field);
      const tenant = cellText(v.tenantId);
      if (tenant !== undefined && tenant !== caller.tenantId) {
        problems.add(row.number, m['user.import.otherTenant'], { tenantId: tenant }, 'tenantId');
      }
      const typeName = cellText(v.userTypeName);
      const userType = typeName === undefined ? 1 : USER_TYPES[typeName.toLowerCase()];
      if (userType === undefined)
        problems.add(row.number, m['user.import.userType'], { value: typeName }, 'userTypeName');
      const body: Row = {
        account: cellText(v.account) ?? '',
        name: cellText(v.name) ?? '',
        realName: cellText(v.realName) ?? '',
        email: cellText(v.email) ?? null,
        phone: cellText(v.phone) ?? null,
        birthday: birthdayOf(v.birthday) ?? null,
        userType,
        roleId: resolveNames(v.roleName, roles, m['user.import.unknownRole'], report('roleName')) ?? '',
        deptId: resolveNames(v.deptName, depts, m['user.import.unknownDept'], report('deptName')) ?? '',
        postId: resolveNames(v.postName, posts, m['user.import.unknownPost'], report('postName')) ?? null,
      };
      const password = cellText(v.password) ?? deps.initPassword;
      const parsed = userInput.strip().safeParse({ ...body, password });
      if (!parsed.success) problems.addZod(row.number, parsed.error);
      const account = String(body.account);
      const first = seen.get(account);
      if (account && first !== undefined) {
        problems.add(row.number, importMessages['import.row.duplicate'], { first }, 'account');
      } else if (account) seen.set(account, row.number);
      if (parsed.success && problems.count === before) valid.push({ row: row.number, body: parsed.data, password });
    }
    problems.refuse();

    // One argon2id hash per distinct password (most rows take the initial one): a hash a row costs
    // tens of milliseconds, and users given the same password by this import may share its hash.
    const hashes = new Map<string, string>();
    for (const { password } of valid) if (!hashes.has(password)) hashes.set(password, await hashUserPassword(password));

    const result: ImportResult = { inserted: 0, updated: 0, skipped: 0 };
    for (const { row, body, password } of valid) {
      try {
        const { rows: found } = await sql<{ id: string }>`
          select id from blade_user where tenant_id = ${caller.tenantId} and account = ${body.account} and is_deleted = 0`.execute(
          trx,
        );
        const id = found[0] ? String(found[0].id) : undefined;
        if (id && !covered) {
          result.skipped++;
          continue;
        }
        if (id) {
          // As the user form's edit: the same checks, and what it may not change (the password) left alone.
          const existing = deps.mayEdit ? await users.find(trx, caller, id, scope) : undefined;
          if (!existing) {
            problems.add(row, m['user.import.notYours'], { account: body.account }, 'account');
            continue;
          }
          const { password: _given, ...fields } = body;
          const values = updateInput.strip().parse(fields) as Row;
          await hooks.beforeAct?.(trx, caller, [id]);
          await hooks.beforeSave?.(trx, caller, values, existing);
          const saved = await users.update(trx, caller, id, values);
          await hooks.afterSave?.(trx, caller, saved, values, existing);
          result.updated++;
        } else {
          const values = { ...body, password: hashes.get(password) } as Row;
          await hooks.beforeSave?.(trx, caller, values);
          const saved = await users.insert(trx, caller, values);
          await hooks.afterSave?.(trx, caller, saved, values);
          result.inserted++;
        }
      } catch (error) {
        // A rule of the user form refused the row: named with it; nothing is written in the end.
        if (!(error instanceof AppError)) throw error;
        problems.add(row, error.key, error.params);
      }
    }
    problems.refuse();
    return result;
  });
}
