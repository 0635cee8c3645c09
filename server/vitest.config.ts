import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { DEFAULT_TIME_ZONE } from './src/platform/time/zone.ts';

// The tests read and write dates in the zone of the servers they test, the default one (not the machine's,
// UTC on CI): the workers and the servers the fault and two-instance suites start inherit both.
process.env.TIME_ZONE = DEFAULT_TIME_ZONE;
process.env.TZ = DEFAULT_TIME_ZONE;

// The API suites run on PGlite in memory, and again on PostgreSQL when TEST_DATABASE_URL is set;
// the two-instance suite needs PostgreSQL and Redis (TEST_REDIS_URL), the fault suite PostgreSQL.
const postgres = process.env.TEST_DATABASE_URL;
const redis = process.env.TEST_REDIS_URL;

function skipped(line: string): void {
  if (process.env.CI === 'true') throw new Error(`SKIPPED: ${line} (CI must run them)`);
  // Vitest reads this file once per project: say each once.
  const said = `CW_SAID_${line.length}`;
  if (!process.env[said]) console.warn(`\n*** SKIPPED: ${line} ***\n`);
  process.env[said] = '1';
}
if (!postgres) skipped('server suites on PostgreSQL. Set TEST_DATABASE_URL=postgres://user@host:5432/db to run them.');
// The fault suite stops a Redis: one of its own, started from the redis-server on the PATH.
const redisServer = spawnSync('redis-server', ['--version']).status === 0;
const faults = Boolean(postgres) && redisServer;
if (!faults) skipped('fault suite. Set TEST_DATABASE_URL and put redis-server on the PATH to run it.');
if (!postgres || !redis) {
  skipped('two-instance suite. Set TEST_DATABASE_URL and TEST_REDIS_URL=redis://127.0.0.1:6379 to run it.');
}

const project = (name: string, include: string, env: Record<string, string> = {}) => ({
  extends: true as const,
  test: { name, include: [include], env },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one on CI's two cores. The suites spend much of their
    // time waiting for PostgreSQL and the servers they start, so a second worker overlaps those waits.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Test files of one worker share its modules: each file re-imported the server's (and compiled PGlite's
    // WebAssembly) once more. pglite+fuzz took 9.4 min isolated, 3.8 min shared, with the same 1,200 passes.
    // Each file still builds its own server on its own database (support/test-app.ts).
    isolate: false,
    // each project on a database migrates one, which every test file's database copies
    globalSetup: ['test/support/migrated-once.ts'],
    projects: [
      project('unit', 'test/unit/**/*.test.ts'),
      project('pglite', 'test/api/**/*.test.ts', { TEST_DB: 'pglite' }),
      // The route fuzzer: on PGlite, and on PostgreSQL with its tenant in a second database (fewer cases a route).
      project('fuzz', 'test/fuzz/**/*.test.ts', { TEST_DB: 'pglite' }),
      ...(postgres ? [project('fuzz-postgres', 'test/fuzz/**/*.test.ts', { TEST_DB: 'postgres' })] : []),
      ...(postgres ? [project('postgres', 'test/api/**/*.test.ts', { TEST_DB: 'postgres' })] : []),
      ...(postgres && redis ? [project('instances', 'test/instances/**/*.test.ts', { TEST_DB: 'postgres' })] : []),
      // real server processes killed, databases cut off, a Redis of its own stopped (test/faults)
      ...(faults ? [project('faults', 'test/faults/**/*.test.ts', { TEST_DB: 'postgres' })] : []),
    ],
  },
});
