import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../../../test/helpers/browser.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';

// The device flow end to end in a real browser: a CLI starts it over HTTP, a person signs in on
// /device, checks the code, approves; the CLI's next poll receives a working key.

let ctx: TestContext;
let browser: Browser;
let base: string;

beforeAll(async () => {
  if (!browserAvailable) return;
  ctx = await createTestApp();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  const { cookie } = await signup(ctx.app, 'approver@example.com');
  await createWorkspace(ctx.app, cookie, 'browser-ws', { displayName: 'Browser Brand' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await ctx?.close();
});

const startDevice = async (scopes: string[]) => {
  const res = await fetch(`${base}/api/v1/device-authorizations`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientName: 'geo-cli on laptop', workspace: 'browser-ws', scopes }),
  });
  return res.json() as Promise<{ deviceCode: string; userCode: string; verificationUriComplete: string }>;
};
const poll = (deviceCode: string) => fetch(`${base}/api/v1/device-authorizations/${deviceCode}/token`, { method: 'POST' });

describe.runIf(browserAvailable)('device approval page in Chromium', () => {
  it('signs in, shows the client and scopes, approves with a narrowed scope, and the CLI gets its key', async () => {
    const { deviceCode, userCode, verificationUriComplete } = await startDevice(['workspace:read', 'runs:read']);
    const page = await browser.newPage();
    await page.goto(verificationUriComplete.replace('http://127.0.0.1:3000', base));

    await page.fill('#email', 'approver@example.com');
    await page.fill('#password', 'correct horse battery');
    await page.click('#signin button[type=submit]');

    await page.waitForSelector('#review:not([hidden])');
    expect(await page.textContent('#client-name')).toBe('geo-cli on laptop');
    expect(await page.textContent('#review-code')).toBe(userCode);
    expect(await page.$$eval('input[name=scope]', (boxes) => boxes.map((b) => (b as HTMLInputElement).value))).toEqual(['workspace:read', 'runs:read']);
    expect(await page.inputValue('#workspace')).toBe('browser-ws');
    await page.uncheck('input[value="runs:read"]');
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/device-review.png` });
    await page.click('#approve');

    await page.waitForSelector('#done:not([hidden])');
    expect(await page.textContent('#done-title')).toBe('Approved');
    const token = await poll(deviceCode);
    expect(token.status).toBe(200);
    const key = await token.json();
    expect(key).toMatchObject({ workspace: 'browser-ws', scopes: ['workspace:read'] });
    const use = await fetch(`${base}/api/v1/workspaces`, { headers: { authorization: `Bearer ${key.apiKey}` } });
    expect((await use.json())[0].id).toBe('browser-ws');
    await page.close();
  });

  it('with a session already, a typed code can be denied', async () => {
    const { deviceCode, userCode } = await startDevice(['workspace:read']);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/device`);
    await page.fill('#email', 'approver@example.com');
    await page.fill('#password', 'correct horse battery');
    await page.click('#signin button[type=submit]');
    await page.waitForSelector('#code:not([hidden])');
    await page.fill('#code-input', userCode.toLowerCase().replace('-', ''));
    await page.click('#code button[type=submit]');
    await page.waitForSelector('#review:not([hidden])');
    await page.click('#deny');
    await page.waitForSelector('#done:not([hidden])');
    expect(await page.textContent('#done-title')).toBe('Denied');
    expect((await (await poll(deviceCode)).json()).error.code).toBe('access_denied');

    await page.goto(`${base}/device?code=BBBB-BBBB`);
    await page.waitForSelector('#error:not([hidden])');
    expect(await page.textContent('#error')).toMatch(/not found/i);
    await context.close();
  });

  it('serves the page with a strict CSP and no framing', async () => {
    const res = await fetch(`${base}/device`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});
