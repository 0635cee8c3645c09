import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { badRequest } from '../../../platform/http/errors.ts';
import type { FaceJob, FaceResult } from './face-worker.ts';
import { faceMessages as m } from './messages.ts';

/** A face's descriptor: 128 floats; two photos of one person lie close (Euclidean distance). */
export type Descriptor = number[];

type Pending = { resolve: (faces: Descriptor[]) => void; reject: (error: unknown) => void };

/**
 * The face models, in one worker thread per process, started by the first call (which waits for the
 * models to load) and kept for the process's life. A worker that dies fails its pending calls and
 * is started again by the next one.
 */
class FaceEngine {
  private worker: Worker | null = null;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private loaded: Promise<number> | null = null;
  private onLoaded: ((ms: number) => void) | null = null;

  private start(): Worker {
    // beside this file: .ts when run from the sources, .js when run from the build
    const worker = new Worker(new URL(`./face-worker${path.extname(import.meta.filename)}`, import.meta.url));
    worker.unref(); // never what keeps a process alive
    this.loaded = new Promise((resolve) => {
      this.onLoaded = resolve;
    });
    worker.on('message', (result: FaceResult) => {
      if ('loaded' in result) return this.onLoaded?.(result.loaded);
      const call = this.pending.get(result.id);
      this.pending.delete(result.id);
      if (!call) return;
      if ('faces' in result) call.resolve(result.faces);
      else if (result.error === 'unreadable') call.reject(badRequest(m['warehouse.face.unreadable']));
      else call.reject(new Error(`face recognition failed: ${result.message}`));
    });
    const fail = (error: unknown) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`face worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  /** The descriptor of every face in an image file (JPEG, PNG, WebP...). */
  describe(image: Buffer): Promise<Descriptor[]> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    const copy = new Uint8Array(image); // its own buffer, handed over to the worker
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, image: copy } satisfies FaceJob, [copy.buffer]);
    });
  }

  /** Starts the worker if needed and answers how long its models took to load, in ms. */
  modelsLoaded(): Promise<number> {
    if (!this.worker) this.start();
    return this.loaded!;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

/** The process's one engine. */
export const faceEngine = new FaceEngine();

/**
 * The descriptor of the one face in a photo; no face, several faces or an unreadable file is
 * refused with a message that says what to do.
 */
export async function singleFace(image: Buffer): Promise<Descriptor> {
  const faces = await faceEngine.describe(image);
  if (faces.length === 0) throw badRequest(m['warehouse.face.none']);
  if (faces.length > 1) throw badRequest(m['warehouse.face.several'], { count: faces.length });
  return faces[0]!;
}
