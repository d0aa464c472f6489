import net from 'node:net';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, CHROME_PATH } from '../helpers/browser.ts';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../helpers/app.ts';
import { launchAuditChrome } from '../../src/modules/pages/lighthouse.ts';

// Lighthouse on the signed-in settings page (every section loaded, with a key, an invitation
// and a competitor list to show): accessibility and best practices ≥ 95, as for the sign-in
// page. The session cookie is set in the browser first, and Lighthouse told not to clear it. Chromium's only proxy is a closed
// loopback port and no name resolves, so nothing but the app on loopback is ever reached.

let ctx: TestContext;
let base: string;
let cookie: string;
let dead: net.Server;
let deadPort: number;

beforeAll(async () => {
  if (!browserAvailable) return;
  ctx = await createTestApp();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  ({ cookie } = await signup(ctx.app, 'audit@example.com'));
  await createWorkspace(ctx.app, cookie, 'audit');
  await activeKey(ctx.app, cookie, 'audit', { name: 'reporting', scopes: ['workspace:read', 'metrics:read'] });
  await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/audit/members', headers: { cookie }, payload: { email: 'new@example.com', role: 'member' } });
  // A proxy that refuses every connection: Chromium goes to loopback directly (its implicit
  // bypass) and everything else fails at once.
  dead = net.createServer((s) => s.destroy());
  await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
  deadPort = (dead.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => dead?.close(resolve));
});

describe.runIf(browserAvailable)('settings page evaluation', () => {
  it('scores the settings page at least 95 for accessibility and best practices', { timeout: 180_000 }, async () => {
    // Launched as the audits launch it: sandboxed, through the wrapper that drops root.
    const chrome = await launchAuditChrome(CHROME_PATH, [`--proxy-server=http://127.0.0.1:${deadPort}`, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']);
    try {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const [name, value] = cookie.split('=') as [string, string];
      await cdp.contexts()[0]!.addCookies([{ name, value, url: base }]);
      const { default: lighthouse } = await import('lighthouse');
      const result = await lighthouse(`${base}/w/audit/settings`, {
        port: chrome.port, output: 'json', logLevel: 'silent', onlyCategories: ['accessibility', 'best-practices'], disableStorageReset: true,
      });
      await cdp.close();
      const lhr = result!.lhr;
      const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => `${a.id}: ${a.title}`);
      const accessibility = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
      const bestPractices = Math.round((lhr.categories['best-practices']?.score ?? 0) * 100);
      console.info(`settings page Lighthouse: accessibility ${accessibility}, best practices ${bestPractices}; failing: ${failing.join('; ') || 'none'}`);
      expect(lhr.finalDisplayedUrl).toBe(`${base}/w/audit/settings`);
      expect(accessibility, failing.join('\n')).toBeGreaterThanOrEqual(95);
      expect(bestPractices, failing.join('\n')).toBeGreaterThanOrEqual(95);
    } finally {
      chrome.kill();
    }
  });
});
