import fs from 'node:fs';
import path from 'node:path';
import { build } from 'rolldown';

// The server as a few modules in server/dist, made by Rolldown from the TypeScript sources (types erased,
// nothing renamed or minified: stack traces keep the functions' names). A warm start read ~1,180 files,
// ~870 of them ours, Kysely's and Zod's: ~1.2 s of a 2.75 s start went to loading modules (stop 42).
// Run by scripts/builds.ts: node scripts/bundle-server.ts

const server = path.resolve(import.meta.dirname, '..', 'server');
const src = path.join(server, 'src');
const out = path.join(server, 'dist');

/**
 * The packages bundled with the server's own code: pure JavaScript that every start loads, in many files.
 * fastify-type-provider-zod goes with Zod, which it must share (its schemas are checked with instanceof).
 * Every other package stays in node_modules, loaded by Node as before: those with native code or
 * WebAssembly, those that read files beside their modules (fonts, data, workers), and those some
 * calls load later. A new dependency is therefore never bundled unless it is named here.
 */
const BUNDLED_PACKAGES = ['kysely', 'zod', 'fastify-type-provider-zod', 'jsep'];

const isBundled = (id: string) =>
  id.startsWith('.') || path.isAbsolute(id) || BUNDLED_PACKAGES.some((p) => id === p || id.startsWith(`${p}/`));

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

fs.rmSync(out, { recursive: true, force: true });
await build({
  // the face worker is a thread started from its own file, beside main.js (face/engine.ts)
  input: { main: path.join(src, 'main.ts'), 'face-worker': path.join(src, 'modules/warehouse/face/face-worker.ts') },
  platform: 'node',
  external: (id) => !isBundled(id),
  logLevel: 'warn',
  output: {
    dir: out,
    format: 'esm',
    entryFileNames: '[name].js',
    // every module in one folder: what a module finds through import.meta.url is beside it
    chunkFileNames: '[name]-[hash].js',
  },
});

// Files that are not code (a process's BPMN) go beside the modules that read them through import.meta.url.
for (const file of listFiles(src).filter((f) => !f.endsWith('.ts'))) {
  const target = path.join(out, path.basename(file));
  if (fs.existsSync(target)) throw new Error(`two files of server/src are named ${path.basename(file)}`);
  fs.copyFileSync(file, target);
}
