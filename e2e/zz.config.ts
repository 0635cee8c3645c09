import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: '/work/wt-flow-web/e2e/tests',
  testMatch: process.env.ZZ_MATCH ? new RegExp(process.env.ZZ_MATCH) : /zz-.*\.spec\.ts/,
  workers: 1,
  use: {
    baseURL: 'http://127.0.0.1:18531',
    locale: 'zh-CN',
    launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] },
  },
});
