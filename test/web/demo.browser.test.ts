import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestContext } from '../helpers/app.ts';

// The demo in one click, in Chromium: a new person's empty agency page offers it; the button
// makes it and opens the workspace, whose overview draws its 90 days, labelled simulated.

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-artifacts';
let ctx: TestContext;
let browser: Browser;
let page: Page;
let base: string;
const problems: string[] = [];

beforeAll(async () => {
  if (!browserAvailable) return;
  mkdirSync(SHOTS, { recursive: true });
  ctx = await createTestApp();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
}, 120_000);
// A failed step leaves a picture of where it stood.
afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await page?.screenshot({ path: `${SHOTS}/demo-failed.png`, fullPage: true }).catch(() => {});
});
afterAll(async () => {
  await browser?.close();
  await ctx?.close();
});

describe.runIf(browserAvailable)('the demo from the empty agency page', () => {
  it('one click makes the demo and opens it', async () => {
    await page.goto(`${base}/signup`);
    await page.getByLabel('Email').fill('new@demo.example');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('No workspace yet').waitFor();
    await page.getByRole('button', { name: 'Try a demo with 90 days of history' }).click();
    await page.waitForURL(/\/w\/brewline-demo-[a-z0-9]{5}$/, { timeout: 120_000 });
    await page.getByText(/simulated/i).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/demo-overview.png`, fullPage: true });
    expect(problems).toEqual([]);
  }, 180_000);
});
