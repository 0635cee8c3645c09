import { deflateRawSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPlatform } from '../../src/seed/platform-seed.ts';
import { seedRegions } from '../../src/seed/region-seed.ts';
import { createCaller, createTenant } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';
import { importerOf, sheetRows, upload, workbook } from '../support/xlsx.ts';

const BASE = '/api/blade-system/region';
const TENANT_B = '400401';
const HEADER = ['区划编号', '父区划编号', '区划名称', '排序', '备注'];
let t: TestApp;

type Headers = Record<string, string>;
type Region = Record<string, string | number | null>;

const get = (url: string, headers: Headers = t.auth()) => t.app.inject({ url: `${BASE}/${url}`, headers });
const en = (headers: Headers = t.auth()) => ({ ...headers, 'accept-language': 'en-US' });

const importFile = (...args: Parameters<ReturnType<typeof importerOf>>) =>
  importerOf(t, `${BASE}/import-region`)(...args);

async function regions(where = sql`true`) {
  const { rows } = await sql<Region>`select * from blade_region where ${where} order by code`.execute(t.database.db);
  return rows;
}
const region = async (code: string) => (await regions(sql`code = ${code}`))[0];
const count = async () => (await regions()).length;

beforeAll(async () => {
  // As a real first start: the national divisions are seeded.
  t = await createTestApp({ regions: true });
});
afterAll(() => t.close());

describe('the national divisions seed', () => {
  it('holds every province, city and district, with codes, levels and chains as BladeX keeps them', async () => {
    const all = await regions();
    const byLevel = [1, 2, 3].map((level) => all.filter((r) => r.region_level === level).length);
    expect(byLevel).toEqual([31, 342, 3056]);
    expect(await region('11')).toMatchObject({
      name: '北京市',
      parent_code: '00',
      ancestors: '00',
      province_name: '北京市',
    });
    expect(await region('110101')).toMatchObject({
      name: '东城区',
      parent_code: '1101',
      ancestors: '00,11,1101',
      region_level: 3,
      province_code: '11',
      city_code: '1101',
      district_code: '110101',
      district_name: '东城区',
      town_code: null,
    });
  });

  it('runs once: a later start neither re-adds a removed region nor overwrites an edited one', async () => {
    await sql`update blade_region set name = '改过的名字' where code = '110102'`.execute(t.database.db);
    await sql`delete from blade_region where code = '110119'`.execute(t.database.db);
    const before = await count();
    await seedPlatform(t.database.db, 'admin-password');
    expect(await count()).toBe(before);
    // and the seed itself never overwrites, should it run where regions already are
    await t.database.db.transaction().execute((trx) => seedRegions(trx));
    expect((await region('110102'))?.name).toBe('改过的名字');
    expect(await count()).toBe(before + 1);
    await sql`update blade_region set name = '西城区' where code = '110102'`.execute(t.database.db);
  });
});

describe(`GET ${BASE}/select`, () => {
  it('answers the regions below a code, the provinces by default, with level and regionLevel', async () => {
    const provinces = (await get('select')).json();
    expect(provinces).toMatchObject({ code: 200, success: true });
    expect(provinces.data).toHaveLength(31);
    expect(provinces.data[0]).toMatchObject({ code: '11', name: '北京市', parentCode: '00', level: 1, regionLevel: 1 });
    expect((await get('select?code=')).json().data).toHaveLength(31);
    const cities = (await get('select?code=13')).json().data as Region[];
    expect(cities.map((c) => c.code)).toContain('1301');
    expect(cities.every((c) => c.parentCode === '13' && c.level === 2)).toBe(true);
    expect((await get('select?code=110101')).json().data).toEqual([]);
    expect((await get('select?code=x')).statusCode).toBe(400);
  });

  it('is open to any signed-in user of any tenant (public divisions), not to an anonymous one', async () => {
    expect((await get('select?code=11', t.auth(plainUser))).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${BASE}/select` })).statusCode).toBe(401);
  });
});

describe(`GET ${BASE}/detail`, () => {
  it('answers level (SpringBlade) beside regionLevel (BladeX)', async () => {
    expect((await get('detail?code=1101')).json().data).toMatchObject({
      level: 2,
      regionLevel: 2,
      parentName: '北京市',
    });
  });
});

describe(`GET ${BASE}/export-region and export-template`, () => {
  it('exports the regions the filters select (text contains, as BladeX), every column, in both languages', async () => {
    const rows = await sheetRows(await get('export-region?provinceCode=11&regionLevel=2'));
    expect(rows[0]).toEqual([
      '区划编号',
      '父区划编号',
      '祖区划编号',
      '区划名称',
      '省级区划编号',
      '省级名称',
      '市级区划编号',
      '市级名称',
      '区级区划编号',
      '区级名称',
      '镇级区划编号',
      '镇级名称',
      '村级区划编号',
      '村级名称',
      '层级',
      '排序',
      '备注',
    ]);
    expect(rows.slice(1)).toEqual(
      [['1101', '11', '00,11', '市辖区', '11', '北京市', '1101', '市辖区', '', '', '', '', '', '', 2, 0]].map((r) =>
        r.map((v) => (v === '' ? undefined : v)),
      ),
    );
    const english = await sheetRows(await get('export-region?code_equal=11', en()));
    expect(english[0]?.slice(0, 4)).toEqual(['Region code', 'Parent code', 'Ancestors', 'Region name']);
    expect(english).toHaveLength(2);
    const searched = await sheetRows(await get(`export-region?name=${encodeURIComponent('东城区')}`));
    expect(searched.slice(1).map((r) => r[0])).toEqual(['110101']);
    expect((await get('export-region?regionLevel=x')).statusCode).toBe(400);
  });

  it('answers the template: the headers and no rows', async () => {
    const rows = await sheetRows(await get('export-template'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveLength(17);
  });

  it('exports to another tenant holding region_export (platform-wide data); not without the code', async () => {
    await createTenant(t.database.db, TENANT_B);
    const reader = await t.authFor(await createCaller(t.database.db, TENANT_B, 'region-exporter', ['region_export']));
    expect((await sheetRows(await get('export-region?code_equal=12', reader))).length).toBe(2);
    expect((await get('export-region', t.auth(plainUser))).statusCode).toBe(403);
    expect((await get('export-template', t.auth(plainUser))).statusCode).toBe(403);
  });
});

describe(`POST ${BASE}/import-region`, () => {
  it('imports a tree whose children come before their parents, computing the chain', async () => {
    const file = await workbook([
      HEADER,
      ['910101', '9101', '甲区', 2, '区'],
      ['9101', 91, '甲市'],
      ['91', '00', '甲省', 1],
      ['9102', '91', '乙市'],
    ]);
    const res = await importFile(file);
    expect(res.json()).toMatchObject({ code: 200, success: true, data: { inserted: 4, updated: 0, skipped: 0 } });
    expect(await region('910101')).toMatchObject({
      ancestors: '00,91,9101',
      region_level: 3,
      province_name: '甲省',
      city_name: '甲市',
      district_name: '甲区',
      sort: 2,
      remark: '区',
    });
  });

  it('re-imports its own export: isCovered=0 skips every known code, isCovered=1 overwrites them', async () => {
    const exported = (await get('export-region?provinceCode=91')).rawPayload;
    const before = await regions(sql`code like '91%'`);
    expect((await importFile(exported)).json().data).toEqual({ inserted: 0, updated: 0, skipped: 4 });
    expect((await importFile(exported, { isCovered: '1' })).json().data).toEqual({
      inserted: 0,
      updated: 4,
      skipped: 0,
    });
    expect(await regions(sql`code like '91%'`)).toEqual(before);
  });

  it('isCovered=0 keeps a known code as it is; isCovered=1 renames it and what lies below follows', async () => {
    const file = await workbook([HEADER, ['91', '', '甲省(新)'], ['9103', '91', '丙市']]);
    const skipped = await importFile(file, { isCovered: '0' });
    expect(skipped.json().data).toEqual({ inserted: 1, updated: 0, skipped: 1 });
    expect((await region('91'))?.name).toBe('甲省');
    const sent = await upload(file);
    const covered = await t.app.inject({
      method: 'POST',
      url: `${BASE}/import-region?isCovered=1`,
      payload: sent.payload,
      headers: { ...t.auth(), ...sent.headers },
    });
    expect(covered.json().data).toEqual({ inserted: 0, updated: 2, skipped: 0 });
    expect(await region('910101')).toMatchObject({ province_name: '甲省(新)', city_name: '甲市' });
  });

  it('moves a known region under another, with its sub-regions not in the file', async () => {
    const res = await importFile(await workbook([HEADER, ['9101', '9102', '甲市']]), { isCovered: '1' });
    expect(res.json().data).toEqual({ inserted: 0, updated: 1, skipped: 0 });
    expect(await region('910101')).toMatchObject({
      ancestors: '00,91,9102,9101',
      region_level: 4,
      city_code: '9102',
      district_code: '9101',
      town_code: '910101',
    });
  });

  it('refuses a file with bad rows, naming each row and column, and writes nothing', async () => {
    const before = await count();
    const file = await workbook([
      HEADER,
      ['92', '', '好省'],
      ['9201', '92', ''],
      ['9x', '', '坏编号'],
      ['9202', '77', '孤儿'],
      ['92', '', '重复'],
      ['9203', '92', '好市', 'abc'],
    ]);
    const res = await importFile(file);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.msg).toContain('导入未完成, 没有写入任何数据');
    expect(body.msg).toContain('第 3 行: 请输入区划名称');
    expect(body.msg).toContain('第 4 行: 区划编号应为 1 到 12 位数字');
    expect(body.msg).toContain('第 5 行: 上级区划 77 不存在');
    expect(body.msg).toContain('第 6 行: 区划编号: 与第 2 行重复');
    expect(body.msg).toContain('第 7 行: 排序');
    expect(body.data.map((p: { row: number }) => p.row)).toEqual([3, 4, 5, 6, 7]);
    const english = (await importFile(file, { headers: en() })).json();
    expect(english.msg).toContain('Nothing was imported');
    expect(english.msg).toContain('row 3: Region name: Please enter region name');
    expect(english.msg).toContain('row 6: Region code: repeats row 2');
    expect(await count()).toBe(before);
  });

  it('refuses a cycle and a sixth level', async () => {
    const before = await count();
    const cycle = await importFile(await workbook([HEADER, ['93', '9301', '甲'], ['9301', '93', '乙']]));
    expect(cycle.json().msg).toContain('第 2 行: 父区划编号: 上级区划不能是区划自身或其下级');
    const deep = await importFile(
      await workbook([
        HEADER,
        ['91010101', '910101', '镇'],
        ['9101010101', '91010101', '村'],
        ['91010101010', '9101010101', '六级'],
      ]),
    );
    expect(deep.statusCode).toBe(400);
    expect(deep.json().msg).toContain('区划最多五级');
    // a known region moved where its sub-regions would pass the fifth level
    const region12 = await importFile(await workbook([HEADER, ['12', '110101', '天津市']]), { isCovered: '1' });
    expect(region12.json().msg).toContain('第 2 行: 区划最多五级');
    expect(await count()).toBe(before);
  });

  it('refuses what is not a workbook, a workbook without the columns, an empty one and no file', async () => {
    const notXlsx = await importFile('code,name\n93,x\n', { name: 'regions.csv' });
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().msg).toBe('只能导入 Excel 工作簿(.xlsx)');
    const oldExcel = await importFile(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), { name: 'r.xls' });
    expect(oldExcel.json().msg).toBe('只能导入 Excel 工作簿(.xlsx)');
    const brokenZip = await importFile(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100)]));
    expect(brokenZip.statusCode).toBe(400);
    const columns = await importFile(
      await workbook([
        ['区划编号', '名字'],
        ['93', 'x'],
      ]),
      { headers: en() },
    );
    expect(columns.json().msg).toBe(
      'The first row lacks the columns: Parent code, Region name (use the import template)',
    );
    expect((await importFile(await workbook([HEADER]))).json().msg).toBe('文件中没有数据行');
    const other = await upload('x');
    const none = await t.app.inject({
      method: 'POST',
      url: `${BASE}/import-region`,
      headers: { ...t.auth(), ...other.headers },
      payload: other.payload.toString().replace('name="file"', 'name="other"'),
    });
    expect(none.json().msg).toBe('请选择要导入的 Excel 文件');
    expect((await importFile(await workbook([HEADER, ['93', '', 'x']]), { isCovered: '2' })).statusCode).toBe(400);
  });

  it('refuses a file past 10 MB (413), and a small file that would inflate past the limit', async () => {
    const big = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await importFile(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe('导入文件不能超过 10 MB');
    const bomb = await importFile(zipBomb());
    expect(bomb.statusCode).toBe(413);
  });

  it('only the platform tenant imports, with region_import', async () => {
    const before = await count();
    const file = await workbook([HEADER, ['94', '', '别人的省']]);
    const importerB = await t.authFor(
      await createCaller(t.database.db, TENANT_B, 'region-importer', ['region_import']),
    );
    expect((await importFile(file, { headers: importerB })).statusCode).toBe(403);
    expect((await importFile(file, { headers: t.auth(plainUser) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${BASE}/import-region` })).statusCode).toBe(401);
    const importer = await t.authFor(await createCaller(t.database.db, '000000', 'region-importer', ['region_import']));
    expect((await importFile(file, { headers: importer })).json().data).toEqual({
      inserted: 1,
      updated: 0,
      skipped: 0,
    });
    expect(await count()).toBe(before + 1);
  });
});

/** A workbook of 100 KB whose sheet inflates to 80 MB. */
function zipBomb(): Buffer {
  const sheet = deflateRawSync(Buffer.alloc(80 * 1024 * 1024, 0x20));
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(sheet.length, 18);
  local.writeUInt32LE(1024, 22); // a size that lies
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(sheet.length, 20);
  central.writeUInt32LE(1024, 24);
  central.writeUInt16LE(name.length, 28);
  const centralStart = local.length + name.length + sheet.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralStart, 16);
  return Buffer.concat([local, name, sheet, central, name, end]);
}
