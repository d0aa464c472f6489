import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// Debian's Chromium drives the page tests. Where it is not installed the tests are skipped,
// unless REQUIRE_BROWSER is set (CI sets it after installing chromium), where they then fail.
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const browserAvailable = existsSync(CHROME_PATH) || Boolean(process.env.REQUIRE_BROWSER);

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return process.env.GEO_CLOCK_OFFSET_MS ? withShiftedPageClock(browser) : browser;
}

/**
 * CI's date sweep moves every Node process's clock (.ci/shifted-clock.mjs); the pages must read
 * the same day, or a page that asks for "the last 7 days" would ask the server for days months
 * away from its data. Each context's pages start their clock at this process's (shifted) now,
 * running on from there, timers included (Playwright's clock).
 */
function withShiftedPageClock(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.clock.install({ time: Date.now() });
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once('close', () => void context.close());
    return page;
  };
  return browser;
}
