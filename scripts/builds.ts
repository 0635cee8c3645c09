import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { run } from './run.ts';

// The two builds of the product, each skipped when its output was made from the same inputs: the web
// client (Vite, into web/dist) and the server (bundled as JavaScript into server/dist by
// scripts/bundle-server.ts, so that production starts without Node's type stripper and reads a few
// files, not hundreds).

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'web');
const server = path.join(root, 'server');
/** What `npm start` runs, and what the browser tests and the bench start. */
export const SERVER_ENTRY = path.join(server, 'dist', 'main.js');

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

interface Build {
  name: string;
  /** Files and folders the output is made from. */
  inputs: string[];
  outDir: string;
  /** A file the finished output always holds. */
  output: string;
  build(): number;
}

/** A hash of everything a build is made from (and the lock file: its dependencies). */
function sourceHash(build: Build): string {
  const hash = createHash('sha256');
  const files = [...build.inputs, path.join(root, 'package-lock.json')]
    .flatMap((p) => (fs.statSync(p).isDirectory() ? listFiles(p) : [p]))
    .sort();
  for (const file of files) hash.update(path.relative(root, file)).update(fs.readFileSync(file));
  return hash.digest('hex');
}

const stampOf = (build: Build) => path.join(build.outDir, '.source-hash');

/** Builds, and stamps the output with the hash of its inputs (read first: what it was made from). */
function buildNow(build: Build, wanted = sourceHash(build)): void {
  console.log(`Building the ${build.name}...`);
  const code = build.build();
  if (code !== 0) process.exit(code);
  fs.writeFileSync(stampOf(build), wanted);
}

function buildIfStale(build: Build): void {
  const wanted = sourceHash(build);
  const built = fs.existsSync(stampOf(build)) ? fs.readFileSync(stampOf(build), 'utf8') : '';
  if (built !== wanted || !fs.existsSync(build.output)) buildNow(build, wanted);
}

const webBuild: Build = {
  name: 'web client',
  inputs: [
    path.join(web, 'src'),
    path.join(web, 'build'),
    ...['index.html', 'vite.config.ts', 'package.json'].map((f) => path.join(web, f)),
  ],
  outDir: path.join(web, 'dist'),
  output: path.join(web, 'dist', 'index.html'),
  // from the root, whoever calls (the browser tests' server starts in e2e/)
  build: () => run('npm', ['run', 'build', '--workspace', 'web'], {}, root),
};

const serverBuild: Build = {
  name: 'server',
  inputs: [path.join(server, 'src'), path.join(root, 'scripts', 'bundle-server.ts')],
  outDir: path.join(server, 'dist'),
  output: SERVER_ENTRY,
  build: buildServer,
};

/** Bundles the server into a new server/dist (scripts/bundle-server.ts), with the Node that runs this. */
function buildServer(): number {
  return run(process.execPath, [path.join(root, 'scripts', 'bundle-server.ts')], {}, root);
}

/** `npm run build`: both, whatever their stamps say, stamped so that `npm start` does not build them again. */
export function buildAll(): void {
  buildNow(webBuild);
  buildNow(serverBuild);
}

/** Builds the web client unless the last build was made from the same sources. */
export const buildWebIfStale = () => buildIfStale(webBuild);
/** Builds the server unless the last build was made from the same sources. */
export const buildServerIfStale = () => buildIfStale(serverBuild);
