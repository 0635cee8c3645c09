import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolDemoFace } from '../../src/modules/warehouse/index.ts';
import { DEMO_TENANT_ID } from '../../src/seed/demo-seed.ts';
import { seedPlatform } from '../../src/seed/platform-seed.ts';
import { photos } from '../support/faces.ts';
import { createCaller } from '../support/factories.ts';
import { kioskApi, newKioskKey } from '../support/kiosk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The demo tenant's kiosk can recognise someone out of the box: its 张伟 is enrolled with a face
// photo from the face models' package (the same man the e2e kiosk's camera shows).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedPlatform(t.database.db, 'admin-password', { demo: true });
});
afterAll(() => t.close());

describe('the demo face', () => {
  it('enrols 张伟 once, with his photo stored and recorded, and a demo kiosk recognises him', async () => {
    expect(await enrolDemoFace(t.app.platform, DEMO_TENANT_ID)).toBe(true);
    expect(await enrolDemoFace(t.app.platform, DEMO_TENANT_ID)).toBe(false);
    const { rows } = await sql<{ imageUrl: string; n: number; attach: string }>`
      select f.image_url as "imageUrl", cardinality(f.descriptor) as n,
             (select count(*) from blade_attach a where a.link = f.image_url)::text as attach
      from wh_face_image f where f.tenant_id = ${DEMO_TENANT_ID} and f.employee_no = 'E1001'`.execute(t.database.db);
    expect(rows[0]).toMatchObject({ n: 128, attach: '1' });
    const file = await t.app.inject({ url: rows[0]!.imageUrl });
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/jpeg']);

    const { rows: devices } = await sql<{ id: string }>`
      select id from wh_device where tenant_id = ${DEMO_TENANT_ID} order by id limit 1`.execute(t.database.db);
    const maker = await t.authFor(
      await createCaller(t.database.db, DEMO_TENANT_ID, 'kiosk-maker', ['device_kiosk_key']),
    );
    const key = await newKioskKey(t, devices[0]!.id, maker);
    const seen = await kioskApi(t, key).recognise(await photos.manAgain());
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.person).toMatchObject({ name: '张伟', employeeNo: 'E1001' });
  });
});
