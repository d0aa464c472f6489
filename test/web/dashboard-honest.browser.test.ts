import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../helpers/app.ts';
import { jobWhenDone } from '../helpers/fixture-site.ts';
import { eq } from 'drizzle-orm';
import { answerTraces } from '../../src/modules/sources/sources.tables.ts';
import { engineChanges } from '../../src/modules/canaries/canaries.tables.ts';

// A dashboard a client can be shown: every workspace page of a new workspace and of
// a measured one, at 1440 and 390 px, in Chromium. Each page: no console message of type error
// at all (a "no data yet" answered 404 counts: the browser logs it), nothing wider than the
// screen, no two elements of the main content overlapping, the chart's time axis inside the
// measured days (never past today), and for the new workspace the empty-state texts that say
// what is missing and what fills it. Screenshots: test-artifacts/honest-<width>-<ws>-<page>.png.

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-artifacts';
const SECTIONS = ['', '/runs', '/recs', '/chat', '/seo', '/traffic', '/research', '/reports', '/email', '/settings'];
const WIDTHS = [1440, 390];
const DAY_S = 86400;
let ctx: TestContext;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let base: string;
let messages: string[] = [];

beforeAll(async () => {
  if (!browserAvailable) return;
  mkdirSync(SHOTS, { recursive: true });
  ctx = await createTestApp();
  const { cookie } = await signup(ctx.app);
  await createWorkspace(ctx.app, cookie, 'fresh');
  await createWorkspace(ctx.app, cookie, 'measured');
  const call = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/measured${url}`, headers: { cookie }, payload });
  await call('/credits/top-up', { amountMicrousd: 20_000_000, idempotencyKey: 'honest-topup' });
  expect((await jobWhenDone(ctx.app, 'measured', (await call('/runs', { preset: 'smoke' })).json().id, { cookie })).status).toBe('succeeded');
  expect((await jobWhenDone(ctx.app, 'measured', (await call('/recs/generate', { lane: 'geo' })).json().id, { cookie })).status).toBe('succeeded');
  // Yesterday ChatGPT's provider named an older model: today's answers mark a model change.
  const [trace] = await ctx.database.db.select().from(answerTraces).where(eq(answerTraces.engine, 'chatgpt')).limit(1);
  await ctx.database.db.insert(answerTraces).values({ ...trace!, resultId: 'res_yesterday', modelVersion: 'simulated-chatgpt-0', createdAt: new Date(Date.now() - 86_400_000) });
  // And the canaries flagged ChatGPT today: longer answers, and a model version where none was reported.
  await ctx.database.db.insert(engineChanges).values({ engine: 'chatgpt', day: new Date().toISOString().slice(0, 10), simulated: true, createdAt: new Date(), reasons: [
    { feature: 'length', detail: 'mean length 1200 -> 1850.5 characters', statistic: 6.2, before: 1200, after: 1850.5 },
    { feature: 'modelVersion', detail: 'model version gpt-x not seen since the last change', before: [], after: ['gpt-x'] },
  ] });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name: name!, value: value!, url: base }]);
  page = await context.newPage();
  // One known exception, not fixed here: GET …/schedule answers 404 when there is no schedule
  // (its contract, docs/runs.md "Schedules"), which the Settings page asks on load.
  const known = (url: string) => /\/api\/v1\/workspaces\/[^/]+\/schedule$/.test(url);
  let lastFailed = '';
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (m.text().startsWith('Failed to load resource') && known(lastFailed)) return;
    messages.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`${page.url()}: ${e.message}`));
  // Names the address behind a "Failed to load resource" message.
  page.on('response', (r) => {
    if (r.status() < 400 || r.request().resourceType() === 'document') return;
    lastFailed = r.url();
    if (!known(r.url())) messages.push(`${r.status()} ${r.url()}`);
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await ctx?.close();
});

/** Pairs of visible elements in <main> that overlap, neither inside the other. */
function overlaps(): Promise<string[]> {
  return page.evaluate(() => {
    const sel = 'main h1, main h2, main h3, main p, main button, main a, main input, main select, main textarea, main th, main td, main canvas, main svg, main progress, main summary';
    const els = [...document.querySelectorAll(sel)].filter((e) => {
      const r = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      return r.width > 1 && r.height > 1 && style.visibility !== 'hidden' && !e.closest('.u-legend, .uplot .u-over, .table-wrap, details:not([open])');
    });
    const rects = els.map((e) => e.getBoundingClientRect());
    const found: string[] = [];
    const name = (e: Element) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}“${(e.textContent ?? '').trim().slice(0, 30)}”`;
    for (let i = 0; i < els.length; i++) {
      for (let j = i + 1; j < els.length; j++) {
        const a = els[i]!, b = els[j]!;
        if (a.contains(b) || b.contains(a)) continue;
        const r = rects[i]!, s = rects[j]!;
        const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
        const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
        if (w > 2 && h > 2) found.push(`${name(a)} × ${name(b)}`);
      }
    }
    return found.slice(0, 5);
  });
}

async function visit(slug: string, section: string, width: number) {
  messages = [];
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${base}/w/${slug}${section}`);
  await page.locator('main h1').waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('main [role=status]', { hasText: /Loading/ }).waitFor({ state: 'detached' }).catch(() => {});
  const label = `${slug}${section || '/'} at ${width}`;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label}: horizontal overflow`).toBeLessThanOrEqual(width);
  expect(await overlaps(), `${label}: overlapping elements`).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/honest-${width}-${slug}-${section.slice(1) || 'overview'}.png`, fullPage: true });
  expect(messages, `${label}: console errors`).toEqual([]);
}

describe.runIf(browserAvailable)('a dashboard a client can be shown', () => {
  for (const width of WIDTHS) {
    it(`a new workspace at ${width} px: every page teaches what is missing, no error anywhere`, { timeout: 180_000 }, async () => {
      for (const section of SECTIONS) await visit('fresh', section, width);
      await page.goto(`${base}/w/fresh`);
      await page.locator('#empty-overview button', { hasText: 'quoted' }).waitFor();
      const empty = await page.locator('#empty-overview').textContent();
      expect(empty).toContain('No runs yet');
      // The free credit of a new workspace pays a smoke run, not a lite one: the run offered is one it can pay.
      expect(empty).toMatch(/Start a smoke run \(quoted: \$\d+\.\d\d of credit, 2 prompts\)/);
      expect(await page.locator('.alert').count()).toBe(0);
      await page.goto(`${base}/w/fresh/recs`);
      await page.getByText('Nothing proposed. Recommendations come from the latest run’s answers').waitFor();
    });

    it(`a measured workspace at ${width} px: the same checks, and the chart's axis spans the measured days only`, { timeout: 180_000 }, async () => {
      for (const section of SECTIONS) await visit('measured', section, width);
      await page.goto(`${base}/w/measured`);
      const plot = page.locator('.plot[data-x-min]');
      await plot.waitFor();
      const axis = await plot.evaluate((e) => Object.fromEntries(Object.entries((e as HTMLElement).dataset).map(([k, v]) => [k, Number(v)])));
      const today = Math.floor(Date.now() / 1000 / DAY_S) * DAY_S;
      expect(axis.xMin).toBeGreaterThanOrEqual(axis.firstDay! - DAY_S);
      expect(axis.xMax).toBeLessThanOrEqual(axis.lastDay! + DAY_S);
      expect(axis.xMax).toBeLessThanOrEqual(today + DAY_S);
      // The legend names a day and a value from the start, not "--".
      expect(await page.locator('.u-legend').textContent()).not.toContain('--');
      // The model change is marked, and said in words under the chart.
      expect(await page.locator('figcaption').first().textContent()).toContain('M = an engine named a new model version');
      expect(await page.locator('#model-changes').textContent()).toContain('ChatGPT named simulated-chatgpt-1 (before: simulated-chatgpt-0)');
      // The canaries' flag in words and figures, never the API's feature names.
      const engineChange = (await page.locator('#engine-changes').textContent())!;
      expect(engineChange).toMatch(/possible engine change on ChatGPT: answer length in characters 1,200(\.0)? → 1,850\.5; model version no version reported → gpt-x/);
      expect(engineChange).not.toMatch(/modelVersion|listItems|: length\b|\d -> \d/);
      // Competitors as lines: the brand and its strongest competitor on, visibility in percent.
      await page.getByLabel('Visibility against competitors').check();
      const brands = page.locator('#engines input[type=checkbox]');
      await expect.poll(() => brands.count()).toBeGreaterThan(2);
      expect(await page.locator('#engines label').first().textContent()).toContain('(you)');
      expect(await brands.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).checked))).toEqual([true, true, ...Array(await brands.count() - 2).fill(false)]);
      expect(await page.locator('.u-legend').textContent()).toMatch(/\d%/);
      await page.locator('#rivals-table').evaluate((e) => e.closest('details')!.setAttribute('open', ''));
      expect(await page.locator('#rivals-table tbody tr').count()).toBe(await brands.count());
      await page.locator('#series-h').evaluate((e) => e.scrollIntoView());
      await page.screenshot({ path: `${SHOTS}/honest-competitors-${width}.png`, fullPage: false });
      await page.getByLabel('GEO score per engine').check();
      // The SEO page shows the very GEO figure of the overview.
      const overviewGeo = await page.locator('#geo-score').textContent();
      await page.goto(`${base}/w/measured/seo`);
      await expect.poll(() => page.locator('#seo-geo-score').textContent()).toBe(overviewGeo);
      await page.goto(`${base}/w/measured/recs`);
      const card = page.locator('.rec').first();
      await card.waitFor();
      const text = (await card.textContent())!;
      // One sentence of why on the face, the priority as a word, the rest folded under Evidence (docs/recommendations.md).
      expect((await card.locator('p.why').textContent())!.trim()).toMatch(/^[A-Z].+\.$/);
      expect(await card.locator('.badge.priority').textContent()).toMatch(/^(High|Medium|Low) priority$/);
      expect(await card.locator('details.evidence > summary').textContent()).toBe('Evidence');
      expect(text).toContain('Simulated'); // the smoke run's engines are simulated: said on the card itself
      expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/); // no raw enum
      expect(text).not.toMatch(/no interval\)|\d\.\d{3,}/); // no unformatted numbers
    });
  }

  it('the agency overview and an unknown address, at both widths', { timeout: 60_000 }, async () => {
    for (const width of WIDTHS) {
      messages = [];
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/`);
      await page.getByRole('heading', { name: 'Workspaces' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The table may scroll sideways in its frame; what explains it must not scroll out of sight with it.
      const about = await page.locator('#agency-about').boundingBox();
      expect(about!.x + about!.width, `${width}: the table's explanation runs past the screen`).toBeLessThanOrEqual(width);
      expect(await page.locator('table.agency').getAttribute('aria-describedby')).toBe('agency-about');
      await page.screenshot({ path: `${SHOTS}/honest-${width}-agency.png`, fullPage: true });
      expect(messages).toEqual([]);
      const res = await page.goto(`${base}/w/measured/nowhere`);
      expect(res!.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/honest-${width}-not-found.png`, fullPage: true });
    }
  });
});
