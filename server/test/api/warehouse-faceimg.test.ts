import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, uploadPhoto } from '../support/faces.ts';
import { createCaller, createTenant } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Json, warehouseApi } from '../support/warehouse.ts';

// The face models load once for this file (the first submit waits for them).
let t: TestApp;
let api: ReturnType<typeof warehouseApi>;
const en = () => ({ ...t.auth(), 'accept-language': 'en-US' });
const URL = '/api/warehouse/faceimg';

const descriptorOf = async (id: unknown) =>
  (
    await sql<{ d: number[] | null }>`select descriptor as d from wh_face_image where id = ${String(id)}`.execute(
      t.database.db,
    )
  ).rows[0]?.d ?? null;
const persons = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from wh_face_image`.execute(t.database.db)).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  api = warehouseApi(t);
});
afterAll(() => t.close());

describe('POST /api/warehouse/faceimg/submit', () => {
  it('stores the person with the descriptor of the one face in the photo, and never answers it', async () => {
    const imageUrl = await uploadPhoto(t, await photos.man());
    const res = await api.post(`${URL}/submit`, { name: 'Vlad', employeeNo: 'E-1', imageUrl });
    expect(res.statusCode, res.body).toBe(200);
    const person = res.json().data as Json;
    expect(person).toMatchObject({ name: 'Vlad', employeeNo: 'E-1', imageUrl });
    const descriptor = await descriptorOf(person.id);
    expect(descriptor).toHaveLength(128);
    expect(descriptor!.every((x) => typeof x === 'number' && Number.isFinite(x))).toBe(true);
    for (const url of [`${URL}/detail?id=${person.id}`, `${URL}/list`, `${URL}/page?name=Vlad`]) {
      const answer = await api.get(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.body, url).toContain('Vlad');
      expect(answer.body, url).not.toContain('descriptor');
    }
    expect(res.body).not.toContain('descriptor');
  });

  it('refuses a photo with no face, with several faces, or that is no image, writing nothing', async () => {
    const before = await persons();
    const cases: [Buffer, string][] = [
      [await photos.noFace(), 'No face was found in the photo: face the camera in good light and try again'],
      [await photos.group(), 'The photo shows 3 faces: one person at a time'],
      [Buffer.from('name,qty\ngloves,3\n'), 'The file is not an image that can be read: use a JPEG or PNG photo'],
    ];
    for (const [bytes, msg] of cases) {
      const imageUrl = await uploadPhoto(t, bytes);
      const res = await api.call('POST', `${URL}/submit`, { name: 'Nobody', imageUrl }, en());
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect(await persons()).toBe(before);
  });

  it('reads the photo only from the tenant’s own stored files, never from a URL', async () => {
    await createTenant(t.database.db, '610610');
    const other = await t.authFor(await createCaller(t.database.db, '610610', 'b-face', ['faceimg_add']));
    const theirs = await uploadPhoto(t, await photos.woman(), other);
    const mine = await uploadPhoto(t, await photos.woman());
    const before = await persons();
    for (const imageUrl of [
      theirs,
      'http://127.0.0.1:9/api/blade-resource/oss/endpoint/file/000000/photo.jpg',
      `${mine}/../../000000/x.jpg`,
      '/etc/passwd',
    ]) {
      const res = await api.call('POST', `${URL}/submit`, { name: 'Nobody', imageUrl }, en());
      expect(res.json().msg, imageUrl).toBe('The photo link is not a file uploaded here: upload the photo first');
    }
    const gone = mine.replace(/[0-9a-f]{32}/, '0'.repeat(32));
    const res = await api.call('POST', `${URL}/submit`, { name: 'Nobody', imageUrl: gone }, en());
    expect(res.json().msg).toBe('The photo file no longer exists: upload it again');
    expect(await persons()).toBe(before);
    // An absolute link to this server's own file is read back from storage like the relative one.
    const absolute = await api.post(`${URL}/submit`, { name: 'Ann', imageUrl: `http://kiosk.example${mine}` });
    expect(absolute.statusCode, absolute.body).toBe(200);
  });

  it('recomputes the descriptor only when the photo changes, and clears it with the photo', async () => {
    const first = await uploadPhoto(t, await photos.woman());
    const person = (await api.post(`${URL}/submit`, { name: 'Lily', imageUrl: first })).json().data as Json;
    const was = await descriptorOf(person.id);
    // Same photo with other fields: nothing to compute (a no-face photo would fail if it were read).
    await sql`update wh_face_image set descriptor = '{1}'::real[] where id = ${String(person.id)}`.execute(
      t.database.db,
    );
    expect((await api.post(`${URL}/submit`, { id: person.id, phone: '123', imageUrl: first })).statusCode).toBe(200);
    expect(await descriptorOf(person.id)).toEqual([1]);
    const second = await uploadPhoto(t, await photos.otherWoman());
    expect((await api.post(`${URL}/submit`, { id: person.id, imageUrl: second })).statusCode).toBe(200);
    const now = await descriptorOf(person.id);
    expect(now).toHaveLength(128);
    expect(now).not.toEqual(was);
    expect((await api.post(`${URL}/submit`, { id: person.id, imageUrl: '' })).statusCode).toBe(200);
    expect(await descriptorOf(person.id)).toBeNull();
  });

  it('removes a person (soft delete)', async () => {
    const person = (await api.post(`${URL}/submit`, { name: 'Temp' })).json().data as Json;
    expect((await api.post(`${URL}/remove?ids=${person.id}`)).statusCode).toBe(200);
    expect((await api.get(`${URL}/detail?id=${person.id}`)).statusCode).toBe(404);
  });
});
