import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../helpers/app.ts';
import type { AppDeps } from '../../src/app.ts';

// What every settings browser test starts from: the app on loopback, an owner with one
// workspace, Chromium signed in as that owner, and a record of script errors and CSP
// violations (failed fetches, the expected 4xx answers, are left out).

export const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-artifacts';

export interface SettingsWorld {
  ctx: TestContext; browser: Browser; context: BrowserContext; page: Page; base: string;
  owner: { cookie: string; user: { id: string; email: string } };
  problems: string[];
  /** The API with the owner's cookie, as another tab would call it. */
  call(method: string, path: string, body?: unknown, cookie?: string): Promise<{ status: number; body: any }>;
  shot(name: string, p?: Page): Promise<Buffer>;
  close(): Promise<void>;
}

export async function openSettingsWorld(slug: string, email: string, deps: Partial<AppDeps> = {}): Promise<SettingsWorld> {
  mkdirSync(SHOTS, { recursive: true });
  const ctx = await createTestApp(deps);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  const owner = await signup(ctx.app, email);
  await createWorkspace(ctx.app, owner.cookie, slug);
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const [name, value] = owner.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  return {
    ctx, browser, context, page, base, owner, problems,
    async call(method, path, body, cookie = owner.cookie) {
      const res = await fetch(`${base}${path}`, { method, headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    },
    shot: (shotName, p = page) => p.screenshot({ path: `${SHOTS}/settings-${shotName}.png`, fullPage: true }),
    async close() {
      await browser.close();
      await ctx.close();
    },
  };
}

/** Accepts the next confirm() the page asks, and returns its question. */
export function acceptNextDialog(page: Page): Promise<string> {
  return new Promise((resolve) => page.once('dialog', (d) => { resolve(d.message()); void d.accept(); }));
}
