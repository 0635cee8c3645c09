import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServerIfStale, buildWebIfStale } from './builds.ts';
import { run } from './run.ts';

// `npm test`: every suite, in order, then one closing line with the counts of all of them.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-test-'));
const vitestReport = (name: string) => path.join(reports, `${name}.json`);

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
const failedSuites: string[] = [];

function readVitest(file: string): Counts {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

function readPlaywright(file: string): Counts {
  const s = JSON.parse(fs.readFileSync(file, 'utf8')).stats;
  return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
}

function suite(name: string, code: number, reportFile: string, read: (file: string) => Counts) {
  const counts = fs.existsSync(reportFile) ? read(reportFile) : { passed: 0, failed: 1, skipped: 0 };
  if (code !== 0 && counts.failed === 0) counts.failed = 1; // it failed before running tests
  if (code !== 0) failedSuites.push(name);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
}

for (const workspace of ['server', 'web']) {
  const file = vitestReport(workspace);
  const code = run('npm', [
    'test',
    '--workspace',
    workspace,
    '--',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  suite(workspace, code, file, readVitest);
}

// the browser tests run the server as `npm start` does, from its build
buildWebIfStale();
buildServerIfStale();
const e2eReport = path.join(reports, 'e2e.json');
const e2eCode = run('npm', ['test', '--workspace', 'e2e', '--', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
});
suite('e2e', e2eCode, e2eReport, readPlaywright);

if (failedSuites.length) console.log(`\nFailed suites: ${failedSuites.join(', ')}`);
console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSuites.length ? 1 : 0);
