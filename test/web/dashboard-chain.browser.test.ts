import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../helpers/app.ts';
import { jobWhenDone } from '../helpers/fixture-site.ts';
import { logLine, multiDayLog } from '../helpers/traffic-log.ts';

// The crawl → retrieve → cite → visit chain on the AI traffic page, at 1440 and 390 px, for a
// workspace with access logs and a run on simulated engines (issue 43: 96 page × engine rows made
// a 12,000 px page, 32,000 px on a phone). Now: the AI traffic page's first view; where the chain
// breaks first, counted in pages, then one line per page with the engines as columns, 20 pages at
// a time (8 on a phone); the paths only the simulated answers cite apart and labelled. Paged
// through at 1440 px; at 390 px the first table page only. And Settings, on a workspace without a schedule,
// logs no console error. Screenshots: <SCREENSHOT_DIR>/dashboard-chain-*.png.

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-artifacts';
const DAY_MS = 86_400_000;
let ctx: TestContext;
let browser: Browser;
let page: Page;
let base: string;
let cookie: string;
let problems: string[] = [];

beforeAll(async () => {
  if (!browserAvailable) return;
  mkdirSync(SHOTS, { recursive: true });
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'chain');
  const upload = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/chain/traffic/logs', headers: { cookie, 'content-type': 'text/plain' }, payload: multiDayLog(10, 150, Date.now() - DAY_MS) });
  expect(upload.statusCode, upload.body).toBe(202);
  expect((await jobWhenDone(ctx.app, 'chain', upload.json().id, { cookie })).status).toBe('succeeded');
  // 20 guides Googlebot fetched, each under two spellings (with and without a trailing slash):
  // 26 pages, more than a table page holds, each page once whatever its spelling.
  const guides = Array.from({ length: 40 }, (_, k) => logLine(2 + 100 * k, Date.now() - DAY_MS)[0].replace(/\/docs\/\d+\/page/, `/guides/${k % 20}${k >= 20 ? '/' : ''}`));
  const more = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/chain/traffic/logs', headers: { cookie, 'content-type': 'text/plain' }, payload: `${guides.join('\n')}\n` });
  expect(more.statusCode, more.body).toBe(202);
  expect((await jobWhenDone(ctx.app, 'chain', more.json().id, { cookie })).status).toBe('succeeded');
  const run = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/chain/runs', headers: { cookie }, payload: { preset: 'smoke' } });
  expect(run.statusCode, run.body).toBe(202);
  expect((await jobWhenDone(ctx.app, 'chain', run.json().id, { cookie })).status).toBe('succeeded');
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name: name!, value: value!, url: base }]);
  page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`); });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await ctx?.close();
});

const api = async (path: string) => (await ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/chain${path}`, headers: { cookie } })).json();

const LINK_NAMES: Record<string, string> = { crawl: 'Crawling', retrieval: 'Retrieval', citation: 'Citation', visits: 'Visits' };

async function openChain(width: number) {
  problems = [];
  await page.setViewportSize({ width, height: 900 });
  // The chain is the AI traffic page's first view: its bare address.
  await page.goto(`${base}/w/chain/traffic`);
  await page.locator('#chain-table tbody tr').first().waitFor();
  await page.waitForLoadState('networkidle');
}
async function measure(width: number, label: string) {
  const chainHeight = await page.locator('#chain').evaluate((e) => e.getBoundingClientRect().height);
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  console.info(`chain at ${width}px: section ${Math.round(chainHeight)} px, page ${pageHeight} px, ${label}`);
  // A few screens a table page: the old table was 96 rows and 11,898 px (31,658 px at 390), and the
  // whole AI traffic page 13,465 px at 390 with the chain below every other view.
  expect(chainHeight).toBeLessThanOrEqual(width === 1440 ? 3 * 900 : 5 * 900);
  expect(pageHeight).toBeLessThanOrEqual(width === 1440 ? 4 * 900 : 6 * 900);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `horizontal overflow at ${width}`).toBeLessThanOrEqual(width);
  await page.locator('#chain').screenshot({ path: `${SHOTS}/dashboard-chain-${width}.png` });
}

// Paged through at one width (every page once, whatever its spelling); the phone's width is
// checked on the first table page only, which is where its layout differs.
describe.runIf(browserAvailable)('the chain from crawled to visited', () => {
  it('summary first, one line per page with engines as columns, paginated through every page, simulated paths apart; a few screens tall', { timeout: 180_000 }, async () => {
    const view = await api('/traffic/chain?limit=20');
    const engines = view.pages[0].engines.length;
    expect(view.pagesTotal).toBeGreaterThan(20);
    await openChain(1440);
    // The summary comes before the table, and the view's tab says the weakest link too.
    expect(await page.locator('#chain-summary ~ div #chain-table, #chain-summary ~ * #chain-table').count()).toBe(1);
    const weakest = view.summary.weakest ? LINK_NAMES[view.summary.weakest as string]! : 'Nothing broken';
    expect(await page.locator('#chain-weakest').textContent()).toBe(weakest);
    await expect.poll(() => page.locator('#view-chain').textContent()).toContain(weakest);
    // One row per page, the engines as columns (plus the page and its first break).
    expect(await page.locator('#chain-table thead th').count()).toBe(engines + 2);
    // The paths only simulated answers cite: apart, labelled, never rows of the table.
    const simulated = view.simulatedPaths as Array<{ path: string; known: boolean }>;
    expect(simulated.length).toBeGreaterThan(0);
    await measure(1440, `${view.pagesTotal} pages × ${engines} engines`);
    await page.locator('#chain-simulated summary').click();
    expect(await page.locator('#chain-simulated li .badge').allTextContents()).toEqual(simulated.map(() => 'simulated'));
    // Every table page, one click each: 20 rows a page, each page of the site once.
    const rowPaths: string[] = [];
    for (let offset = 0; ; offset += 20) {
      await page.locator('#chain-table caption', { hasText: `Pages ${offset + 1}–${Math.min(offset + 20, view.pagesTotal)} of ${view.pagesTotal}` }).waitFor();
      const paths = await page.locator('#chain-table tbody th').allTextContents();
      expect(paths.length).toBe(Math.min(20, view.pagesTotal - offset));
      rowPaths.push(...paths);
      const next = page.locator('#chain-pager').getByRole('button', { name: 'Next pages' });
      if (!await next.count()) break;
      await next.click();
    }
    expect(rowPaths.length).toBe(view.pagesTotal);
    // Each spelling of a path is one page; no simulated-only path is a row.
    expect(new Set(rowPaths).size).toBe(rowPaths.length);
    expect(rowPaths.filter((p) => p.endsWith('/') && p !== '/')).toEqual([]);
    for (const p of simulated.filter((x) => !x.known)) expect(rowPaths).not.toContain(p.path);
    expect(problems).toEqual([]);

    // On a phone: the first table page, 8 pages as cards, the summary still first.
    await openChain(390);
    expect(await page.locator('#chain-weakest').textContent()).toBe(weakest);
    expect(await page.locator('#chain-table tbody tr').count()).toBe(Math.min(8, view.pagesTotal));
    expect(await page.locator('#chain-table thead th').count()).toBe(engines + 2);
    await measure(390, 'the first 8 pages');
    expect(problems).toEqual([]);
  });

  it('Settings, on a workspace without a schedule, logs no console error', { timeout: 60_000 }, async () => {
    problems = [];
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${base}/w/chain/settings#schedule`);
    await page.getByText('No schedule').waitFor();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
});
