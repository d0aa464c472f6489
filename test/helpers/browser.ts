import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// Debian's Chromium drives the page tests. Where it is not installed the tests are skipped,
// unless REQUIRE_BROWSER is set (CI sets it after installing chromium), where they then fail.
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const browserAvailable = existsSync(CHROME_PATH) || Boolean(process.env.REQUIRE_BROWSER);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
