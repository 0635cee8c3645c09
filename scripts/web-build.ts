import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { run } from './run.ts';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'web');
const stampFile = path.join(web, 'dist', '.source-hash');

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** A hash of everything the web build is made from (sources, build plugins, page, config, dependencies). */
function sourceHash(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...listFiles(path.join(web, 'src')),
    ...listFiles(path.join(web, 'build')),
    ...['index.html', 'vite.config.ts', 'package.json'].map((f) => path.join(web, f)),
    path.join(root, 'package-lock.json'),
  ].sort();
  for (const file of inputs) hash.update(path.relative(root, file)).update(fs.readFileSync(file));
  return hash.digest('hex');
}

/** Builds the web client unless the last build was made from the same sources. */
export function buildWebIfStale(): void {
  const wanted = sourceHash();
  const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
  if (built === wanted && fs.existsSync(path.join(web, 'dist', 'index.html'))) return;
  console.log('Building the web client...');
  const code = run('npm', ['run', 'build', '--workspace', 'web']);
  if (code !== 0) process.exit(code);
  fs.writeFileSync(stampFile, wanted);
}
