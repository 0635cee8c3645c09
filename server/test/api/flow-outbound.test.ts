import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import { createCaller } from '../support/factories.ts';
import { bpmn, flowApi, instanceSnapshot, type Json, openTaskIds, WORKER_CODES } from '../support/flow.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { expectLedgerEqualsBalances, stockOf, warehouseApi } from '../support/warehouse.ts';

// Outbound requests over the tenant's threshold wait for a process; its end moves the stock or not.

let t: TestApp;
let api: ReturnType<typeof flowApi>;
let wh: ReturnType<typeof warehouseApi>;
let storekeeper: Caller;
let keeper: Record<string, string>;
let device: string;
let material: string;

const APPROVAL = bpmn(
  'OutboundApproval',
  `<userTask id="approve" name="出库审批" flowable:candidateGroups="storekeeper" /><endEvent id="end" />
   <sequenceFlow id="f1" sourceRef="start" targetRef="approve" /><sequenceFlow id="f2" sourceRef="approve" targetRef="end" />`,
);
const SETTING = '/api/warehouse/delivery/approval-setting';

beforeAll(async () => {
  t = await createTestApp();
  api = flowApi(t);
  wh = warehouseApi(t);
  storekeeper = await createCaller(t.database.db, '000000', 'storekeeper', WORKER_CODES);
  keeper = await t.authFor(storekeeper);
  device = String((await wh.device()).id);
  material = String((await wh.material({ referencePrice: 2 })).id);
  await wh.refuel(device, [{ materialCodeId: material, quantity: 40, price: 2 }]);
  await api.deploy(APPROVAL, { category: 'flow_2' });
  const set = await api.post(SETTING, {
    enabled: 1,
    processKey: 'OutboundApproval',
    thresholdKind: 'quantity',
    threshold: 10,
  });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(async () => {
  await expectLedgerEqualsBalances(t.database.db);
  await t.close();
});

const stock = async () => (await stockOf(t.database.db, device, material)).quantity;
const request = async (quantity: number) => {
  const res = await wh.post('/api/warehouse/delivery/save', {
    deviceId: device,
    personId: await wh.taker(),
    items: [{ materialCodeId: material, quantity }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Json; msg: string };
};
const detail = async (id: unknown, as = t.auth()) => wh.get(`/api/warehouse/delivery/detail?id=${id}`, as);
async function claimAndDecide(delivery: Json, body: Json) {
  const { approve } = await openTaskIds(t.database.db, delivery.processInstanceId);
  expect((await api.claim(approve, keeper)).statusCode).toBe(200);
  return api.complete(approve, body, keeper);
}

describe('/api/warehouse/delivery/approval-setting', () => {
  it('answers the setting, refuses a process that is not deployed, and is the delivery_approval button’s', async () => {
    expect((await wh.get(SETTING)).json().data).toEqual({
      enabled: 1,
      processKey: 'OutboundApproval',
      thresholdKind: 'quantity',
      threshold: '10.000',
    });
    const unknown = await api.post(SETTING, { enabled: 1, processKey: 'Nope', threshold: 1 });
    expect([unknown.statusCode, unknown.json().msg]).toEqual([400, '流程 Nope 未部署']);
    const negative = await api.post(SETTING, { enabled: 0, threshold: -1 });
    expect([negative.statusCode, negative.json().msg]).toEqual([400, '阈值不能小于 0, 最多 3 位小数']);
    const clerk = await createCaller(t.database.db, '000000', 'clerk', ['delivery', 'delivery_add']);
    const headers = await t.authFor(clerk);
    expect((await wh.get(SETTING, headers)).statusCode).toBe(200);
    expect((await api.post(SETTING, { enabled: 0, threshold: 1 }, headers)).statusCode).toBe(403);
  });
});

describe('an outbound request over the threshold', () => {
  it('moves nothing at first; its approver sees its lines and the stock now; approval moves the stock', async () => {
    const below = await request(10);
    expect(below.data.status).toBe(1);
    expect(await stock()).toBe(30);

    const before = await stockOf(t.database.db, device, material);
    const asked = await request(12);
    expect(asked.msg).toBe('出库申请已提交, 等待审批, 审批通过后出库');
    expect(asked.data).toMatchObject({ status: 3, totalQuantity: '12.000', totalAmount: '0.00' });
    expect(await stockOf(t.database.db, device, material)).toEqual(before);

    const offered = (await api.list('claim', keeper)).find((r) => r.businessId === asked.data.id)!;
    expect(offered).toMatchObject({ businessTable: 'wh_delivery', taskName: '出库审批' });
    expect(offered.variables).toMatchObject({ quantity: 12, amount: 24, deliveryNo: asked.data.deliveryNo });
    // the storekeeper holds no delivery menu, and reads the request they decide on
    const seen = await detail(asked.data.id, keeper);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.items[0]).toMatchObject({ quantity: '12.000', available: '30' });
    expect(seen.json().data.approval).toMatchObject({
      state: 'pending',
      processInstanceId: asked.data.processInstanceId,
    });
    const stranger = await createCaller(t.database.db, '000000', 'stranger', WORKER_CODES);
    expect((await detail(asked.data.id, await t.authFor(stranger))).statusCode).toBe(404);

    const approved = await claimAndDecide(asked.data, { comment: '可以' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await stock()).toBe(18);
    const after = (await detail(asked.data.id)).json().data;
    expect(after).toMatchObject({ status: 1, totalQuantity: '12.000', totalAmount: '24.00', approvalComment: '可以' });
    expect(after.items[0]).toMatchObject({ unitPrice: '2.0000', amount: '24.00' });
    expect(after.items[0].available).toBeUndefined();
    expect(after.approval.state).toBe('approved');
    expect(after.approval.history.map((h: Json) => [h.historyActivityId, h.comment])).toEqual([
      ['start', null],
      ['approve', '可以'],
      ['end', null],
    ]);
  });

  it('is refused with the stock message when its stock was used meanwhile, and stays open', async () => {
    const asked = await request(15);
    await request(10);
    expect(await stock()).toBe(8);
    const snapshot = await instanceSnapshot(t.database.db, asked.data.processInstanceId);
    const { approve } = await openTaskIds(t.database.db, asked.data.processInstanceId);
    await api.claim(approve, keeper);
    const claimed = await instanceSnapshot(t.database.db, asked.data.processInstanceId);
    expect(claimed).not.toBe(snapshot);
    const refused = await api.complete(approve, {}, { ...keeper, 'accept-language': 'en-US' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toMatch(/^insufficient stock: .+ available 8$/);
    expect(await instanceSnapshot(t.database.db, asked.data.processInstanceId)).toBe(claimed);
    expect((await detail(asked.data.id)).json().data).toMatchObject({ status: 3, approval: { state: 'pending' } });
    expect(await stock()).toBe(8);
    expect((await api.list('todo', keeper)).map((r) => r.businessId)).toContain(asked.data.id);
  });

  it('is closed with the comment when rejected, moves nothing, and may then be removed', async () => {
    await wh.refuel(device, [{ materialCodeId: material, quantity: 40, price: 2 }]);
    const before = await stock();
    const asked = await request(20);
    const rejected = await claimAndDecide(asked.data, { flag: 'reject', comment: '不需要这么多' });
    expect(rejected.statusCode).toBe(200);
    expect(await stock()).toBe(before);
    const closed = (await detail(asked.data.id)).json().data;
    expect(closed).toMatchObject({ status: 4, approvalComment: '不需要这么多', approval: { state: 'rejected' } });
    const cancel = await wh.post(`/api/warehouse/delivery/cancel?ids=${asked.data.id}`);
    expect(cancel.statusCode).toBe(400);
    expect((await wh.post(`/api/warehouse/delivery/remove?ids=${asked.data.id}`)).statusCode).toBe(200);
  });

  it('is withdrawn by cancel: its process ends with the reason and leaves the approver’s list', async () => {
    const asked = await request(20);
    expect((await wh.post(`/api/warehouse/delivery/cancel?ids=${asked.data.id}`)).statusCode).toBe(200);
    expect((await detail(asked.data.id)).json().data).toMatchObject({ status: 2, approval: { state: 'withdrawn' } });
    const { rows } = await sql<{ reason: string }>`select delete_reason as reason from flow_instance
      where id = ${String(asked.data.processInstanceId)}`.execute(t.database.db);
    expect(rows).toEqual([{ reason: '申请人撤回出库申请' }]);
    expect((await api.list('claim', keeper)).map((r) => r.businessId)).not.toContain(asked.data.id);
  });

  it('may be measured by value at the moving average instead', async () => {
    await api.post(SETTING, {
      enabled: true,
      processKey: 'OutboundApproval',
      thresholdKind: 'amount',
      threshold: '30',
    });
    expect((await request(15)).data.status).toBe(1); // 15 × 2 = 30: not above
    expect((await request(16)).data.status).toBe(3);
    await api.post(SETTING, { enabled: 0, processKey: 'OutboundApproval', threshold: 0 });
    expect((await request(1)).data.status).toBe(1);
  });
});
