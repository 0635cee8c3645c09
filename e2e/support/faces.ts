import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

// Faces for the kiosk tests, from the sample pictures that ship in @vladmandic/face-api (its demo
// folder), as the server's face tests use them.

const demo = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);
const sample = (name: string) => readFileSync(path.join(demo, name));

export const faces = {
  /** One man at his webcam: the person enrolled, and the one the fake camera shows. */
  man: () =>
    sharp(sample('screenshot-webcam.png')).extract({ left: 0, top: 0, width: 853, height: 1060 }).png().toBuffer(),
  /** A woman nobody enrolled. */
  stranger: () =>
    sharp(sample('sample3.jpg')).extract({ left: 1000, top: 120, width: 380, height: 480 }).jpeg().toBuffer(),
  /** Three people. */
  group: () => sample('sample1.jpg'),
};

/** The video file Chromium's fake camera plays (`--use-file-for-fake-video-capture`); written by global setup. */
export const FAKE_CAMERA_FILE = path.join(os.tmpdir(), `cw-e2e-camera-${process.env.E2E_PORT ?? 18431}.y4m`);

/**
 * Writes a picture as a one-frame Y4M video (4:2:0, BT.601 studio range), which the fake camera
 * shows over and over. Chromium reads Y4M and MJPEG; Y4M needs no encoder.
 */
export async function writeFakeCamera(picture: Buffer, file = FAKE_CAMERA_FILE, width = 640): Promise<void> {
  const meta = await sharp(picture).metadata();
  const height = Math.round((width * (meta.height ?? width)) / (meta.width ?? width) / 2) * 2;
  const { data } = await sharp(picture)
    .resize({ width, height, fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc(u.length);
  const at = (px: number, py: number) => {
    const i = (py * width + px) * 3;
    return [data[i]! / 255, data[i + 1]! / 255, data[i + 2]! / 255] as const;
  };
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const [r, g, b] = at(px, py);
      y[py * width + px] = Math.round(16 + 65.481 * r + 128.553 * g + 24.966 * b);
    }
  }
  for (let cy = 0; cy < height / 2; cy++) {
    for (let cx = 0; cx < width / 2; cx++) {
      let cb = 0;
      let cr = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const [r, g, b] = at(cx * 2 + dx, cy * 2 + dy);
        cb += 128 - 37.797 * r - 74.203 * g + 112 * b;
        cr += 128 + 112 * r - 93.786 * g - 18.214 * b;
      }
      u[cy * (width / 2) + cx] = Math.round(cb / 4);
      v[cy * (width / 2) + cx] = Math.round(cr / 4);
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  writeFileSync(file, Buffer.concat([header, y, u, v]));
}
