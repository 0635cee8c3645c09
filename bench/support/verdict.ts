import fs from 'node:fs';
import path from 'node:path';

/**
 * One line of the bench table: what was measured against which goal. A bench prints it and, under
 * `npm run bench`, appends it to the file named by BENCH_VERDICTS, from which the runner prints the
 * one table of every bench (scripts/bench.ts).
 */
export interface Verdict {
  /** The bench that measured it (its file name without .ts). */
  bench: string;
  /** What was measured, as the issue names it ("movement list, page 1, -c10 p95"). */
  line: string;
  /** `PGlite 100k`, `PostgreSQL 1M`, or empty when no database is involved. */
  where: string;
  goal: string;
  measured: string;
  /** null: a figure with no goal of its own (shown for reference). */
  pass: boolean | null;
}

const benchName = () => path.basename(process.argv[1] ?? 'bench', '.ts');

export function verdict(v: Omit<Verdict, 'bench'>): void {
  const full: Verdict = { bench: benchName(), ...v };
  const mark = full.pass === null ? '' : full.pass ? ' pass' : ' FAIL';
  console.log(`${full.line}${full.where ? ` [${full.where}]` : ''}: ${full.measured} (goal ${full.goal})${mark}`);
  const file = process.env.BENCH_VERDICTS;
  if (file) fs.appendFileSync(file, `${JSON.stringify(full)}\n`);
}

/** A figure that must stay at or under its goal, e.g. `atMost('…', 'PGlite 100k', 12.3, 50, 'ms')`. */
export function atMost(line: string, where: string, measured: number, goal: number, unit: string, digits = 1): void {
  verdict({
    line,
    where,
    goal: `≤ ${goal} ${unit}`,
    measured: `${measured.toFixed(digits)} ${unit}`,
    pass: measured <= goal,
  });
}

/** A figure that must reach its goal, e.g. a throughput ratio. */
export function atLeast(line: string, where: string, measured: number, goal: number, unit: string, digits = 2): void {
  const u = unit ? ` ${unit}` : '';
  verdict({ line, where, goal: `≥ ${goal}${u}`, measured: `${measured.toFixed(digits)}${u}`, pass: measured >= goal });
}

/** Reads what the benches of one run recorded. */
export function readVerdicts(file: string): Verdict[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Verdict);
}
