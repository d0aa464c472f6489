import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, CHROME_PATH, launchBrowser } from '../helpers/browser.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../helpers/app.ts';
import { jobWhenDone } from '../helpers/fixture-site.ts';
import { multiDayLog } from '../helpers/traffic-log.ts';
import { createFormatter } from '../../src/lib/format/format.ts';
import { audit } from '../../src/modules/pages/lighthouse.ts';

// The AI traffic page in Chromium, at 1440 and 390 px: a workspace without logs gets
// the empty state (how to send logs, copyable commands, no red error) and can upload a log from
// the page; a workspace with a generated log uploaded through the API shows verified and claimed
// hits apart, status classes with the error share, pages per agent and AI referrals, with the
// same figures as the API, through the shared formatter. The page is four views picked from tabs
// that carry each view's headline figure, each view its own address (?view=…), a few screens tall
// (the page with every view stacked was 13,465 px at 390 px). No console error, nothing wider
// than the screen. Screenshots: <SCREENSHOT_DIR>/traffic-*.png.

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-artifacts';
const WIDTHS = [1440, 390];
const DAY_MS = 86_400_000;
const fmt = createFormatter({ locale: 'en-US' });
let ctx: TestContext;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let base: string;
let cookie: string;
let problems: string[] = [];

beforeAll(async () => {
  if (!browserAvailable) return;
  mkdirSync(SHOTS, { recursive: true });
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'nologs');
  await createWorkspace(ctx.app, cookie, 'withlogs');
  // Ten days of the generator's log ending yesterday: verified and spoofed crawlers, ClaudeBot
  // (claimed only), a 404 and a 503, referrals from ChatGPT and Perplexity.
  const upload = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/withlogs/traffic/logs', headers: { cookie, 'content-type': 'text/plain' }, payload: multiDayLog(10, 150, Date.now() - DAY_MS) });
  expect(upload.statusCode, upload.body).toBe(202);
  expect((await jobWhenDone(ctx.app, 'withlogs', upload.json().id, { cookie })).status).toBe('succeeded');
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name: name!, value: value!, url: base }]);
  page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`); });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await ctx?.close();
});

const api = async (path: string) => (await ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/withlogs${path}`, headers: { cookie } })).json();

async function open(slug: string, width: number, ready: string, view?: string) {
  problems = [];
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${base}/w/${slug}/traffic${view ? `?view=${view}` : ''}`);
  await page.locator(ready).waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${slug} at ${width}: horizontal overflow`).toBeLessThanOrEqual(width);
  expect(await page.getByRole('link', { name: 'AI traffic' }).getAttribute('aria-current')).toBe('page');
  expect(await page.locator('.alert').count()).toBe(0);
}

describe.runIf(browserAvailable)('the AI traffic page', () => {
  it('without logs: says what is missing and how to send it, commands to copy; a log uploaded from the page fills it', { timeout: 120_000 }, async () => {
    for (const width of WIDTHS) {
      await open('nologs', width, '#traffic-empty');
      const text = await page.locator('#traffic-empty').textContent();
      expect(text).toContain('No access log yet');
      expect(text).toContain(`npx geo login --server ${base} --workspace nologs`);
      expect(text).toContain('npx geo traffic push /var/log/nginx/access.log --wait');
      await page.screenshot({ path: `${SHOTS}/traffic-empty-${width}.png`, fullPage: true });
      expect(problems).toEqual([]);
    }
    // By keyboard: from the push command's Copy button, Enter copies it.
    await page.locator('#cmd-push + button').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('npx geo traffic push /var/log/nginx/access.log --wait');
    await page.setInputFiles('#log-file', { name: 'access.log', mimeType: 'text/plain', buffer: Buffer.from(multiDayLog(2, 100, Date.now() - DAY_MS)) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.locator('#traffic-views').waitFor();
    expect(await page.locator('#traffic-received').textContent()).toMatch(/294 lines: 35 AI agent requests \(20 verified, 15 claimed\), 4 AI-referred visits/);
    expect(problems).toEqual([]);
  });

  it('with logs: verified and claimed apart, status classes, pages per agent and referrals, the API\'s figures; one view at a time', { timeout: 180_000 }, async () => {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 29 * DAY_MS).toISOString().slice(0, 10);
    const days = await api(`/traffic/agents?from=${from}&to=${to}`) as Array<{ verification: string; hits: number; day: string }>;
    const sum = (v: string) => days.filter((d) => d.verification === v).reduce((n, d) => n + d.hits, 0);
    const visits = (await api(`/traffic/referrals?from=${from}&to=${to}`) as Array<{ visits: number }>).reduce((n, r) => n + r.visits, 0);
    const chain = await api('/traffic/chain?limit=200') as { pagesTotal: number; summary: { pages: number; weakest: string | null; byLink: Record<string, number> } };
    const unfetched = await api('/traffic/unfetched') as { rows: unknown[]; pagesKnown: number };
    const heights: string[] = [];
    const measure = async (view: string, width: number) => {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      heights.push(`${view} ${height} px`);
      await page.screenshot({ path: `${SHOTS}/traffic-${view}-${width}.png`, fullPage: true });
      // A view is a few screens, not every table stacked.
      expect(height, `${view} at ${width}`).toBeLessThanOrEqual(width === 1440 ? 4 * 900 : 6 * 900);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${view} at ${width}: horizontal overflow`).toBeLessThanOrEqual(width);
    };
    for (const width of WIDTHS) {
      heights.length = 0;
      // The first view: where the chain breaks, its headline on its tab, and every tab's figure.
      await open('withlogs', width, '#chain-table tbody tr >> nth=0');
      expect(await page.locator('#view-chain').getAttribute('aria-current')).toBe('true');
      const weakest = { crawl: 'Crawling', retrieval: 'Retrieval', citation: 'Citation', visits: 'Visits' }[chain.summary.weakest ?? ''];
      await expect.poll(() => page.locator('#view-chain').textContent()).toContain(weakest ? `${weakest} breaks first on ${fmt.count(chain.summary.byLink[chain.summary.weakest!])} of ${fmt.count(chain.summary.pages)} pages` : 'Nothing broken');
      expect(await page.locator('#view-crawlers').textContent()).toContain(`${fmt.count(sum('verified'))} verified hits`);
      expect(await page.locator('#view-visits').textContent()).toContain(`${fmt.count(visits)} visits`);
      await expect.poll(() => page.locator('#view-robots').textContent()).toContain(unfetched.rows.length ? `${fmt.count(unfetched.rows.length)} of ${fmt.count(unfetched.pagesKnown)} pages never fetched` : `Every one of ${fmt.count(unfetched.pagesKnown)} pages fetched`);
      expect(await page.locator('#chain-table tbody tr').count()).toBe(Math.min(width === 390 ? 8 : 20, chain.pagesTotal));
      // One view at a time: the crawlers' chart is not on this one; the logs received close every view.
      expect(await page.locator('#traffic-agents').count()).toBe(0);
      await page.locator('#traffic-received').waitFor();
      await measure('chain', width);

      // The crawlers, from their tab: the address says the view.
      await page.locator('#view-crawlers').click();
      await page.locator('#traffic-agents .plot[data-x-min]').waitFor();
      expect(new URL(page.url()).searchParams.get('view')).toBe('crawlers');
      expect(await page.locator('#stat-verified').textContent()).toBe(fmt.count(sum('verified')));
      expect(await page.locator('#stat-claimed').textContent()).toBe(fmt.count(sum('claimed')));
      // The chart's axis stays within the days that have data.
      const axis = await page.locator('#traffic-agents .plot').evaluate((e) => Object.fromEntries(Object.entries((e as HTMLElement).dataset).map(([k, v]) => [k, Number(v)])));
      expect(axis.xMin).toBeGreaterThanOrEqual(axis.firstDay! - DAY_MS / 1000);
      expect(axis.xMax).toBeLessThanOrEqual(axis.lastDay! + DAY_MS / 1000);
      // ClaudeBot publishes no addresses: claimed only, no error share of its own, never in the verified total.
      const claude = page.locator('#traffic-status tbody tr', { hasText: 'ClaudeBot' });
      expect(await claude.locator('td').nth(2).textContent()).toBe('0');
      expect(await claude.textContent()).toContain('Not enough data: no verified hit');
      expect(await page.locator('#traffic-status tbody tr', { hasText: 'bingbot' }).textContent()).toMatch(/\d+\.\d% 95% \d+\.\d–\d+\.\d%, \d+ of \d+/);
      await page.locator('#pages-table tbody tr').nth(1).waitFor();
      await page.waitForLoadState('networkidle');
      await measure('crawlers', width);

      // The visits AI answers sent; the browser's back button returns to the crawlers.
      await page.locator('#view-visits').click();
      await page.locator('#traffic-referrals').waitFor();
      expect(await page.locator('#stat-referrals').textContent()).toBe(fmt.count(visits));
      expect(await page.locator('#referral-engines').textContent()).toMatch(/ChatGPT.*Perplexity|Perplexity.*ChatGPT/);
      await measure('visits', width);
      await page.goBack();
      await page.locator('#traffic-agents').waitFor();
      expect(await page.locator('#view-crawlers').getAttribute('aria-current')).toBe('true');

      // robots.txt (no page evaluated here) and the pages never fetched, from its own address.
      await open('withlogs', width, '#unfetched h2', 'robots');
      await page.locator('#robots', { hasText: 'No page evaluated yet' }).waitFor();
      await measure('robots', width);
      console.info(`AI traffic views at ${width}px: ${heights.join(', ')}`);
      expect(problems).toEqual([]);
    }
    // Per purpose, by keyboard: the radio group answers the arrow keys.
    await open('withlogs', 1440, '#traffic-agents .plot[data-x-min]', 'crawlers');
    await page.locator('#group-by input[value=agent]').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('#traffic-status thead').textContent()).toContain('Purpose');
    expect(await page.locator('#traffic-status tbody th').allTextContents()).toEqual(expect.arrayContaining(['Search index', 'Training']));
    // Another agent's pages.
    await page.selectOption('#pages-agent', { label: 'PerplexityBot' });
    await expect.poll(() => page.locator('#pages-table caption').textContent()).toMatch(/^PerplexityBot:/);
    expect(await page.locator('#pages-table tbody tr.verified').count()).toBeGreaterThan(0);
    expect(await page.locator('#pages-table tbody tr.claimed').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('Lighthouse: accessibility and best practices at least 95, empty and with logs', { timeout: 240_000 }, async () => {
    const scores: Record<string, unknown> = {};
    for (const slug of ['nologs', 'withlogs']) {
      const result = await audit(`${base}/w/${slug}/traffic`, { chromePath: CHROME_PATH, proxyUrl: null, loadTimeoutMs: 30_000, totalTimeoutMs: 90_000, extraHeaders: { cookie } });
      scores[slug] = result.scores;
      expect(result.finalUrl, 'not sent to sign in').toContain(`/w/${slug}/traffic`);
      expect(result.scores.accessibility, `${slug} accessibility`).toBeGreaterThanOrEqual(95);
      expect(result.scores.bestPractices, `${slug} best practices`).toBeGreaterThanOrEqual(95);
    }
    console.info(`AI traffic page Lighthouse scores: ${JSON.stringify(scores)}`);
  });
});
