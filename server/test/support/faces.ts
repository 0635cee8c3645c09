import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { form } from './multipart.ts';
import type { TestApp } from './test-app.ts';

// Photos for the face tests, read from the sample images that ship in @vladmandic/face-api (see
// its demo folder) at test time. The package has no second photo of any one person, so "the same
// person again" is a second picture made from the first: mirrored, cropped and scaled otherwise,
// brighter, and saved again as a lossy JPEG.

const demo = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);
const sample = (name: string) => readFileSync(path.join(demo, name));

type Box = { left: number; top: number; width: number; height: number };
const crop = (name: string, box: Box) => sharp(sample(name)).extract(box).jpeg({ quality: 90 }).toBuffer();

export const photos = {
  /** One man at his webcam (the console text under the picture left out). */
  man: () =>
    sharp(sample('screenshot-webcam.png')).extract({ left: 0, top: 0, width: 853, height: 1060 }).png().toBuffer(),
  /** The same man in a second picture. */
  manAgain: () =>
    sharp(sample('screenshot-webcam.png'))
      .extract({ left: 150, top: 60, width: 620, height: 760 })
      .flop()
      .resize({ width: 420 })
      .modulate({ brightness: 1.15 })
      .jpeg({ quality: 60 })
      .toBuffer(),
  /** One woman, cut out of a group photo. */
  woman: () => crop('sample1.jpg', { left: 340, top: 260, width: 330, height: 420 }),
  /** Another woman, from another group photo. */
  otherWoman: () => crop('sample3.jpg', { left: 1000, top: 120, width: 380, height: 480 }),
  /** Three people. */
  group: () => Promise.resolve(sample('sample1.jpg')),
  /** A plain grey picture: no face at all. */
  noFace: () =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 128, g: 128, b: 128 } } })
      .png()
      .toBuffer(),
};

/** Uploads a photo through put-file as the given user and answers its link. */
export async function uploadPhoto(t: TestApp, bytes: Buffer, headers = t.auth(), name = 'photo.jpg'): Promise<string> {
  const body = await form({ file: { bytes: new Uint8Array(bytes), name, type: 'image/jpeg' } });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-resource/oss/endpoint/put-file',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return res.json().data.link;
}
