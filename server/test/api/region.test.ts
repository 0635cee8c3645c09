import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaller, createTenant } from '../support/factories.ts';
import { createTestApp, plainUser, type TestApp } from '../support/test-app.ts';

const BASE = '/api/blade-system/region';
const TENANT_B = '400400';
const REGION_CODES = ['region', 'region_view', 'region_add', 'region_edit', 'region_delete'];
let t: TestApp;

type Headers = Record<string, string>;
type Region = Record<string, string | number | null>;

async function regionRows() {
  const { rows } = await sql<Region>`select * from blade_region order by code`.execute(t.database.db);
  return rows;
}
const row = async (code: string) => (await regionRows()).find((r) => r.code === code);

const get = (url: string, headers: Headers = t.auth()) => t.app.inject({ url: `${BASE}/${url}`, headers });
const post = (url: string, payload?: object, headers: Headers = t.auth()) =>
  t.app.inject({ method: 'POST', url: `${BASE}/${url}`, headers, ...(payload ? { payload } : {}) });
const en = (headers: Headers = t.auth()) => ({ ...headers, 'accept-language': 'en-US' });

async function save(code: string, name: string, parentCode = '00', headers: Headers = t.auth()): Promise<Region> {
  const res = await post('submit', { code, name, parentCode }, headers);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const callerOf = (tenantId: string, alias: string, codes: string[]) =>
  createCaller(t.database.db, tenantId, alias, codes);

beforeAll(async () => {
  t = await createTestApp();
  // Beijing down to a village, and a second province to move things to.
  await save('11', '北京市');
  await save('1101', '市辖区', '11');
  await save('110101', '东城区', '1101');
  await save('110101001', '东华门街道', '110101');
  await save('110101001001', '多福巷社区', '110101001');
  await save('12', '天津市', '');
  await save('1201', '市辖区', '12');
});
afterAll(() => t.close());

describe(`POST ${BASE}/submit`, () => {
  it('computes ancestors, level and the province..village columns from the parent chain', async () => {
    expect(await row('11')).toMatchObject({
      parent_code: '00',
      ancestors: '00',
      region_level: 1,
      province_code: '11',
      province_name: '北京市',
      city_code: null,
    });
    expect(await row('110101001001')).toMatchObject({
      ancestors: '00,11,1101,110101,110101001',
      region_level: 5,
      province_name: '北京市',
      city_code: '1101',
      district_name: '东城区',
      town_code: '110101001',
      village_code: '110101001001',
      village_name: '多福巷社区',
    });
    const answer = await save('1102', '县', '11');
    expect(answer).toMatchObject({
      code: '1102',
      parentCode: '11',
      regionLevel: 2,
      cityName: '县',
      parentName: '北京市',
    });
  });

  it('ignores the computed columns a body sends', async () => {
    const res = await post('submit', { code: '1103', name: '假', parentCode: '11', regionLevel: 4, provinceName: 'x' });
    expect(res.json().data).toMatchObject({ regionLevel: 2, provinceName: '北京市', cityCode: '1103' });
  });

  it('refuses a sixth level', async () => {
    const before = await regionRows();
    const res = await post('submit', { code: '110101001001001', name: 'too deep', parentCode: '110101001001' }, en());
    expect(res.statusCode).toBe(400);
    const deep = await post('submit', { code: '99', name: 'too deep', parentCode: '110101001001' }, en());
    expect(deep.json().msg).toBe('Regions have at most five levels (province, city, district, town, village)');
    expect(await regionRows()).toEqual(before);
  });

  it('refuses a missing code or name, a bad code and an unknown parent, writing nothing', async () => {
    const before = await regionRows();
    const noCode = await post('submit', { name: 'n' });
    expect(noCode.json()).toMatchObject({ code: 400, success: false, msg: '请输入区划编号' });
    expect((await post('submit', { code: ' ', name: 'n' }, en())).json().msg).toBe('Please enter region code');
    const noName = await post('submit', { code: '13' });
    expect(noName.json().msg).toBe('请输入区划名称');
    expect((await post('submit', { code: '13', name: '' }, en())).json().msg).toBe('Please enter region name');
    for (const code of ['1a', '00', '1234567890123']) {
      const bad = await post('submit', { code, name: 'n' }, en());
      expect(bad.json().msg).toBe('The region code must be 1 to 12 digits, and not the root code 00');
    }
    const orphan = await post('submit', { code: '13', name: 'n', parentCode: '77' }, en());
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().msg).toBe('The parent region 77 does not exist');
    expect((await post('submit', { code: '13', name: 'n', parentCode: '77' })).json().msg).toBe('上级区划 77 不存在');
    expect(await regionRows()).toEqual(before);
  });

  it('renames a region and the chain names of everything below it', async () => {
    await post('submit', { code: '1101', name: '北京城区' });
    expect(await row('1101')).toMatchObject({ name: '北京城区', city_name: '北京城区', parent_code: '11' });
    expect(await row('110101001001')).toMatchObject({ city_name: '北京城区', village_name: '多福巷社区' });
    await post('submit', { code: '1101', name: '市辖区' });
  });

  it('moves a region with everything below it', async () => {
    await save('120101', '和平区', '1201');
    await save('120101001', '劝业场街道', '120101');
    const res = await post('submit', { code: '120101', parentCode: '1101' });
    expect(res.json().data).toMatchObject({
      ancestors: '00,11,1101',
      provinceName: '北京市',
      cityCode: '1101',
      name: '和平区',
    });
    expect(await row('120101001')).toMatchObject({
      ancestors: '00,11,1101,120101',
      region_level: 4,
      province_code: '11',
      city_code: '1101',
      district_code: '120101',
      town_code: '120101001',
    });
  });

  it('refuses a move under the region itself, below it, or too deep', async () => {
    const before = await regionRows();
    for (const parentCode of ['11', '110101']) {
      const res = await post('submit', { code: '11', parentCode }, en());
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('A region cannot be placed under itself or one of its sub-regions');
    }
    const tooDeep = await post('submit', { code: '1101', parentCode: '1201' });
    expect(tooDeep.json().msg).toBe('区划最多五级(省、市、区县、乡镇、村)');
    expect(await regionRows()).toEqual(before);
  });

  it('needs region_add to add a code and region_edit to change a known one', async () => {
    const adder = await t.authFor(await callerOf('000000', 'region-adder', ['region_add']));
    const editor = await t.authFor(await callerOf('000000', 'region-editor', ['region_edit']));
    const before = await regionRows();
    expect((await post('submit', { code: '11', name: 'renamed' }, adder)).statusCode).toBe(403);
    expect((await post('submit', { code: '14', name: '山西省' }, editor)).statusCode).toBe(403);
    expect(await regionRows()).toEqual(before);
    expect((await post('submit', { code: '14', name: '山西省' }, adder)).statusCode).toBe(200);
    expect((await post('submit', { code: '14', remark: 'edited' }, editor)).json().data.remark).toBe('edited');
  });
});

describe(`GET ${BASE}/list`, () => {
  it('answers a page filtered by equality on the given fields', async () => {
    const all = (await get('list?size=100')).json().data;
    expect(all.total).toBe((await regionRows()).length);
    const cities = (await get('list?provinceCode=11&regionLevel=2&size=100')).json().data.records as Region[];
    expect(cities.map((r) => r.code)).toEqual(['1101', '1102', '1103']);
    const page = (await get('list?regionLevel=1&size=1&current=2&descs=code')).json().data;
    expect(page).toMatchObject({ size: 1, current: 2 });
    expect(page.records[0].code).toBe('12');
    expect((await get('list?descs=region_level;drop')).statusCode).toBe(400);
  });
});

describe(`GET ${BASE}/lazy-tree`, () => {
  it('answers one level as tree nodes, roots by default', async () => {
    const roots = (await get('lazy-tree')).json().data as Region[];
    expect(roots.map((n) => n.id)).toEqual(['11', '12', '14']);
    expect(roots[0]).toEqual({ id: '11', parentId: '00', title: '北京市', key: '11', value: '11', hasChildren: true });
    const leaf = (await get('lazy-tree?parentCode=110101001')).json().data as Region[];
    expect(leaf).toEqual([expect.objectContaining({ id: '110101001001', hasChildren: false })]);
    const named = (await get(`lazy-tree?parentCode=11&name=${encodeURIComponent('县')}`)).json().data as Region[];
    expect(named.map((n) => n.id)).toEqual(['1102']);
  });
});

describe(`GET ${BASE}/lazy-list`, () => {
  it('answers one level of whole regions with their child flags, roots by default', async () => {
    const roots = (await get('lazy-list')).json().data as Region[];
    expect(roots.map((r) => r.code)).toEqual(['11', '12', '14']);
    expect(roots[0]).toMatchObject({ id: '11', parentId: '00', code: '11', name: '北京市', regionLevel: 1 });
    expect(roots[0]).toHaveProperty('hasChildren', true);
    const villages = (await get('lazy-list?parentCode=110101001')).json().data as Region[];
    expect(villages).toEqual([expect.objectContaining({ code: '110101001001', regionLevel: 5, hasChildren: false })]);
  });

  it('searches every level when no parent is named, and one level when one is', async () => {
    const found = (await get(`lazy-list?name=${encodeURIComponent('市辖区')}`)).json().data as Region[];
    expect(found.map((r) => r.code).sort()).toEqual(['1101', '1201']);
    const within = (await get(`lazy-list?parentCode=11&name=${encodeURIComponent('市辖区')}`)).json().data;
    expect(within.map((r: Region) => r.code)).toEqual(['1101']);
    expect((await get('lazy-list?parentCode=x')).statusCode).toBe(400);
  });
});

describe(`GET ${BASE}/detail`, () => {
  it("answers a region by code with its parent's name, 404 for an unknown code", async () => {
    expect((await get('detail?code=1101')).json().data).toMatchObject({ code: '1101', parentName: '北京市' });
    expect((await get('detail?code=11')).json().data).toMatchObject({ code: '11', parentName: '' });
    expect((await get('detail?code=88')).statusCode).toBe(404);
    expect((await get('detail?code=x')).statusCode).toBe(400);
  });
});

describe(`POST ${BASE}/remove`, () => {
  it('deletes a leaf region, refuses one with children, 404 for an unknown code', async () => {
    await save('1299', '待删', '12');
    expect((await post('remove?id=1299')).json()).toMatchObject({ code: 200, success: true });
    expect(await row('1299')).toBeUndefined();
    const before = await regionRows();
    const parent = await post('remove?id=12', undefined, en());
    expect(parent.statusCode).toBe(400);
    expect(parent.json().msg).toBe('Remove its child nodes first');
    expect((await post('remove?id=88')).statusCode).toBe(404);
    expect((await post('remove')).statusCode).toBe(400);
    expect(await regionRows()).toEqual(before);
  });
});

describe('regions are platform-wide', () => {
  it('other tenants may read them with the read codes but never change them', async () => {
    await createTenant(t.database.db, TENANT_B);
    const keeperB = await t.authFor(await callerOf(TENANT_B, 'region-keeper', REGION_CODES));
    expect((await get('list', keeperB)).statusCode).toBe(200);
    expect((await get('lazy-tree', keeperB)).json().data.length).toBeGreaterThan(0);
    expect((await get('detail?code=11', keeperB)).statusCode).toBe(200);
    const before = await regionRows();
    expect((await post('submit', { code: '11', name: 'taken' }, keeperB)).statusCode).toBe(403);
    expect((await post('submit', { code: '15', name: 'new' }, keeperB)).statusCode).toBe(403);
    expect((await post('remove?id=110101001001', undefined, keeperB)).statusCode).toBe(403);
    expect(await regionRows()).toEqual(before);
  });
});

describe('who may call the region endpoints', () => {
  const calls = [
    { method: 'GET', url: `${BASE}/list` },
    { method: 'GET', url: `${BASE}/lazy-tree` },
    { method: 'GET', url: `${BASE}/lazy-list` },
    { method: 'GET', url: `${BASE}/detail?code=11` },
    { method: 'POST', url: `${BASE}/submit`, payload: { code: '16', name: 'no' } },
    { method: 'POST', url: `${BASE}/remove?id=110101001001` },
  ] as const;
  for (const call of calls) {
    it(`${call.method} ${call.url}: 401 without a token, 403 without the permission`, async () => {
      const before = await regionRows();
      expect((await t.app.inject({ ...call })).statusCode).toBe(401);
      expect((await t.app.inject({ ...call, headers: t.auth(plainUser) })).statusCode).toBe(403);
      expect(await regionRows()).toEqual(before);
    });
  }
});
