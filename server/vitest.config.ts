import { defineConfig } from 'vitest/config';

// The API suites run on PGlite in memory, and again on PostgreSQL when TEST_DATABASE_URL is set.
const postgres = process.env.TEST_DATABASE_URL;
if (!postgres) {
  const line = 'SKIPPED: server suites on PostgreSQL. Set TEST_DATABASE_URL=postgres://user@host:5432/db to run them.';
  if (process.env.CI === 'true') throw new Error(`${line} (CI must run them)`);
  // Vitest reads this file once per project: say it once.
  if (!process.env.CW_POSTGRES_SKIP_SAID) console.warn(`\n*** ${line} ***\n`);
  process.env.CW_POSTGRES_SKIP_SAID = '1';
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'pglite', include: ['test/api/**/*.test.ts'], env: { TEST_DB: 'pglite' } } },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: { name: 'postgres', include: ['test/api/**/*.test.ts'], env: { TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
