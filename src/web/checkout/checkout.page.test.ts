import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../../../test/helpers/browser.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';

// A mock checkout completed from its page in Chromium, and the balance grows.

let ctx: TestContext;
let browser: Browser;
let base: string;
let cookie: string;

beforeAll(async () => {
  if (!browserAvailable) return;
  ctx = await createTestApp();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'shop');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await ctx?.close();
});

const balance = async () => (await ctx.app.inject({ url: '/api/v1/workspaces/shop/credits/balance', headers: { cookie } })).json().postedMicrousd as number;

describe.runIf(browserAvailable)('mock checkout page in Chromium', () => {
  it('Pay completes the checkout and the balance grows by the amount', async () => {
    const before = await balance();
    const { url } = (await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/shop/billing/checkout', headers: { cookie }, payload: { amountMicrousd: 25_000_000 } })).json();
    const page = await browser.newPage();
    await page.goto(url.replace('http://127.0.0.1:3000', base));
    expect(await page.textContent('.amount')).toBe('$25.00');
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/mock-checkout.png` });
    await page.click('#pay');
    await page.waitForSelector('#result');
    expect(await page.textContent('#result')).toBe('Payment received');
    expect(await page.textContent('#webhook-status')).toBe('fulfilled');
    expect(await balance()).toBe(before + 25_000_000);
    const receipts = (await ctx.app.inject({ url: '/api/v1/workspaces/shop/billing/status', headers: { cookie } })).json().receipts;
    expect(receipts[0]).toMatchObject({ amountMicrousd: 25_000_000, status: 'succeeded' });
    await page.close();
  });
});
