import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';

// The face models run here, in a worker thread: one recognition keeps a core busy for about a
// second, which must not stall every other request of the server. Models load once per worker,
// from the weights inside the npm package; the wasm binaries come from node_modules, never a CDN.

const require = createRequire(import.meta.url);
// face-api's Node build for the wasm backend requires these two itself: the same instances here.
const tf: typeof import('@tensorflow/tfjs') = require('@tensorflow/tfjs');
const wasm: typeof import('@tensorflow/tfjs-backend-wasm') = require('@tensorflow/tfjs-backend-wasm');
const faceapi: typeof import('@vladmandic/face-api/dist/face-api.node-wasm.js') = require('@vladmandic/face-api/dist/face-api.node-wasm.js');

/** A request of the engine: the image file's bytes. */
export interface FaceJob {
  id: number;
  image: Uint8Array;
}

/** The worker's answer: one 128-float descriptor per face found, or why there is none. */
export type FaceResult =
  | { id: number; faces: number[][]; ms: number }
  | { id: number; error: 'unreadable' | 'failed'; message: string }
  | { id: 0; loaded: number };

// Photos are scaled to fit this before detection: the detector works at 512 px and the recogniser
// on 150 px crops, so larger inputs cost time and give nothing.
const MAX_SIDE = 1024;

async function loadModels(): Promise<void> {
  const started = performance.now();
  wasm.setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`);
  await tf.setBackend('wasm');
  await tf.ready();
  const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
  parentPort?.postMessage({ id: 0, loaded: Math.round(performance.now() - started) } satisfies FaceResult);
}

async function decode(image: Uint8Array) {
  try {
    const { data, info } = await sharp(image, { limitInputPixels: 50_000_000 })
      .rotate() // as the camera held it (EXIF orientation)
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Through face-api's own handle on tfjs (the same module), so the tensor is of the type it takes.
    return faceapi.tf.tensor3d(new Uint8Array(data), [info.height, info.width, info.channels], 'int32');
  } catch {
    return null;
  }
}

async function describe(job: FaceJob): Promise<FaceResult> {
  const started = performance.now();
  const tensor = await decode(job.image);
  if (!tensor) return { id: job.id, error: 'unreadable', message: 'not an image' };
  try {
    const options = new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5, maxResults: 10 });
    const found = await faceapi.detectAllFaces(tensor, options).withFaceLandmarks().withFaceDescriptors();
    const faces = found.map((face) => Array.from(face.descriptor));
    return { id: job.id, faces, ms: Math.round(performance.now() - started) };
  } finally {
    tensor.dispose();
  }
}

const models = loadModels();
// A failed load is told to every job (as `failed`) rather than killing the worker.
models.catch(() => undefined);
// One image at a time: the work is all compute, and a queue keeps memory flat.
let queue: Promise<unknown> = models;
parentPort?.on('message', (job: FaceJob) => {
  queue = queue
    .then(() => describe(job))
    .catch((error: unknown) => ({ id: job.id, error: 'failed', message: String(error) }) satisfies FaceResult)
    .then((result) => parentPort?.postMessage(result));
});
