import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../helpers/app.ts';
import { mentions, seedRun, type SeedResult } from '../helpers/runs-seed.ts';
import { createFormatter } from '../../src/lib/format/format.ts';
import { newId } from '../../src/lib/ids.ts';
import { recommendations } from '../../src/modules/recs/recs.tables.ts';
import type { Evidence, MetricRef } from '../../src/modules/recs/recs.types.ts';

// A done recommendation's card in Chromium says its effect against the holdout prompts in the
// shared formatter's words and numbers, the same line the API (and so reports and MCP) carries.
// Runs are seeded before acceptance and after done; the item is dated done six days ago. The first
// workspace is Spanish, read by a Spanish reader: the effect's sentences (the API's, in the item's
// language) and the panel's own words (the page's language) read in Spanish; the second
// workspace's item is English, its sentences English in the same Spanish frame.

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-artifacts';
const SLUG = 'effect';
const DAY = 24 * 3600_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
let ctx: TestContext;
let browser: Browser;
let page: Page;
let base: string;
let cookie: string;
let recId: string;
let earlyId: string;
const problems: string[] = [];

const api = (method: 'GET' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const run = (k: number, h: number): SeedResult[] => [
  ...mentions(k, 100, { engine: 'chatgpt', promptId: 'prm_t' }),
  ...mentions(h, 100, { engine: 'chatgpt' }).map((r, i) => ({ ...r, promptId: `prm_h${i % 8}` })),
];

/** A content-gap item on prm_t, done `doneDaysAgo`, with two runs before acceptance and one run a day after done per `after` pair (target k, holdout k of 100). */
async function seedDone(slug: string, title: string, after: Array<readonly [number, number]>, doneDaysAgo = 6) {
  const wsId = ((await ctx.database.executeSql(`select id from workspaces where slug = '${slug}'`)).rows[0] as { id: string }).id;
  await seedRun(ctx.database.db, wsId, { finishedAt: ago(12), results: run(20, 30) });
  await seedRun(ctx.database.db, wsId, { finishedAt: ago(11), results: run(22, 31) });
  const metric: MetricRef = { name: 'mention_rate', scope: { engine: 'chatgpt', promptIds: ['prm_t'] }, better: 'higher', source: 'runs' };
  // An item stored before texts were keys says its stored summary: the Spanish workspace's in Spanish.
  const summary = slug === SLUG ? 'ChatGPT casi nunca nombra la marca en estas preguntas' : 'ChatGPT rarely names the brand on these questions';
  const evidence: Evidence = { summary, metric: { ...metric, current: null }, figures: [], answers: [], prompts: [], urls: [], facts: {}, window: null, simulated: false };
  const now = new Date();
  const id = newId('rec');
  await ctx.database.db.insert(recommendations).values({
    id, workspaceId: wsId, lane: 'geo', type: 'content_gap', topic: `content_gap:${id}`, title, rationale: slug === SLUG ? 'Nombra a la competencia en su lugar' : 'Competitors are named instead', writtenBy: 'template', evidence,
    scores: { impact: 1, confidence: 1, effort: 1, priority: 100, formula: 'recs-priority-v1' }, priority: 100, status: 'proposed', stateVersion: 1, restoreStatus: null,
    complianceFlag: false, currentDraftId: null, baseline: null, doneAt: null, jobId: null, createdAt: now, updatedAt: now,
  });
  for (const [action, expectedStatus, expectedVersion] of [['accept', 'proposed', 1], ['submit', 'todo', 2], ['verify', 'in_review', 3]] as const) {
    expect((await api('POST', `/api/v1/workspaces/${slug}/recs/${id}/transition`, { action, expectedStatus, expectedVersion, idempotencyKey: `${id}-${action}` })).statusCode).toBe(200);
  }
  await ctx.database.executeSql(`update recommendations set done_at = '${ago(doneDaysAgo).toISOString()}' where id = '${id}'`);
  for (const [i, [k, h]] of after.entries()) await seedRun(ctx.database.db, wsId, { finishedAt: ago(doneDaysAgo - 1 - i), results: run(k, h) });
  return id;
}

beforeAll(async () => {
  if (!browserAvailable) return;
  mkdirSync(SHOTS, { recursive: true });
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, SLUG, { languages: ['es'] });
  recId = await seedDone(SLUG, 'Publicar una comparativa de precios', [[50, 31], [52, 30], [49, 32]]);
  // A second workspace whose item was done two days ago with one run since: no verdict yet.
  await createWorkspace(ctx.app, cookie, `${SLUG}-early`);
  earlyId = await seedDone(`${SLUG}-early`, 'Answer the integration question', [[40, 31]], 2);

  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'es-ES' });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name: name!, value: value!, url: base }]);
  page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await ctx?.close();
});

describe.runIf(browserAvailable)('a done recommendation\'s effect on its card', () => {
  it('says the DiD against the holdout, its interval and the sides, in the workspace’s Spanish, as the API does', async () => {
    const effect = (await api('GET', `/api/v1/workspaces/${SLUG}/recs/${recId}`)).json().effect;
    expect(effect).toMatchObject({ comparison: 'holdout', verdict: 'improved' });
    await page.goto(`${base}/w/${SLUG}/recs`);
    const card = page.locator('#col-done-list .rec', { hasText: 'Publicar una comparativa de precios' });
    await card.waitFor();
    expect(await card.locator('.actions button').allTextContents()).toEqual(['Reabrir', 'Archivar', 'Efecto e historial']);
    await card.getByRole('button', { name: 'Efecto e historial' }).click();
    const line = card.locator('.effect-line');
    await line.waitFor();
    // The API's line, written by the Spanish formatter (the item's language).
    expect(await line.textContent()).toBe(createFormatter({ locale: 'es' }).effect(effect));
    expect(await line.textContent()).toBe(effect.summary);
    expect(effect.summary).toMatch(/^efecto: \+28,8 puntos/);
    const box = card.locator('.effect-box');
    expect(await box.locator('h4').textContent()).toBe('Efecto');
    expect(await box.locator('.verdict').textContent()).toBe('Mejora');
    expect(await box.locator('.effect').textContent()).toContain(effect.explanation);
    expect(effect.explanation).toMatch(/^1 pregunta trabajada frente a 8 preguntas que se dejaron igual/);
    expect(await card.locator('.effect-sides').textContent()).toContain('151 de 300 respuestas en 3 días después de hecha');
    expect(await card.locator('.detail > details > summary').textContent()).toBe('Historial (3)');
    await card.locator('.detail > details > summary').click();
    const text = await card.innerText();
    expect(text.match(/\b[a-z0-9]+_[a-z0-9_]+\b|\brecs\.[a-z]|\{[a-zA-Z]+\}/)?.[0] ?? null).toBeNull();
    expect(text.match(/\b(Effect|History|Before|After|Target|Holdout|accepted|verified|Reopen|Archive|answers|Measured|higher is better)\b/)?.[0] ?? null).toBeNull();
    await card.screenshot({ path: `${SHOTS}/recs-effect-holdout.png` });
    await page.screenshot({ path: `${SHOTS}/recs-effect-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/recs-effect-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(problems).toEqual([]);
  });

  it('one day after done: says how many more days it needs at today\'s cadence', async () => {
    const effect = (await api('GET', `/api/v1/workspaces/${SLUG}-early/recs/${earlyId}`)).json().effect;
    expect(effect).toMatchObject({ comparison: 'holdout', verdict: 'pending', moreDays: 2 });
    await page.goto(`${base}/w/${SLUG}-early/recs`);
    const card = page.locator('#col-done-list .rec', { hasText: 'Answer the integration question' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Efecto e historial' }).click();
    const line = card.locator('.effect-line');
    await line.waitFor();
    expect(await line.textContent()).toBe(effect.summary);
    expect(await line.textContent()).toMatch(/not distinguishable from noise yet: about 2 more days at today’s cadence$/);
    await card.screenshot({ path: `${SHOTS}/recs-effect-more-days.png` });
    expect(problems).toEqual([]);
  });
});
