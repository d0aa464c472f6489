import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../helpers/app.ts';
import { jobWhenDone } from '../helpers/fixture-site.ts';
import { seedRun } from '../helpers/runs-seed.ts';
import { analyzeAnswer } from '../../src/modules/analysis/analyze.fns.ts';
import { storedAnalysis } from '../../src/modules/runs/stored-analysis.fns.ts';

// Every figure leads to the answers behind it, in Chromium: the Answers page of a workspace
// without runs (an empty state, no error), the reader's marks at 1440 and 390 px, a scoreboard
// row, a chart point and a prompt opening the Answers page filtered as the API filters, and a
// run detail of 60 rows shown 50 a page, each row opening its own answer.

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-artifacts';
const SLUG = 'links';
const EMPTY = 'links-empty';
let ctx: TestContext;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let base: string;
let cookie: string;
let seededRun: string;
const problems: string[] = [];

const shot = (name: string) => page.screenshot({ path: `${SHOTS}/dashboard-answers-${name}.png`, fullPage: true });
const api = async (path: string) => (await ctx.app.inject({ method: 'GET', url: path, headers: { cookie } })).json();

beforeAll(async () => {
  if (!browserAvailable) return;
  mkdirSync(SHOTS, { recursive: true });
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, SLUG);
  await createWorkspace(ctx.app, cookie, EMPTY);
  await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${SLUG}/credits/top-up`, headers: { cookie }, payload: { amountMicrousd: 20_000_000, idempotencyKey: 'links-topup' } });
  // An older run of 60 answers (three engines × 20 prompts), for the run detail's pages.
  const wsId = ((await ctx.database.executeSql(`select id from workspaces where slug = '${SLUG}'`)).rows[0] as { id: string }).id;
  seededRun = await seedRun(ctx.database.db, wsId, {
    finishedAt: new Date(Date.now() - 3 * 86_400_000),
    results: ['chatgpt', 'claude', 'gemini'].flatMap((engine) => Array.from({ length: 20 }, (_, k) => ({
      engine, promptId: `prm_page_${k}`, prompt: `Which analytics tool fits team ${k}?`, brandMentioned: k % 2 === 0, competitors: ['Globex'],
      answer: `For team ${k}, Acme Analytics and Globex are both options; Acme Analytics is simpler.`,
    }))),
  });
  // Two answers of two days ago in which ChatGPT does not know the brand, analysed as a run writes them.
  const UNKNOWN = ["I'm not familiar with Acme Analytics. For product analytics, **Globex** is the usual choice.", 'No tengo información sobre Acme Analytics; quizá te refieres a Globex.'];
  await seedRun(ctx.database.db, wsId, {
    finishedAt: new Date(Date.now() - 2 * 86_400_000),
    results: UNKNOWN.map((answer, k) => {
      const a = analyzeAnswer({ brand: { name: 'Acme Analytics', aliases: [], domains: [], ambiguous: false }, competitors: [{ name: 'Globex', aliases: [], domains: [], ambiguous: false }] }, answer, [], { language: k ? 'es' : 'en' });
      return { engine: 'chatgpt', promptId: `prm_unknown_${k}`, prompt: 'Which analytics tool should we pick?', language: k ? 'es' : 'en', answer, brandMentioned: a.brand.mentioned, analysis: storedAnalysis(a) };
    }),
  });
  // Then a real (simulated) run of today: the score, the scoreboard and the series come from it.
  const run = (await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${SLUG}/runs`, headers: { cookie }, payload: { preset: 'smoke' } })).json();
  expect((await jobWhenDone(ctx.app, SLUG, run.id, { cookie })).status).toBe('succeeded');
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name: name!, value: value!, url: base }]);
  page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
}, 120_000);
afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await shot(`failed-${test.task.name.slice(0, 30).replace(/\W+/g, '-')}`).catch(() => {});
  await page?.setViewportSize({ width: 1440, height: 900 });
});
afterAll(async () => {
  await browser?.close();
  await ctx?.close();
});

describe.runIf(browserAvailable)('the answers behind the figures, in Chromium', () => {
  it('says what to do on a workspace without runs, at 1440 and 390 px, and shows no error', async () => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/w/${EMPTY}/answers`);
      await page.locator('#answers-empty').waitFor();
      expect(await page.locator('#answers-empty').textContent()).toMatch(/^No answer yet: .*Start a run$/);
      expect(await page.locator('#answers-empty').getByRole('link', { name: 'Start a run' }).getAttribute('href')).toBe(`/w/${EMPTY}/runs`);
      expect(await page.locator('.alert').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(`empty-${width}`);
    }
  });

  it('marks the tracked names in an answer, at 1440 and 390 px', async () => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/w/${SLUG}/answers?mentions=brand`);
      await page.locator('#answers .answer-item').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // A page of the list is a few screens long: 20 answers, 10 on a phone, then "Show more".
      expect(await page.locator('#answers .answer-item').count()).toBe(width === 390 ? 10 : 20);
      await page.locator('#answers-more').waitFor();
      await shot(`list-${width}`);
      await page.getByRole('button', { name: 'Read the whole answer' }).first().click();
      const reader = page.locator('#answer-reader');
      await reader.waitFor();
      expect(await reader.locator('.answer-text mark[data-entity="brand"]').count()).toBeGreaterThan(0);
      expect(await reader.locator('.answer-text mark[data-entity="brand"]').first().isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(`reader-${width}`);
    }
  });

  it('counts the engines that do not know the brand, and opens those answers with the sentence that says so, at 1440 and 390 px', async () => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/w/${SLUG}/answers`);
      const card = page.locator('#recognition');
      await card.waitFor();
      expect(await card.getByRole('heading').textContent()).toContain('Engines that do not know you');
      expect(await card.locator('li').first().textContent()).toMatch(/^\s*ChatGPT: 2 of \d+ answers \([\d.]+%, 95% interval [\d.]+–[\d.]+%\)/);
      await card.getByRole('link', { name: 'Read them' }).first().click();
      await page.waitForURL(/mentions=unknown/);
      await page.locator('#answers .answer-item').first().waitFor();
      expect(await page.locator('#answers .answer-item').count()).toBe(2);
      expect(await page.locator('#answers .answer-item .badge', { hasText: 'Does not know your brand' }).count()).toBe(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(`unknown-list-${width}`);
      await page.getByRole('button', { name: 'Read the whole answer' }).last().click();
      const notice = page.locator('#answer-unknown');
      await notice.waitFor();
      expect(await notice.textContent()).toBe("This engine does not know your brand: I'm not familiar with Acme Analytics. The answer is not counted as a mention and has no tone.");
      expect(await page.locator('#answer-reader .answer-text mark[data-entity="brand"]').count()).toBe(0);
      await shot(`unknown-reader-${width}`);
    }
  });

  it('opens the answers behind a scoreboard row: that name, that day', async () => {
    await page.goto(`${base}/w/${SLUG}`);
    const board = (await api(`/api/v1/workspaces/${SLUG}/scoreboard`)) as { date: string; entities: Array<{ entityId: string; name: string }> };
    const rival = board.entities.find((e) => e.entityId !== 'brand')!;
    await page.locator('#scoreboard tbody tr', { hasText: rival.name }).getByRole('link', { name: `${rival.name}: read the answers naming it`, exact: false }).click();
    await page.waitForURL(/\/answers\?/);
    const address = new URL(page.url()).searchParams;
    expect(Object.fromEntries(address)).toEqual({ mentions: rival.entityId, from: board.date, to: board.date });
    const expected = await api(`/api/v1/workspaces/${SLUG}/answers?mentions=${rival.entityId}&from=${board.date}&to=${board.date}&limit=20`);
    await page.locator('#answers .answer-item, #answers-empty').first().waitFor();
    expect(await page.locator('#answers .answer-item').count()).toBe(expected.answers.length);
    // The filters are shown: the name chosen in the list, the day as a chip that can be removed.
    expect(await page.locator('#answers-mentions').inputValue()).toBe(rival.entityId);
    expect(await page.locator('#answers-mentions option:checked').textContent()).toBe(`Names ${rival.name}`);
    expect(await page.locator('#answers-chips').textContent()).toMatch(/^On /);
    await shot('scoreboard-1440');
    await page.locator('#answers-chips').getByRole('button', { name: /^Show all/ }).click();
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('from'));
    expect(new URL(page.url()).searchParams.get('mentions')).toBe(rival.entityId);
  });

  it('opens the answers behind a chart point (a day of one engine), by click and by the links under the chart', async () => {
    await page.goto(`${base}/w/${SLUG}`);
    const links = page.locator('#chart-answers');
    await links.waitFor();
    await links.scrollIntoViewIfNeeded();
    await shot('chart-1440');
    // The composite line alone: a click on the plot opens that day's answers of every engine.
    const href = (await links.getByRole('link').first().getAttribute('href'))!;
    const day = new URL(href, base).searchParams.get('from')!;
    expect(Object.fromEntries(new URL(href, base).searchParams)).toEqual({ from: day, to: day });
    await page.locator('.plot').first().click();
    await page.waitForURL(/\/answers\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ from: day, to: day });
    const all = await api(`/api/v1/workspaces/${SLUG}/answers?from=${day}&to=${day}&limit=20`);
    await page.locator('#answers .answer-item').first().waitFor();
    expect(await page.locator('#answers .answer-item').count()).toBe(all.answers.length);
    // One engine's line switched on: its link filters that engine, reached by keyboard.
    await page.goto(`${base}/w/${SLUG}`);
    await page.locator('#engines').getByLabel('Gemini').check();
    const gemini = page.locator('#chart-answers a[data-series="gemini"]');
    await gemini.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/engine=gemini/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ engine: 'gemini', from: day, to: day });
    await page.locator('#answers .answer-item').first().waitFor();
    for (const meta of await page.locator('#answers .answer-item p.muted').allTextContents()) expect(meta).toMatch(/^Gemini/);
  });

  it('opens the answers to a prompt from the prompt settings', async () => {
    await page.goto(`${base}/w/${SLUG}/settings#prompts`);
    const first = page.locator('#prompt-list li').first();
    await first.waitFor();
    await first.getByRole('link', { name: /^Answers/ }).click();
    await page.waitForURL(/promptId=/);
    const promptId = new URL(page.url()).searchParams.get('promptId')!;
    expect(await page.locator('#answers-chips').textContent()).toContain('One prompt');
    await page.locator('#answers .answer-item, #answers-empty').first().waitFor();
    const expected = await api(`/api/v1/workspaces/${SLUG}/answers?promptId=${promptId}&limit=20`);
    expect(await page.locator('#answers .answer-item').count()).toBe(expected.answers.length);
  });

  it('shows a run detail 50 rows a page, with the next page, each row opening its answer', async () => {
    await page.goto(`${base}/w/${SLUG}/runs/${seededRun}`);
    await page.locator('#results tbody tr').first().waitFor();
    expect(await page.locator('#results tbody tr').count()).toBe(50);
    expect(await page.locator('#row-count').textContent()).toBe('60 answers, 1–50 shown');
    await shot('run-detail-1440');
    const pager = page.getByRole('navigation', { name: 'Pages of answers' });
    expect(await pager.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.locator('#results tbody tr').count()).toBe(10);
    expect(await page.locator('#row-count').textContent()).toBe('60 answers, 51–60 shown');
    expect(await pager.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    // A row opens its own answer: the reader, and the list of that run, prompt and engine behind it.
    const row = page.locator('#results tbody tr').last();
    const prompt = (await row.locator('th').textContent())!;
    await row.getByRole('link', { name: /^Read the / }).click();
    const reader = page.locator('#answer-reader');
    await reader.waitFor();
    const address = new URL(page.url()).searchParams;
    expect(address.get('runId')).toBe(seededRun);
    const stored = await api(`/api/v1/workspaces/${SLUG}/answers/${address.get('answer')}`);
    expect(stored.answer).toMatchObject({ runId: seededRun, engine: { id: address.get('engine') }, promptId: address.get('promptId') });
    expect(prompt.startsWith(stored.answer.prompt)).toBe(true);
    expect(await reader.locator('.answer-text mark[data-entity="competitor:0"]').allTextContents()).toEqual(['Globex']);
    // At phone width the page stays within the screen, each row a card: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/w/${SLUG}/runs/${seededRun}`);
    await page.locator('#results tbody tr').first().waitFor();
    expect(await page.locator('#results tbody tr').count()).toBe(20);
    expect(await page.locator('#row-count').textContent()).toBe('60 answers, 1–20 shown');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const table of ['#engines', '#results']) {
      expect(await page.locator(table).evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth), table).toBe(true);
    }
    // A card names each figure (its column's heading is hidden at this width).
    const card = page.locator('#results tbody tr').first();
    expect(await card.locator('td[data-label="Tone"]').count()).toBe(1);
    expect(await card.locator('td').nth(1).evaluate((td) => getComputedStyle(td).display)).toBe('block');
    await shot('run-detail-390');
  });

  it('logged no script error and no CSP violation', () => {
    expect(problems).toEqual([]);
  });
});
