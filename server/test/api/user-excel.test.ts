import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPassword, md5Hex } from '../../src/platform/auth/passwords.ts';
import { createCaller, createRole, createTenant, createUser } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';
import { importerOf, sheetRows, workbook } from '../support/xlsx.ts';

const BASE = '/api/blade-user';
const TENANT_B = '400402';
const HEADER = [
  '租户编号',
  '用户平台',
  '账户',
  '昵称',
  '姓名',
  '邮箱',
  '手机',
  '角色名称',
  '部门名称',
  '岗位名称',
  '生日',
  '密码',
];
const EXPORT_HEADER = HEADER.slice(0, -1);
let t: TestApp;
let clerkRole: string;
const [D1, D2] = ['711', '712'];

type Headers = Record<string, string>;
const en = (headers: Headers = t.auth()) => ({ ...headers, 'accept-language': 'en-US' });
const get = (url: string, headers: Headers = t.auth()) => t.app.inject({ url: `${BASE}/${url}`, headers });

const importFile = (...args: Parameters<ReturnType<typeof importerOf>>) =>
  importerOf(t, `${BASE}/import-user`)(...args);

const user = async (account: string, tenantId = '000000') =>
  (
    await sql<Record<string, unknown>>`
      select * from blade_user where tenant_id = ${tenantId} and account = ${account} and is_deleted = 0`.execute(
      t.database.db,
    )
  ).rows[0];
const userCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from blade_user`.execute(t.database.db)).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  clerkRole = await createRole(t.database.db, '000000', '库管员');
  await sql`insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name) values
    (${D1}, '000000', 0, '0', '总部'), (${D2}, '000000', ${D1}, ${`0,${D1}`}, '仓库')`.execute(t.database.db);
});
afterAll(() => t.close());

describe(`GET ${BASE}/export-template`, () => {
  it("answers BladeX's UserExcel columns and the password, in the caller's language, no rows", async () => {
    expect(await sheetRows(await get('export-template'))).toEqual([HEADER]);
    const english = await sheetRows(await get('export-template', en()));
    expect(english[0]?.slice(0, 5)).toEqual(['Tenant ID', 'Platform', 'Account', 'Nickname', 'Name']);
  });
});

describe(`POST ${BASE}/import-user`, () => {
  it('adds users with roles, depts and posts by name or id, the initial password where none is given', async () => {
    const file = await workbook([
      HEADER,
      [
        '000000',
        'WEB',
        'imp.one',
        '一号',
        '张一',
        'one@example.com',
        '13800000001',
        '库管员',
        '总部,仓库',
        '首席执行官',
        new Date(Date.UTC(1990, 4, 17)),
        '',
      ],
      ['', 'app', 'imp.two', '二号', '李二', '', '', clerkRole, D2, '', '1985-02-03', 'own-pass-2'],
    ]);
    const res = await importFile(file);
    expect(res.json()).toMatchObject({ code: 200, success: true, data: { inserted: 2, updated: 0, skipped: 0 } });
    const one = await user('imp.one');
    expect(one).toMatchObject({
      name: '一号',
      real_name: '张一',
      user_type: 1,
      role_id: clerkRole,
      dept_id: `${D1},${D2}`,
    });
    expect(String(one?.post_id)).toMatch(/^\d+$/);
    // the day the cell shows, as the server's own dates are read (its zone's midnight)
    const birthday = one?.birthday as Date;
    expect([birthday.getFullYear(), birthday.getMonth() + 1, birthday.getDate()]).toEqual([1990, 5, 17]);
    // the initial-password parameter, stored as the submit path stores passwords
    expect((await checkPassword(String(one?.password), md5Hex('123456'))).ok).toBe(true);
    const two = await user('imp.two');
    expect(two).toMatchObject({ user_type: 2, dept_id: D2 });
    expect((await checkPassword(String(two?.password), md5Hex('own-pass-2'))).ok).toBe(true);
    // the dept links, as a submit makes them
    const { rows } = await sql`select dept_id from blade_user_dept where user_id = ${two?.id}`.execute(t.database.db);
    expect(rows).toEqual([{ dept_id: D2 }]);
  });

  it('isCovered=0 skips a known account; isCovered=1 updates it, its password left alone', async () => {
    const file = await workbook([
      HEADER,
      ['', '', 'imp.one', '一号', '张新', '', '', '库管员', '仓库', '首席执行官', '', 'ignored-pass'],
    ]);
    const hash = (await user('imp.one'))?.password;
    expect((await importFile(file, { isCovered: '0' })).json().data).toEqual({ inserted: 0, updated: 0, skipped: 1 });
    expect((await user('imp.one'))?.real_name).toBe('张一');
    expect((await importFile(file, { isCovered: '1' })).json().data).toEqual({ inserted: 0, updated: 1, skipped: 0 });
    expect(await user('imp.one')).toMatchObject({ real_name: '张新', dept_id: D2, password: hash });
  });

  it('refuses a file with bad rows, naming each row and column, and writes nothing', async () => {
    const before = await userCount();
    const file = await workbook([
      HEADER,
      ['', '', 'imp.ok', '好', '好人', '', '', '库管员', '仓库', '', '', ''],
      ['', '', 'imp.bad1', '坏', '', '', '', '没有的角色', '仓库', '', '', ''],
      ['', '', 'imp.bad2', '坏', '坏人', '', '123', '库管员', '仓库', '', '', ''],
      ['', '', 'imp.ok', '重', '重复', '', '', '库管员', '仓库', '', '', ''],
      ['999999', 'PAD', 'imp.bad3', '坏', '坏人', '', '', '库管员', '', '', '2999-01-01', ''],
    ]);
    const res = await importFile(file);
    expect(res.statusCode).toBe(400);
    const { msg, data } = res.json();
    expect(msg).toContain('导入未完成, 没有写入任何数据');
    expect(msg).toContain('第 3 行: 角色名称: 角色 没有的角色 不存在');
    expect(msg).toContain('第 3 行: 请输入用户姓名');
    expect(msg).toContain('第 4 行: 手机号码长度不为11位');
    expect(msg).toContain('第 5 行: 账户: 与第 2 行重复');
    expect(msg).toContain('第 6 行: 租户编号: 租户 999999 不是当前租户');
    expect(msg).toContain('第 6 行: 用户平台: 没有用户平台 PAD');
    expect(msg).toContain('第 6 行: 部门名称: 请选择所属部门');
    expect(msg).toContain('第 6 行: 生日');
    expect(new Set(data.map((p: { row: number }) => p.row))).toEqual(new Set([3, 4, 5, 6]));
    const english = (await importFile(file, { headers: en() })).json().msg;
    expect(english).toContain('row 3: Roles: there is no role 没有的角色');
    expect(await userCount()).toBe(before);
    expect(await user('imp.ok')).toBeUndefined();
  });

  it('refuses the rules of the user form as submit does: a role above the importer', async () => {
    const importer = await createCaller(t.database.db, '000000', 'user-importer', ['user', 'user_add']);
    const before = await userCount();
    const file = await workbook([HEADER, ['', '', 'imp.boss', '大', '老板', '', '', '超级管理员', '仓库', '', '', '']]);
    const res = await importFile(file, { headers: await t.authFor(importer) });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('第 2 行: 不能分配超出自身权限的角色');
    expect(await userCount()).toBe(before);
    // without user_edit a known account is not overwritten
    const known = await workbook([HEADER, ['', '', 'imp.two', '二', '改名', '', '', '库管员', '仓库', '', '', '']]);
    const covered = await importFile(known, { isCovered: '1', headers: await t.authFor(importer) });
    expect(covered.json().msg).toContain('账户 imp.two 已存在, 但您不能修改该用户');
  });

  it('refuses what is not a workbook, a file past 5 MB, more than 5 000 rows', async () => {
    expect((await importFile('account\nx\n', { name: 'users.csv' })).json().msg).toBe('只能导入 Excel 工作簿(.xlsx)');
    const big = await importFile(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().msg).toBe('导入文件不能超过 5 MB');
    const rows = Array.from({ length: 5001 }, (_, i) => [
      '',
      '',
      `bulk.${i}`,
      'n',
      'r',
      '',
      '',
      '库管员',
      '仓库',
      '',
      '',
      '',
    ]);
    const many = await importFile(await workbook([HEADER, ...rows]));
    expect(many.statusCode).toBe(400);
    expect(many.json().msg).toBe('一次最多导入 5000 行');
  });

  it('needs user_add; without a token 401', async () => {
    const file = await workbook([HEADER, ['', '', 'imp.no', 'n', 'r', '', '', '库管员', '仓库', '', '', '']]);
    const reader = await createCaller(t.database.db, '000000', 'user-reader', ['user']);
    expect((await importFile(file, { headers: await t.authFor(reader) })).statusCode).toBe(403);
    expect((await importFile(file, { headers: t.auth(plainUser) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${BASE}/import-user` })).statusCode).toBe(401);
    expect(await user('imp.no')).toBeUndefined();
  });
});

describe(`GET ${BASE}/export-user`, () => {
  it('exports the users the list shows under the same filters, names for ids, never a password', async () => {
    const rows = await sheetRows(await get('export-user?account=imp.'));
    expect(rows[0]).toEqual(EXPORT_HEADER);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['imp.one', 'imp.two']);
    const one = rows[1]!;
    expect(one.slice(0, 5)).toEqual(['000000', 'WEB', 'imp.one', '一号', '张新']);
    expect(one[7]).toBe('库管员');
    expect(one[8]).toBe('仓库');
    expect(one[9]).toBe('首席执行官');
    expect(rows.flat().some((v) => typeof v === 'string' && v.startsWith('$argon2'))).toBe(false);
    // the user page's dept filter takes in the depts below
    const byDept = await sheetRows(await get(`export-user?deptId=${D1}`));
    expect(byDept.slice(1).map((r) => r[2])).toEqual(['imp.one', 'imp.two']);
    expect((await sheetRows(await get('export-user?realName_equal=张新'))).length).toBe(2);
    expect((await get('export-user?sex=x')).statusCode).toBe(400);
  });

  it('re-imports its own export (the password column absent: accounts are known)', async () => {
    const exported = (await get('export-user?account=imp.')).rawPayload;
    expect((await importFile(exported)).json().data).toEqual({ inserted: 0, updated: 0, skipped: 2 });
  });

  it("is bound to the caller's tenant, both ways, and needs the user list's read codes", async () => {
    await createTenant(t.database.db, TENANT_B);
    const adminB = await createCaller(t.database.db, TENANT_B, 'admin-b', ['user', 'user_add', 'user_edit']);
    await createUser(t.database.db, TENANT_B, 'imp.one', 'secret-b');
    const authB = await t.authFor(adminB);
    const rowsB = await sheetRows(await get('export-user', authB));
    expect(rowsB.slice(1).every((r) => r[0] === TENANT_B)).toBe(true);
    expect(rowsB.slice(1).map((r) => r[2])).toContain('imp.one');
    expect(rowsB.slice(1).map((r) => r[2])).not.toContain('imp.two');
    const rowsA = await sheetRows(await get('export-user'));
    expect(rowsA.slice(1).every((r) => r[0] === '000000')).toBe(true);
    // an import by tenant B's admin covers B's imp.one, never A's, and cannot name A's roles or tenant
    const roleB = await createRole(t.database.db, TENANT_B, '乙角色');
    await sql`insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name) values ('721', ${TENANT_B}, 0, '0', '乙部')`.execute(
      t.database.db,
    );
    const aBefore = await user('imp.one');
    const file = await workbook([HEADER, ['', '', 'imp.one', '乙一', '乙一', '', '', '乙角色', '乙部', '', '', '']]);
    expect((await importFile(file, { isCovered: '1', headers: authB })).json().data).toEqual({
      inserted: 0,
      updated: 1,
      skipped: 0,
    });
    expect(await user('imp.one', TENANT_B)).toMatchObject({ real_name: '乙一', role_id: roleB });
    expect(await user('imp.one')).toEqual(aBefore);
    const crossing = await workbook([
      HEADER,
      ['000000', '', 'imp.x', 'x', 'x', '', '', '库管员', '仓库', '', '', ''],
      ['', '', 'imp.y', 'y', 'y', '', '', clerkRole, D2, '', '', ''],
    ]);
    const refused = (await importFile(crossing, { headers: authB })).json();
    expect(refused.msg).toContain('第 2 行: 租户编号: 租户 000000 不是当前租户');
    expect(refused.msg).toContain('第 2 行: 角色名称: 角色 库管员 不存在');
    expect(refused.msg).toContain(`第 3 行: 角色名称: 角色 ${clerkRole} 不存在`);
    expect(refused.msg).toContain(`第 3 行: 部门名称: 部门 ${D2} 不存在`);
    expect((await get('export-user', t.auth(plainUser))).statusCode).toBe(403);
    expect((await get('export-template', t.auth(plainUser))).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${BASE}/export-user` })).statusCode).toBe(401);
  });
});
