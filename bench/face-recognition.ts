// Face recognition on the tfjs wasm backend (the server's face worker): how long the worker takes
// to start and load its models, and each image's time (decode, detect, landmarks, descriptor).
// The images are the samples shipped in @vladmandic/face-api. Usage: npx node bench/face-recognition.ts [rounds]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { faceEngine } from '../server/src/modules/warehouse/face/engine.ts';

const rounds = Number(process.argv[2] ?? 3);
const demo = path.join(
  path.dirname(
    createRequire(path.join(import.meta.dirname, '../server/package.json')).resolve(
      '@vladmandic/face-api/package.json',
    ),
  ),
  'demo',
);
const images = ['screenshot-webcam.png', 'sample1.jpg', 'sample3.jpg', 'facemesh.png'];

const started = performance.now();
const modelsMs = await faceEngine.modelsLoaded();
console.log(
  `worker up with models: ${Math.round(performance.now() - started)} ms (model load in the worker: ${modelsMs} ms)`,
);

const first = performance.now();
await faceEngine.describe(readFileSync(path.join(demo, images[0]!)));
console.log(`first image (warm-up of the backend): ${Math.round(performance.now() - first)} ms`);

for (const name of images) {
  const bytes = readFileSync(path.join(demo, name));
  const times: number[] = [];
  let faces = 0;
  for (let i = 0; i < rounds; i++) {
    const at = performance.now();
    faces = (await faceEngine.describe(bytes)).length;
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`${name.padEnd(24)} ${faces} face(s)  median ${Math.round(median)} ms  min ${Math.round(times[0]!)} ms`);
}
await faceEngine.close();
