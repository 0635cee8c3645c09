import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { idsMatching } from '../../src/platform/db/contains-search.ts';
import { setExactTotalUpTo } from '../../src/platform/db/paging.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { createTenantDb } from '../../src/platform/tenancy/tenant-db.ts';
import { type Json, stockOf, stockSuite, warehouseCounts } from '../support/warehouse.ts';

const s = stockSuite();

describe('cancel by counter-movements', () => {
  it('cancels a delivery (stock comes back at the value it left with), then allows its removal', async () => {
    const device = await s.api.device();
    const material = await s.api.material();
    await s.api.refuel(device.id, [{ materialCodeId: material.id, quantity: 4, unitPrice: 5 }]);
    const out = await s.api.deliver(device.id, [{ materialCodeId: material.id, quantity: 3 }]);
    const refused = await s.postEn(`/api/warehouse/delivery/remove?ids=${out.id}`);
    expect(refused.json().msg).toBe(
      `The delivery ${out.deliveryNo} has moved stock and cannot be removed; cancel it first`,
    );
    expect((await s.api.post(`/api/warehouse/delivery/cancel?ids=${out.id}`)).statusCode).toBe(200);
    expect(await stockOf(s.t.database.db, device.id, material.id)).toMatchObject({
      quantity: 4,
      amount: 20,
      movements: 3,
    });
    const again = await s.postEn(`/api/warehouse/delivery/cancel?ids=${out.id}`);
    expect(again.json().msg).toBe(`The delivery ${out.deliveryNo} is already cancelled`);
    expect((await s.api.post(`/api/warehouse/delivery/remove?ids=${out.id}`)).statusCode).toBe(200);
    // the stock history names the counter-movement a cancellation, not an outbound of -3
    const history = (await s.api.get(`/api/warehouse/movement/list?materialCodeId=${material.id}`)).json().data.records;
    expect(history.map((h: Json) => [h.movementType, h.quantity])).toEqual([
      ['cancel', '3.000'],
      ['out', '-3.000'],
      ['in', '4.000'],
    ]);
  });

  it('cancels a refuel whose goods are still there, and refuses one whose goods left', async () => {
    const device = await s.api.device({ name: 'Bay' });
    const material = await s.api.material({ name: 'Mask' });
    const kept = await s.api.refuel(device.id, [{ materialCodeId: material.id, quantity: 2, unitPrice: 3 }]);
    const used = await s.api.refuel(device.id, [{ materialCodeId: material.id, quantity: 2, unitPrice: 5 }]);
    await s.api.deliver(device.id, [{ materialCodeId: material.id, quantity: 3 }]);
    const before = await warehouseCounts(s.t.database.db);
    const refused = await s.postEn(`/api/warehouse/refuel/cancel?ids=${used.id}`);
    expect(refused.json().msg).toBe('insufficient stock: Mask at Bay, available 1');
    expect(await warehouseCounts(s.t.database.db)).toEqual(before);
    await s.api.deliver(device.id, [{ materialCodeId: material.id, quantity: 1 }]);
    await s.api.refuel(device.id, [{ materialCodeId: material.id, quantity: 2, unitPrice: 3 }]);
    expect((await s.api.post(`/api/warehouse/refuel/cancel?ids=${kept.id}`)).statusCode).toBe(200);
    expect(await stockOf(s.t.database.db, device.id, material.id)).toMatchObject({ quantity: 0, amount: 0 });
    const detail = (await s.api.get(`/api/warehouse/refuel/detail?id=${kept.id}`)).json().data;
    expect(detail).toMatchObject({ status: 2, deviceName: 'Bay', items: [{ quantity: '2.000' }] });
  });

  it('lets a posted refuel change only its provider and remark', async () => {
    const device = await s.api.device();
    const material = await s.api.material();
    const refuel = await s.api.refuel(device.id, [{ materialCodeId: material.id, quantity: 1, unitPrice: 1 }]);
    const provider = await s.api.provider({ name: 'Late supplier' });
    const ok = await s.api.post('/api/warehouse/refuel/submit', {
      id: refuel.id,
      providerId: provider.id,
      remark: 'fixed',
    });
    expect(ok.json().data).toMatchObject({ providerName: 'Late supplier', remark: 'fixed' });
    // Lines a new refuel could take (submit's schema checks them first), refused because this one is posted.
    const refused = await s.postEn('/api/warehouse/refuel/submit', {
      id: refuel.id,
      items: [{ materialCodeId: material.id, quantity: 2 }],
    });
    expect(refused.json().msg).toMatch(/changes only its provider and remark/);
  });
});

describe('materials: stock, stocktake, history and notices', () => {
  it('shows stock per device and material with its state, filtered by device subtree and state', async () => {
    const site = await s.api.device({ type: 'site' });
    const cabinet = await s.api.device({ parentId: site.id });
    const low = await s.api.material({ safetyStock: 5 });
    const ok = await s.api.material({ safetyStock: 1 });
    await s.api.refuel(cabinet.id, [
      { materialCodeId: low.id, quantity: 3, unitPrice: 1 },
      { materialCodeId: ok.id, quantity: 3, unitPrice: 1 },
    ]);
    const rows = (await s.api.get(`/api/warehouse/materials/list?deviceId=${site.id}`)).json().data.records as Json[];
    expect(rows.map((r) => [r.materialCodeId, r.state]).sort()).toEqual(
      [
        [low.id, 'low'],
        [ok.id, 'ok'],
      ].sort(),
    );
    const lows = (await s.api.get(`/api/warehouse/materials/page?deviceId=${site.id}&state_equal=low`)).json().data;
    expect(lows.records).toHaveLength(1);
    expect(lows.records[0]).toMatchObject({ deviceName: cabinet.name, materialName: low.name, quantity: '3.000' });
    expect(await s.noticesOf(low.id)).toEqual([{ type: 'low_stock', treated: 0 }]);
  });

  it('lists stock by device code, then material code, and follows a code edited on either screen', async () => {
    const site = await s.api.device({ type: 'site' });
    const [a, b] = [await s.api.device({ parentId: site.id }), await s.api.device({ parentId: site.id })];
    const [x, y] = [await s.api.material(), await s.api.material()];
    for (const device of [a, b]) {
      await s.api.refuel(device.id, [
        { materialCodeId: x.id, quantity: 1, unitPrice: 1 },
        { materialCodeId: y.id, quantity: 1, unitPrice: 1 },
      ]);
    }
    const listed = async () =>
      ((await s.api.get(`/api/warehouse/materials/page?deviceId=${site.id}`)).json().data.records as Json[]).map(
        (r) => `${r.deviceCode}/${r.materialCode}`,
      );
    const codes = (d: Json[], m: Json[]) => d.flatMap((dv) => m.map((mt) => `${dv.code}/${mt.code}`));
    expect(await listed()).toEqual(codes([a, b], [x, y]));
    // Each balance keeps its codes for the order's index (migration 0016); edits reach them.
    const edit = async (url: string, row: Json, code: string) => {
      expect((await s.api.post(url, { ...row, code })).statusCode).toBe(200);
      return { ...row, code };
    };
    const a2 = await edit('/api/blade-warehouse/device/submit', a, `zz-${a.code}`);
    const x2 = await edit('/api/warehouse/materialscode/submit', x, `zz-${x.code}`);
    expect(await listed()).toEqual(codes([b, a2], [y, x2]));
    const detail = (await s.api.get(`/api/warehouse/report/inventoryDetail?deviceId=${site.id}`)).json().data;
    expect(detail.records.map((r: Json) => `${r.deviceCode}/${r.materialCode}`)).toEqual(codes([b, a2], [y, x2]));
  });

  it('adjusts a stock to the counted quantity with its reason, at the moving average', async () => {
    const device = await s.api.device();
    const material = await s.api.material();
    await s.api.refuel(device.id, [{ materialCodeId: material.id, quantity: 10, unitPrice: 2 }]);
    const res = await s.api.post('/api/warehouse/materials/stocktake', {
      deviceId: device.id,
      materialCodeId: material.id,
      countedQuantity: '7.5',
      reason: 'broken in transport',
    });
    expect(res.json().data).toMatchObject({
      quantity: '-2.500',
      unitPrice: '2.0000',
      amount: '-5.00',
      balanceAfter: '7.500',
    });
    const same = await s.api.post('/api/warehouse/materials/stocktake', {
      deviceId: device.id,
      materialCodeId: material.id,
      countedQuantity: 7.5,
      reason: 'recount',
    });
    expect(same.json().data).toEqual({});
    const history = (await s.api.get(`/api/warehouse/movement/list?materialCodeId=${material.id}`)).json().data.records;
    expect(history.map((h: Json) => [h.kind, h.quantity, h.remark])).toEqual([
      ['adjust', '-2.500', 'broken in transport'],
      ['in', '10.000', expect.stringMatching(/^RF/)],
    ]);
    expect(history[1].refuelNo).toBe(history[1].remark);
    const bad = await s.postEn('/api/warehouse/materials/stocktake', {
      deviceId: s.foreignDevice,
      materialCodeId: material.id,
      countedQuantity: -1,
      reason: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/cannot be negative/);
    expect(bad.json().msg).toMatch(/reason of the stocktake/);
    const foreign = await s.postEn('/api/warehouse/materials/stocktake', {
      deviceId: s.foreignDevice,
      materialCodeId: material.id,
      countedQuantity: 1,
      reason: 'x',
    });
    expect(foreign.json().msg).toBe(`The device ${s.foreignDevice} does not exist`);
  });

  it('raises one untreated notice of a kind, counts untreated ones and treats them with a remark', async () => {
    const device = await s.api.device();
    const material = await s.api.material({ safetyStock: 10 });
    const count = async () => (await s.api.get('/api/warehouse/notice/untreated')).json().data as number;
    const start = await count();
    await s.api.refuel(device.id, [{ materialCodeId: material.id, quantity: 9, unitPrice: 1 }]);
    await s.api.deliver(device.id, [{ materialCodeId: material.id, quantity: 1 }]);
    await s.api.deliver(device.id, [{ materialCodeId: material.id, quantity: 1 }]);
    expect(await s.noticesOf(material.id)).toEqual([{ type: 'low_stock', treated: 0 }]);
    expect(await count()).toBe(start + 1);
    const notice = (await s.api.get(`/api/warehouse/notice/list?materialCodeId=${material.id}`)).json().data.records[0];
    expect(notice).toMatchObject({ typeName: '库存不足', deviceName: device.name, level: 2 });
    expect(notice.content).toMatch(/低于安全库存 10/);
    const treat = await s.api.post('/api/warehouse/notice/treat', { ids: notice.id, handleRemark: 'ordered more' });
    expect(treat.statusCode).toBe(200);
    expect(await count()).toBe(start);
    const again = await s.postEn('/api/warehouse/notice/treat', { ids: notice.id });
    expect(again.json().msg).toMatch(/already treated/);
    await s.api.deliver(device.id, [{ materialCodeId: material.id, quantity: 1 }]);
    expect(await s.noticesOf(material.id)).toEqual([
      { type: 'low_stock', treated: 1 },
      { type: 'low_stock', treated: 0 },
    ]);
    const manual = { type: 'low_stock', title: 'by hand', deviceId: device.id, materialCodeId: material.id };
    const duplicate = await s.postEn('/api/warehouse/notice/submit', manual);
    expect(duplicate.statusCode).toBe(409);
  });
});

describe('lists filtered to a device subtree', () => {
  it('show the documents of the node and every device below it, and none for an unknown node', async () => {
    const site = await s.api.device({ type: 'site' });
    const [a, b] = [await s.api.device({ parentId: site.id }), await s.api.device({ parentId: site.id })];
    const elsewhere = await s.api.device();
    const material = await s.api.material();
    const line = { materialCodeId: material.id, quantity: 2, unitPrice: 1 };
    const refuels = [];
    for (const device of [a, b, elsewhere]) refuels.push(await s.api.refuel(device.id, [line]));
    const outs = [];
    for (const device of [a, b, elsewhere]) outs.push(await s.api.deliver(device.id, [{ ...line, quantity: 1 }]));
    const ids = async (url: string) =>
      ((await s.api.get(url)).json().data.records as Json[]).map((r) => r.id as string).sort();
    const mine = (docs: Json[]) =>
      docs
        .slice(0, 2)
        .map((d) => d.id as string)
        .sort();
    for (const [list, docs] of [
      ['refuel', refuels],
      ['delivery', outs],
    ] as const) {
      expect(await ids(`/api/warehouse/${list}/page?deviceId=${site.id}&size=100`), list).toEqual(mine(docs));
      expect(await ids(`/api/warehouse/${list}/page?deviceId=${a.id}`), list).toEqual([docs[0]!.id]);
      expect(await ids(`/api/warehouse/${list}/page?deviceId=1234567`), list).toEqual([]);
      // one to a page: page 2 (read key-first) holds the other row, and its keys tell the total
      const pages = [];
      for (const current of [1, 2]) {
        const res = await s.api.get(`/api/warehouse/${list}/page?deviceId=${site.id}&size=1&current=${current}`);
        pages.push(res.json().data);
      }
      expect(
        pages.map((p) => p.total),
        list,
      ).toEqual([2, 2]);
      expect(pages.flatMap((p) => p.records.map((r: Json) => r.id)).sort(), list).toEqual(mine(docs));
    }
    const stock = (await s.api.get(`/api/warehouse/materials/page?deviceId=${site.id}`)).json().data.records;
    expect(stock.map((r: Json) => r.deviceId).sort()).toEqual([a.id, b.id].sort());
  });
});

describe('lists searched by a part of the document number', () => {
  it('find the documents holding the part, in the caller’s tenant only, as the plain condition finds them', async () => {
    const device = await s.api.device();
    const material = await s.api.material();
    const line = { materialCodeId: material.id, quantity: 2, unitPrice: 1 };
    const refuels = [await s.api.refuel(device.id, [line]), await s.api.refuel(device.id, [line])];
    const outs = [await s.api.deliver(device.id, [{ ...line, quantity: 1 }])];
    const db = s.t.database.db;
    // Tenant 500500 holds a refuel of the very same number.
    await sql`insert into wh_refuel (id, tenant_id, refuel_no, device_id)
      values (${nextId()}, '500500', ${refuels[1]!.refuelNo}, ${s.foreignDevice})`.execute(db);
    // The search function itself answers the ids of the caller's tenant only.
    const searched = await createTenantDb(db, true).inTenant('000000', (trx) =>
      idsMatching(trx, 'wh_refuel', 'refuel_no', refuels[1]!.refuelNo as string, 10),
    );
    expect(searched).toEqual([refuels[1]!.id]);
    const page = async (url: string) => (await s.api.get(url)).json().data as { records: Json[]; total: number };
    const ids = (p: { records: Json[] }) => p.records.map((r) => r.id as string).sort();
    for (const [list, field, docs] of [
      ['refuel', 'refuelNo', refuels],
      ['delivery', 'deliveryNo', outs],
    ] as const) {
      const number = docs.at(-1)![field] as string;
      const url = (part: string, op = '') =>
        `/api/warehouse/${list}/page?${field}${op}=${encodeURIComponent(part)}&size=100`;
      // the whole number, a part of it (lower case), a part of two characters: each as `_like` finds it
      for (const part of [number, number.slice(2).toLowerCase(), number.slice(-2)]) {
        const found = await page(url(part));
        expect(ids(found), `${list} ${part}`).toEqual(ids(await page(url(part, '_like'))));
        expect(found.records.every((r) => String(r[field]).toLowerCase().includes(part.toLowerCase()))).toBe(true);
      }
      expect(ids(await page(url(number))), list).toEqual([docs.at(-1)!.id]);
      expect((await page(url(number))).total, list).toBe(1);
      // a wildcard in the part is a character, not a pattern
      expect((await page(url(`${number.slice(0, 4)}%${number.slice(-2)}`))).records, list).toEqual([]);
      expect((await page(url(`${number.slice(0, 4)}_`))).records, list).toEqual([]);
    }
    // more matches than the exact total's bound: the plain condition answers, with the same rows
    const bound = setExactTotalUpTo(1);
    try {
      const common = String(refuels[0]!.refuelNo).slice(0, 8);
      const found = await page(`/api/warehouse/refuel/page?refuelNo=${common}&size=100`);
      expect(ids(found)).toEqual(ids(await page(`/api/warehouse/refuel/page?refuelNo_like=${common}&size=100`)));
      expect(ids(found)).toEqual(expect.arrayContaining(refuels.map((r) => r.id as string).sort()));
    } finally {
      setExactTotalUpTo(bound);
    }
  });
});
