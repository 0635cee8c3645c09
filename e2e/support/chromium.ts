import fs from 'node:fs';

/** Debian's Chromium: the only browser these tests use (never one downloaded by a test tool). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);
export const SKIP_LINE = `SKIPPED: browser tests. Install Debian's chromium and fonts-wqy-zenhei (apt-get install chromium fonts-wqy-zenhei) or set CHROMIUM_PATH.`;
