import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The compressed JavaScript a browser fetches to show the login page, and the layout with the home
// page, read from the built client (web/dist, `npm run build` first) and its vite manifest: the
// entry with everything index.html preloads, plus each page's chunk with its static imports.
// Run: node bench/web-first-load.ts
const dist = path.resolve(import.meta.dirname, '..', 'web', 'dist');
type Chunk = { file: string; imports?: string[]; css?: string[] };
const manifest: Record<string, Chunk> = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The chunks a module's chunk needs before it runs: itself and its static imports, transitively. */
function closure(keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build: is it still loaded on its own?`);
    if (into.has(chunk.file)) continue;
    into.add(chunk.file);
    closure(chunk.imports ?? [], into);
  }
  return into;
}

/** The bytes of a built file as sent: the precompressed sibling when there is one. */
function sizes(file: string): { raw: number; br: number; gzip: number } {
  const full = path.join(dist, file);
  const data = fs.readFileSync(full);
  const sibling = (ext: string, make: () => Buffer) =>
    fs.existsSync(full + ext) ? fs.statSync(full + ext).size : make().length;
  return {
    raw: data.length,
    br: sibling('.br', () =>
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    ),
    gzip: sibling('.gz', () => gzipSync(data, { level: 9 })),
  };
}

const login = ['index.html'];
const PAGES: { name: string; modules: string[]; goalKb: number }[] = [
  { name: 'login page', modules: login, goalKb: 150 },
  {
    name: 'layout with the home page',
    modules: [...login, 'src/app/layout/MainLayout.tsx', 'src/pages/wel/WelcomePage.tsx'],
    goalKb: 350,
  },
];

const kb = (n: number) => (n / 1000).toFixed(1);
console.log('page | goal (brotli JS) | measured brotli | gzip | uncompressed | files | pass');
for (const page of PAGES) {
  const files = [...closure(page.modules)].filter((f) => f.endsWith('.js'));
  const total = files.map(sizes).reduce((a, s) => ({ raw: a.raw + s.raw, br: a.br + s.br, gzip: a.gzip + s.gzip }));
  const pass = total.br <= page.goalKb * 1000;
  console.log(
    `${page.name} | ≤ ${page.goalKb} kB | ${kb(total.br)} kB | ${kb(total.gzip)} kB | ${kb(total.raw)} kB | ${files.length} | ${pass ? 'pass' : 'FAIL'}`,
  );
}
