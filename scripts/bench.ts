import { run } from './run.ts';
import { buildWebIfStale } from './web-build.ts';

// `npm run bench`: every benchmark in bench/ in turn (see bench/README.md), on the embedded database
// and, when DATABASE_URL is set, on PostgreSQL too. Not part of `npm test`: figures, not verdicts.
// `npm run bench -- <name> ...` runs only those (e.g. `npm run bench -- list-plans web-first-load`).
const BENCHES: [name: string, nodeFlags: string[]][] = [
  ['startup', []],
  ['tenant-transaction', []],
  ['list-plans', []],
  ['refuel-export', ['--expose-gc']],
  ['web-first-load', []],
  ['face-recognition', []],
];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !BENCHES.some(([known]) => known === name));
if (unknown.length) {
  console.error(`unknown bench: ${unknown.join(', ')} (known: ${BENCHES.map(([name]) => name).join(', ')})`);
  process.exit(2);
}

const failed: string[] = [];
for (const [name, flags] of BENCHES) {
  if (chosen.length && !chosen.includes(name)) continue;
  if (name === 'web-first-load') buildWebIfStale();
  console.log(`\n## bench/${name}.ts\n`);
  if (run(process.execPath, [...flags, `bench/${name}.ts`]) !== 0) failed.push(name);
}
if (failed.length) console.log(`\nThese benches stopped with an error: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
