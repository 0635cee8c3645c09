import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readVerdicts, type Verdict } from '../bench/support/verdict.ts';
import { buildWebIfStale } from './builds.ts';
import { run } from './run.ts';

// `npm run bench`: every benchmark in bench/ in turn (see bench/README.md), on the embedded database
// and, when DATABASE_URL is set, on PostgreSQL too, then one table of every goal: measured, pass or
// FAIL. Not part of `npm test`. `npm run bench -- <name> ...` runs only those; `--record <file>`
// also writes the table, with the machine and its load, to that file (docs/benchmarks.md).
const BENCHES: [name: string, nodeFlags: string[]][] = [
  ['startup', []],
  ['tenant-transaction', []],
  ['bare-ratio', []],
  ['list-plans', []],
  ['exports', []],
  ['list-load', []],
  ['report-load', []],
  ['web-first-load', []],
  ['face-recognition', []],
  ['log-plans', []],
  ['tenant-move', []],
];
/** Benches that measure PostgreSQL only: left out, and said so, when DATABASE_URL is not set. */
const POSTGRES_ONLY = new Set(['log-plans', 'tenant-move']);

const args = process.argv.slice(2);
const recordAt = args.indexOf('--record');
const recordFile = recordAt >= 0 ? args[recordAt + 1] : undefined;
if (recordAt >= 0 && !recordFile) throw new Error('--record needs a file name');
const chosen = recordAt >= 0 ? args.filter((_, i) => i !== recordAt && i !== recordAt + 1) : args;
const unknown = chosen.filter((name) => !BENCHES.some(([known]) => known === name));
if (unknown.length) {
  console.error(`unknown bench: ${unknown.join(', ')} (known: ${BENCHES.map(([name]) => name).join(', ')})`);
  process.exit(2);
}

const verdicts = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cw-bench-')), 'verdicts.jsonl');
const loadBefore = os.loadavg();
const started = new Date();
const failed: string[] = [];
for (const [name, flags] of BENCHES) {
  if (chosen.length && !chosen.includes(name)) continue;
  if (POSTGRES_ONLY.has(name) && !process.env.DATABASE_URL) {
    console.log(`\n## bench/${name}.ts: PostgreSQL only, left out (DATABASE_URL is not set)`);
    continue;
  }
  if (name === 'web-first-load') buildWebIfStale();
  console.log(`\n## bench/${name}.ts\n`);
  if (run(process.execPath, [...flags, `bench/${name}.ts`], { BENCH_VERDICTS: verdicts }) !== 0) failed.push(name);
}

const table = report(readVerdicts(verdicts));
console.log(`\n${table}`);
if (recordFile) fs.writeFileSync(recordFile, table);
if (failed.length) console.log(`\nThese benches stopped with an error: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);

/** A Markdown table with its columns padded, as the formatter (biome) writes it, so a recorded file passes lint. */
function markdownTable(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(3, ...[h, ...rows.map((r) => r[i] ?? '')].map((c) => [...c].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c + ' '.repeat(widths[i]! - [...c].length)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

function report(rows: Verdict[]): string {
  const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' / ');
  const cpu = os.cpus();
  const cell = (s: string) => s.replaceAll('|', '\\|');
  const lines = [
    `# Bench run of ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
      `Node ${process.version}. Load average (1 / 5 / 15 min) before: ${load(loadBefore)}; after: ${load(os.loadavg())}.`,
    '',
    ...markdownTable(
      ['bench', 'what', 'where', 'goal', 'measured', 'pass'],
      rows.map((v) => [
        v.bench,
        cell(v.line),
        v.where,
        cell(v.goal),
        cell(v.measured),
        v.pass === null ? '' : v.pass ? 'pass' : '**FAIL**',
      ]),
    ),
    '',
    `${rows.filter((v) => v.pass === true).length} pass, ${rows.filter((v) => v.pass === false).length} fail.`,
    '',
  ];
  return lines.join('\n');
}
