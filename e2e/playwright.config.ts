import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, hasChromium, SKIP_LINE } from './support/chromium.ts';

if (!hasChromium) {
  if (process.env.CI === 'true') throw new Error(`${SKIP_LINE} (CI must run them)`);
  console.warn(`\n*** ${SKIP_LINE} ***\n`);
}

const port = Number(process.env.E2E_PORT ?? 18431);
const baseURL = `http://127.0.0.1:${port}`;

/** The production build served by the real server on a fresh embedded database. */
export default defineConfig({
  testDir: 'tests',
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI === 'true' ? 'list' : 'line',
  use: {
    baseURL,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      // Without these, Chromium keeps calling home, which this closed network refuses.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node ../server/src/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(os.tmpdir(), `cw-e2e-${process.pid}`),
      ADMIN_PASSWORD: 'e2e-admin-password',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  },
});
