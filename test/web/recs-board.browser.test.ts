import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../helpers/app.ts';
import { seedRun, type SeedResult } from '../helpers/runs-seed.ts';

// The recommendations board of a Spanish workspace, as an agency reads it, at 1440 and 390 px:
// cards in Spanish, each an action naming its topic, one sentence of why, the priority as a word
// (the figure on hover), the rest folded under "Evidencia"; a Reddit thread a simulated answer
// invented is labelled and never a link; no code identifier anywhere on the board. The board's own
// words (columns, buttons, empty columns, notices) follow the page's language: Spanish for this
// Spanish reader, before any card exists; a French reader reads the same cards' Spanish text in a
// French frame.
// Screenshots: test-artifacts/dashboard-recs-1440.png and dashboard-recs-390.png.

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-artifacts';
const SLUG = 'facturas';
const BRAND = 'Holded';
let ctx: TestContext;
let browser: Browser;
let page: Page;
let base: string;
const problems: string[] = [];

const reddit = { url: 'https://reddit.com/r/autonomos/comments/-c-mo-elijo-un-buen-prog-0', domain: 'reddit.com', class: 'third_party' as const, entityId: null };
const review = { url: 'https://www.capterra.es/software/facturacion', domain: 'capterra.es', class: 'third_party' as const, entityId: null };
/** ChatGPT names Contasimple and not Holded on comparison questions (citing a thread and a review site); Perplexity names Holded. */
const results = (): SeedResult[] => [
  ...Array.from({ length: 12 }, (_, k): SeedResult => ({ engine: 'chatgpt', intent: 'comparison', language: 'es', promptId: `prm_cmp_${k % 4}`, prompt: '¿Holded o Contasimple para autónomos?', competitors: ['Contasimple'], brandMentioned: false, citations: [reddit, review], simulated: true, answer: 'Contasimple es una buena opción para autónomos.' })),
  ...Array.from({ length: 12 }, (_, k): SeedResult => ({ engine: 'perplexity', intent: 'discovery', language: 'es', promptId: `prm_best_${k % 4}`, prompt: '¿Cuál es el mejor programa de facturación?', competitors: ['Contasimple'], brandMentioned: k < 10, simulated: true, answer: 'Holded y Contasimple son populares.' })),
];
/** Opens a card's folded evidence (a second click on the summary would close it). */
const openEvidence = async (card: ReturnType<Page['locator']>) => {
  if ((await card.locator('details.evidence').getAttribute('open')) === null) await card.locator('details.evidence > summary').click();
};
/** The board's English chrome, which a Spanish workspace must not read. */
const ENGLISH = /\b(Accept|Decline|Submit for review|Archive|Verify done|Request changes|Reopen|Restore|Proposed|To do|In review|Done|Archived|Nothing|Generate|Effect|History|moved to)\b/;
const IDENTIFIER = /\b[a-z0-9]+_[a-z0-9_]+\b|\brecs\.[a-z]|\{[a-zA-Z]+\}/;

beforeAll(async () => {
  if (!browserAvailable) return;
  mkdirSync(SHOTS, { recursive: true });
  ctx = await createTestApp();
  const { cookie } = await signup(ctx.app);
  await createWorkspace(ctx.app, cookie, SLUG, {
    displayName: BRAND, languages: ['es'], domains: ['holded.com'],
    competitors: [{ name: 'Contasimple', domains: ['contasimple.com'], aliases: ['Contasimple'], ambiguous: false }, { name: 'Quipu', domains: ['getquipu.com'], aliases: ['Quipu'], ambiguous: false }],
  });
  const wsId = ((await ctx.database.executeSql(`select id from workspaces where slug = '${SLUG}'`)).rows[0] as { id: string }).id;
  await seedRun(ctx.database.db, wsId, { finishedAt: new Date(), results: results(), brand: BRAND });
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

describe.runIf(browserAvailable)('the recommendations board: its frame in the page’s language, its cards in theirs', () => {
  it('generates Spanish cards: an action, one sentence of why, priority as a word, evidence folded', { timeout: 90_000 }, async () => {
    await page.goto(`${base}/w/${SLUG}/recs`);
    // An empty board already speaks the page's language (the browser asks for Spanish).
    await page.getByRole('heading', { name: 'Recomendaciones', level: 1 }).waitFor();
    expect(await page.locator('.rec-group h2').allTextContents()).toEqual(['Propuestas 0', 'Por hacer 0', 'En revisión 0', 'Hechas 0', 'Archivadas 0']);
    expect(await page.locator('#col-todo-list .empty').textContent()).toBe('Aún no hay nada por hacer. Acepta una recomendación propuesta para planificarla.');
    expect((await page.locator('main').innerText()).match(ENGLISH)?.[0] ?? null).toBeNull();
    await page.getByRole('button', { name: /Generar recomendaciones GEO/ }).click();
    await page.locator('#col-proposed-list .rec').first().waitFor({ timeout: 60_000 });
    const cards = page.locator('#col-proposed-list .rec');
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    for (const card of await cards.all()) {
      expect(await card.locator('h3').getAttribute('lang')).toBe('es');
      const title = (await card.locator('h3').textContent())!;
      expect(title).toMatch(/^(Publicar|Conseguir|Participar|Aumentar|Reforzar|Responder) /);
      expect(title).not.toMatch(/["“”«»]|https?:|\b20\d\d\b/);
      const why = (await card.locator('p.why').textContent())!;
      expect((why.match(/\d+(?:[.,\u00a0]\d+)*/g) ?? []).length, why).toBeLessThanOrEqual(2);
      const priority = card.locator('.badge.priority');
      expect(await priority.textContent()).toMatch(/^Prioridad (alta|media|baja)$/);
      expect(await priority.getAttribute('title')).toMatch(/^Prioridad \d+ de 100: impacto [\d,]+\s%, confianza [\d,]+\s%, esfuerzo [123] de 3$/);
      // The evidence is folded: closed until opened.
      expect(await card.locator('details.evidence').getAttribute('open')).toBeNull();
      expect(await card.locator('details.evidence > summary').textContent()).toBe('Evidencia');
    }
    expect(await page.locator('#col-proposed-list .rec h3').allTextContents()).toContain('Publicar una comparativa de Holded y Contasimple para que ChatGPT tenga algo que citar');
  });

  it('moves a card with Spanish buttons and says where it went', async () => {
    // A card the next tests do not read (they open the Reddit thread's and the comparison's).
    const card = page.locator('#col-proposed-list .rec').filter({ hasNotText: /Reddit|comparativa/ }).last();
    expect(await card.locator('.actions button').allTextContents()).toEqual(['Aceptar', 'Descartar', 'Efecto e historial']);
    const title = (await card.locator('h3').textContent())!;
    await card.getByRole('button', { name: 'Aceptar' }).click();
    await expect.poll(() => page.locator('[aria-live]').innerText()).toBe(`«${title}» pasó a Por hacer.`);
    const moved = page.locator('#col-todo-list .rec', { hasText: title });
    await moved.waitFor();
    expect(await moved.locator('.actions button').allTextContents()).toEqual(['Enviar a revisión', 'Archivar', 'Efecto e historial']);
  });

  it('labels a source a simulated answer invented, and never links it', async () => {
    const thread = page.locator('#col-proposed-list .rec', { hasText: 'Reddit' }).first();
    await openEvidence(thread);
    await expect.poll(() => thread.locator('.fake-url').count()).toBeGreaterThan(0);
    expect(await thread.locator('.sources').textContent()).toContain('ejemplo de una respuesta simulada');
    expect(await page.locator('a[href*="reddit.com"]').count()).toBe(0);
    expect(await page.locator('a[href*="capterra"]').count()).toBe(0);
  });

  it('says no code identifier anywhere on the board, and opens the effect in words', async () => {
    const first = page.locator('#col-proposed-list .rec').first();
    await openEvidence(first);
    await openEvidence(page.locator('#col-proposed-list .rec', { hasText: 'comparativa' }));
    await first.getByRole('button', { name: 'Efecto e historial' }).click();
    await first.locator('.effect').waitFor();
    const text = (await page.locator('main').innerText()).replace(/https?:\/\/\S+/g, '');
    expect(text.match(IDENTIFIER)?.[0] ?? null).toBeNull();
    expect(text.match(ENGLISH)?.[0] ?? null).toBeNull();
    expect(text).not.toMatch(/priority \d|impact \d|confidence \d/i);
    await page.screenshot({ path: `${SHOTS}/dashboard-recs-1440.png`, fullPage: true });
  });

  it('reads at 390 px without horizontal scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/w/${SLUG}/recs`);
    await page.locator('#col-proposed-list .rec').first().waitFor();
    await openEvidence(page.locator('#col-proposed-list .rec').first());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/dashboard-recs-390.png`, fullPage: true });
    expect(problems).toEqual([]);
  });

  it('keeps the cards in Spanish and the frame in French for a French reader', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
    await context.addCookies(await page.context().cookies());
    const fr = await context.newPage();
    await fr.goto(`${base}/w/${SLUG}/recs`);
    await fr.getByRole('heading', { name: 'Recommandations', level: 1 }).waitFor();
    const card = fr.locator('#col-proposed-list .rec', { hasText: 'comparativa' }).first();
    await card.waitFor();
    expect(await card.locator('h3').textContent()).toBe('Publicar una comparativa de Holded y Contasimple para que ChatGPT tenga algo que citar');
    expect(await card.locator('.actions button').first().textContent()).toBe('Accepter');
    expect(await card.locator('details.evidence > summary').textContent()).toBe('Preuves');
    await context.close();
  });
});
