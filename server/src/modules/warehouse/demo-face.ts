import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'kysely';
import type { Platform } from '../../platform/register.ts';
import { newObjectKey } from '../../platform/storage/object-store.ts';
import { insertAttach } from '../resource/attach/repository.ts';
import { storesOf } from '../resource/index.ts';
import { FILE_DOMAIN } from '../resource/oss-endpoint/upload.ts';
import { singleFace } from './face/engine.ts';
import { descriptorValue } from './face/recognition.ts';

/** The demo person enrolled with a face: 张伟 (demo-data.ts), the holder of the widest warrant. */
export const DEMO_FACE_EMPLOYEE_NO = 'E1001';

/**
 * The demo's face photo: the man at his webcam among the sample pictures that ship in the face
 * models' package (@vladmandic/face-api, its demo folder), the console text under him left out.
 * Nothing is downloaded; the e2e kiosk's fake camera shows the same picture.
 */
export async function demoFacePhoto(): Promise<Buffer> {
  const folder = path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json'));
  const sample = readFileSync(path.join(folder, 'demo', 'screenshot-webcam.png'));
  // Loaded here, not at start: libvips is ~25 MiB resident, and this runs once per installation.
  const { default: sharp } = await import('sharp');
  return sharp(sample).extract({ left: 0, top: 0, width: 853, height: 1060 }).jpeg({ quality: 90 }).toBuffer();
}

/**
 * Enrols the demo person's face in the demo tenant, as the 人脸信息 screen would: the photo stored and
 * recorded as an attachment, its descriptor computed, so a demo kiosk recognises him. Runs once the
 * server is up (the face models take a while to load), once: a marker row in blade_setting records
 * it, so a photo the administrator removed later stays removed. Answers whether it enrolled.
 */
export async function enrolDemoFace(platform: Platform, tenantId: string): Promise<boolean> {
  const { rows: done } = await sql`select 1 from blade_setting where key = ${MARKER}`.execute(platform.db);
  if (done.length) return false;
  const enrolled = await enrol(platform, tenantId);
  await sql`insert into blade_setting (key, value) values (${MARKER}, now()::text)
    on conflict (key) do nothing`.execute(platform.db);
  return enrolled;
}

const MARKER = 'seed.demo-face';

async function enrol(platform: Platform, tenantId: string): Promise<boolean> {
  const person = await platform.tenantDb.inTenant(tenantId, async (trx) => {
    const { rows } = await sql<{ id: string; userId: string; deptId: string | null }>`
      select id, create_user as "userId", create_dept as "deptId" from wh_face_image
      where tenant_id = ${tenantId} and employee_no = ${DEMO_FACE_EMPLOYEE_NO} and is_deleted = 0
        and image_url is null`.execute(trx);
    return rows[0];
  });
  if (!person) return false;
  const photo = await demoFacePhoto();
  const descriptor = await singleFace(photo);
  const key = newObjectKey(tenantId, 'demo-face.jpg');
  // The tenant's enabled store, as an upload from the face-image screen would use.
  const { store, ossId } = await storesOf(platform).forUpload(tenantId);
  const { size } = await store.put(photo, key, 'image/jpeg');
  const link = `${FILE_DOMAIN}/${key}`;
  const caller = {
    tenantId,
    userId: String(person.userId),
    account: 'admin',
    roleIds: [],
    roleAliases: [],
    deptIds: person.deptId ? [String(person.deptId)] : [],
    postIds: [],
    clientId: 'saber',
  };
  await platform.tenantDb.inTenant(tenantId, async (trx) => {
    await insertAttach(trx, caller, {
      link,
      domain: FILE_DOMAIN,
      name: key,
      originalName: 'demo-face.jpg',
      extension: 'jpg',
      attachSize: size,
      ossId,
    });
    await sql`update wh_face_image set image_url = ${link}, descriptor = ${descriptorValue(descriptor)}
      where tenant_id = ${tenantId} and id = ${person.id}`.execute(trx);
  });
  return true;
}
