import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { atMost } from './support/verdict.ts';

// The compressed JavaScript a browser fetches to show the login page, and the layout with the home
// page, read from the built client (web/dist, `npm run build` first) and its vite manifest: the
// entry with everything index.html preloads, plus each page's chunks with their static imports.
// A page counts every chunk it waits for before it can be used: the layout's route loads antd's
// providers, antd's locale and the screens' messages with it (router.tsx withAntd), and its child
// route (MenuRoute) the home page. What Root loads after the first paint (antd for the error
// messages' holder, feedback.ts) is not needed to use the login page: it is printed, not counted.
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
/** What router.tsx withAntd loads with every page but the login page (Chinese, the default language). */
const withAntd = [
  'src/app/antd/AntdProviders.tsx',
  '../node_modules/antd/es/locale/zh_CN.js',
  'src/app/screen-messages.ts',
];
const PAGES: { name: string; modules: string[]; goalKb: number }[] = [
  { name: 'login page', modules: login, goalKb: 150 },
  {
    name: 'layout with the home page',
    modules: [
      ...login,
      ...withAntd,
      'src/app/layout/MainLayout.tsx',
      'src/app/layout/MenuRoute.tsx',
      'src/pages/wel/WelcomePage.tsx',
    ],
    goalKb: 350,
  },
];

const kb = (n: number) => (n / 1000).toFixed(1);
const javascript = (files: Iterable<string>) => [...files].filter((f) => f.endsWith('.js'));
const sum = (files: string[]) =>
  files.map(sizes).reduce((a, s) => ({ raw: a.raw + s.raw, br: a.br + s.br, gzip: a.gzip + s.gzip }), {
    raw: 0,
    br: 0,
    gzip: 0,
  });
for (const page of PAGES) {
  const files = javascript(closure(page.modules));
  const total = sum(files);
  console.log(`${page.name}: ${files.length} files, gzip ${kb(total.gzip)} kB, uncompressed ${kb(total.raw)} kB`);
  atMost(`${page.name}, JavaScript as sent (brotli)`, '', total.br / 1000, page.goalKb, 'kB');
}
const first = closure(login);
const later = sum(javascript(closure(['src/app/antd/AntdProviders.tsx'])).filter((f) => !first.has(f)));
console.log(
  `login page, after the first paint (the error messages' holder): brotli ${kb(later.br)} kB, gzip ${kb(later.gzip)} kB, uncompressed ${kb(later.raw)} kB`,
);
