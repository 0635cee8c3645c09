import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { perKiosk } from '../../src/platform/auth/kiosk.ts';
import { nextId } from '../../src/platform/db/snowflake.ts';
import { photos } from '../support/faces.ts';
import { createCaller, createTenant } from '../support/factories.ts';
import { enrol, kioskApi, newKioskKey } from '../support/kiosk.ts';
import { inOneWindow } from '../support/rate-windows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Json, warehouseApi } from '../support/warehouse.ts';

// Kiosk keys, face recognition and outbound tickets, across tenants. The face models load once for
// this file; rate limits are on, as in a running server.
let t: TestApp;
let api: ReturnType<typeof warehouseApi>;
let cabinet: Json;
let vlad: string;
let key: string;
let kiosk: ReturnType<typeof kioskApi>;
const TENANT_B = '720720';
let adminB: Record<string, string>;

const deviceRow = async (id: unknown) =>
  (
    await sql<{ hash: string | null; online: number; last_seen: Date | null }>`
      select kiosk_key_hash as hash, online, last_seen from wh_device where id = ${String(id)}`.execute(t.database.db)
  ).rows[0]!;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: true });
  api = warehouseApi(t);
  cabinet = await api.device({ name: 'Cabinet A' });
  vlad = await enrol(t, 'Vlad', await photos.man());
  await enrol(t, 'Ann', await photos.woman());
  key = await newKioskKey(t, cabinet.id);
  kiosk = kioskApi(t, key);
  await createTenant(t.database.db, TENANT_B);
  adminB = await t.authFor(
    await createCaller(t.database.db, TENANT_B, 'b-admin', ['device', 'device_kiosk_key', 'faceimg_add']),
  );
});
afterAll(() => t.close());

describe('POST /api/blade-warehouse/device/kiosk-key', () => {
  it('answers a new key once and keeps only its hash; a new key replaces the old, revoking ends it', async () => {
    const device = await api.device({ name: 'Kiosk 2' });
    const first = await newKioskKey(t, device.id);
    expect(first).toMatch(new RegExp(`^000000\\.${device.id}\\.[\\w-]{43}$`));
    expect((await deviceRow(device.id)).hash).toBe(createHash('sha256').update(first).digest('hex'));
    expect((await api.get(`/api/blade-warehouse/device/detail?id=${device.id}`)).body).not.toContain('kiosk');
    const second = await newKioskKey(t, device.id);
    const allowance = (k: string) => kioskApi(t, k).allowance();
    const replaced = await allowance(first);
    expect(replaced.json()).toMatchObject({ code: 401, msg: expect.stringContaining('not valid') });
    expect(replaced.headers['error-key']).toBe('error.kiosk.invalid');
    expect((await allowance(second)).json().msg).toBe(
      'Look at the camera first: this needs the ticket of a recognised person',
    );
    expect((await deviceRow(device.id)).online).toBe(1);
    expect((await api.post(`/api/blade-warehouse/device/kiosk-key/revoke?id=${device.id}`)).statusCode).toBe(200);
    expect(await deviceRow(device.id)).toMatchObject({ hash: null, online: 0 });
    expect((await allowance(second)).statusCode).toBe(401);
  });

  it('refuses a missing or malformed key, and the key of a disabled device as out of service', async () => {
    const res = await t.app.inject({ url: '/api/warehouse/face/allowance', headers: { 'accept-language': 'en-US' } });
    expect(res.json()).toMatchObject({ code: 401, msg: 'This kiosk is not paired: enter its device’s kiosk key' });
    // A staff token is no kiosk key.
    expect((await t.app.inject({ url: '/api/warehouse/face/allowance', headers: t.auth() })).statusCode).toBe(401);
    // a key that never was one is told so, not reported as revoked
    const garbage = await kioskApi(t, 'garbage').allowance();
    expect(garbage.statusCode).toBe(401);
    expect(garbage.headers['error-key']).toBe('error.kiosk.unknown');
    const noDevice = await kioskApi(t, `000000.4242.${'A'.repeat(43)}`).allowance();
    expect(noDevice.headers['error-key']).toBe('error.kiosk.unknown');
    expect(noDevice.json().msg).toBe('The kiosk key is not valid: there is no such key. Check it and enter it again');
    const device = await api.device({ name: 'Kiosk 3' });
    const k = await newKioskKey(t, device.id);
    await api.post('/api/blade-warehouse/device/submit', { id: device.id, status: 0 });
    const disabled = await kioskApi(t, k).allowance();
    expect(disabled.json()).toMatchObject({ code: 401, msg: expect.stringContaining('out of service') });
    expect(disabled.headers['error-key']).toBe('error.kiosk.disabled');
    // only the device's own key learns that it is disabled
    const forged = `${k.slice(0, -43)}${'A'.repeat(43)}`;
    expect((await kioskApi(t, forged).allowance()).headers['error-key']).toBe('error.kiosk.invalid');
  });

  it('refuses the keys of a disabled or expired tenant, and takes them again once it is live', async () => {
    const deviceId = nextId();
    await sql`insert into wh_device (id, tenant_id, code, name, type)
      values (${deviceId}, ${TENANT_B}, 'K-B', 'B kiosk', 'kiosk')`.execute(t.database.db);
    const res = await api.post(`/api/blade-warehouse/device/kiosk-key?id=${deviceId}`, undefined, adminB);
    const kioskB = kioskApi(t, res.json().data as string);
    // a live kiosk without a ticket is past the key check: it is only asked for its ticket
    expect((await kioskB.allowance()).statusCode).toBe(400);
    const setTenant = (status: number, expireTime: Date | null) =>
      sql`update blade_tenant set status = ${status}, expire_time = ${expireTime} where tenant_id = ${TENANT_B}`.execute(
        t.database.db,
      );
    await setTenant(0, null);
    expect((await kioskB.allowance()).headers['error-key']).toBe('error.kiosk.disabled');
    await setTenant(1, new Date(Date.now() - 60_000));
    expect((await kioskB.allowance()).headers['error-key']).toBe('error.kiosk.disabled');
    await setTenant(1, null);
    expect((await kioskB.allowance()).statusCode).toBe(400);
  });

  it('shows a kiosk offline once it has been silent for three minutes, and online again when it calls', async () => {
    const online = async () =>
      (await api.get(`/api/blade-warehouse/device/detail?id=${cabinet.id}`)).json().data.online as number;
    await kiosk.allowance();
    expect(await online()).toBe(1);
    await sql`update wh_device set last_seen = now() - interval '4 minutes' where id = ${String(cabinet.id)}`.execute(
      t.database.db,
    );
    expect(await online()).toBe(0);
    const listed = (await api.get(`/api/blade-warehouse/device/page?code=${cabinet.code}`)).json().data.records;
    expect(listed).toMatchObject([{ id: cabinet.id, online: 0 }]);
    await kiosk.allowance();
    expect(await online()).toBe(1);
  });

  it('needs device_kiosk_key, and works only on the caller’s own tenant’s devices', async () => {
    const clerk = await t.authFor(
      await createCaller(t.database.db, '000000', 'device-clerk', ['device', 'device_edit']),
    );
    const url = `/api/blade-warehouse/device/kiosk-key?id=${cabinet.id}`;
    expect((await t.app.inject({ method: 'POST', url, headers: clerk })).statusCode).toBe(403);
    const before = await deviceRow(cabinet.id);
    for (const path of [url, `/api/blade-warehouse/device/kiosk-key/revoke?id=${cabinet.id}`]) {
      expect((await t.app.inject({ method: 'POST', url: path, headers: adminB })).statusCode, path).toBe(400);
    }
    expect((await deviceRow(cabinet.id)).hash).toBe(before.hash);
  });
});

describe('what a paired kiosk may ask besides recognition', () => {
  it('GET device/kiosk names the device and tenant of the key, and refuses without one', async () => {
    const res = await t.app.inject({ url: '/api/blade-warehouse/device/kiosk', headers: { 'kiosk-key': key } });
    expect(res.json().data).toEqual({
      id: String(cabinet.id),
      code: cabinet.code,
      name: 'Cabinet A',
      tenantId: '000000',
      tenantName: expect.any(String),
    });
    const bare = await t.app.inject({ url: '/api/blade-warehouse/device/kiosk' });
    expect(bare.statusCode).toBe(401);
    expect(bare.headers['error-key']).toBe('error.kiosk.missing');
    const staff = await t.app.inject({ url: '/api/blade-warehouse/device/kiosk', headers: t.auth() });
    expect(staff.statusCode).toBe(401);
  });

  it('draws the QR code of a receipt for a kiosk, which needs no staff permission for it', async () => {
    const url = '/api/warehouse/QR/generateCodeBs64?content=DL202611210001';
    const res = await t.app.inject({ url, headers: { 'kiosk-key': key } });
    expect(res.statusCode).toBe(200);
    expect(Buffer.from(res.json().data, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect((await t.app.inject({ url, headers: { 'kiosk-key': 'garbage' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});

describe('POST /api/warehouse/face/faceRecognition', () => {
  it('recognises an enrolled person from another photo and answers them with a ticket', async () => {
    const res = await kiosk.recognise(await photos.manAgain());
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.person).toMatchObject({ id: vlad, name: 'Vlad' });
    expect(data.device).toEqual({ id: String(cabinet.id), name: 'Cabinet A' });
    expect(data.ticket).toMatch(/^[\w-]{43}$/);
    expect(data.distance).toBeLessThan(0.5);
    expect(new Date(data.expiresAt).getTime() - Date.now()).toBeGreaterThan(100_000);
    expect(data.expiresIn).toBeGreaterThanOrEqual(119);
    expect(data.expiresIn).toBeLessThanOrEqual(120);
    expect(res.body).not.toContain('descriptor');
    expect((await deviceRow(cabinet.id)).last_seen).not.toBeNull();
  });

  it('answers "not recognised" for a person not enrolled, and refuses photos without exactly one face', async () => {
    // The Error-Key header tells the reasons apart for the kiosk, which shows a screen per reason.
    const cases: [Buffer, string, string][] = [
      [
        await photos.otherWoman(),
        'Not recognised: face the camera and try again, or ask an administrator to register your face',
        'warehouse.face.notRecognised',
      ],
      [
        await photos.noFace(),
        'No face was found in the photo: face the camera in good light and try again',
        'warehouse.face.none',
      ],
      [await photos.group(), 'The photo shows 3 faces: one person at a time', 'warehouse.face.several'],
    ];
    for (const [photo, msg, key] of cases) {
      const res = await kiosk.recognise(photo);
      expect(res.json(), msg).toMatchObject({ code: 400, msg });
      expect(res.headers['error-key']).toBe(key);
    }
  });

  it('never recognises a person of another tenant, whose kiosk keys never reach this tenant', async () => {
    // The bare test tenant has no dictionaries to pick a device type from: written as the owner.
    const deviceB = { id: nextId() };
    await sql`insert into wh_device (id, tenant_id, code, name, type)
      values (${deviceB.id}, ${TENANT_B}, 'B-1', 'Cabinet B', 'cabinet')`.execute(t.database.db);
    await enrol(t, 'Bob', await photos.otherWoman(), adminB);
    const keyB = await newKioskKey(t, deviceB.id, adminB);
    const kioskB = kioskApi(t, keyB);
    expect((await kioskB.recognise(await photos.manAgain())).json().msg).toMatch(/^Not recognised/);
    expect((await kioskB.recognise(await photos.otherWoman())).json().data.person.name).toBe('Bob');
    // B's key rewritten to name tenant A or A's device is no key at all.
    const secret = keyB.split('.')[2];
    for (const forged of [`000000.${deviceB.id}.${secret}`, `000000.${cabinet.id}.${secret}`]) {
      expect((await kioskApi(t, forged).allowance()).statusCode, forged).toBe(401);
    }
    // A ticket of A's kiosk is refused at B's, and still serves A's.
    const ticket = (await kiosk.recognise(await photos.manAgain())).json().data.ticket;
    expect((await kioskB.allowance(ticket)).json().msg).toBe(
      'The outbound ticket has expired or was already used: look at the camera again',
    );
    expect((await kioskB.save(ticket, [{ materialCodeId: '1', quantity: 1 }])).statusCode).toBe(400);
    expect((await kiosk.allowance(ticket)).json().data.personId).toBe(vlad);
  });

  it('refuses an expired ticket', async () => {
    const ticket = (await kiosk.recognise(await photos.manAgain())).json().data.ticket;
    expect((await kiosk.allowance(ticket)).statusCode).toBe(200);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 121_000);
    try {
      expect((await kiosk.allowance(ticket)).json().msg).toMatch(/^The outbound ticket has expired/);
    } finally {
      clock.mockRestore();
    }
  });

  it('limits each kiosk’s calls by its own key', async () => {
    const device = await api.device({ name: 'Busy kiosk' });
    const busy = kioskApi(t, await newKioskKey(t, device.id));
    const codes: number[] = [];
    await inOneWindow(perKiosk(60).windowMs);
    for (let i = 0; i < 61; i++) codes.push((await busy.allowance()).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 400)).toBe(true);
    expect(codes[60]).toBe(429);
    expect((await kiosk.allowance()).statusCode).toBe(400);
  });
});
