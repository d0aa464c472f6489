import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../helpers/app.ts';
import { jobWhenDone } from '../helpers/fixture-site.ts';
import { DASH_WORK_EN } from '../../src/lib/messages/dash-work.en.ts';
import { DASH_WORK_ES } from '../../src/lib/messages/dash-work.es.ts';
import { DASH_WORK_FR } from '../../src/lib/messages/dash-work.fr.ts';

// The measurement pages (overview, answers, runs, run detail, workspaces, recommendations, chat,
// research) and the public ones (sign-in, sign-up, invitation, address confirmation) read in the
// page's language: opened by a Spanish and a French browser at 1440 and 390 px, each shows known
// translated words, none of the English texts of its catalogue part (dash-work.en.ts) and no
// horizontal scroll. Choosing a language in the header's menu switches the page.
// Screenshots: test-artifacts/i18n-<page>-<lang>-<width>.png.

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-artifacts';
const SLUG = 'idiomas';
const LANGS = { es: { locale: 'es-ES', table: DASH_WORK_ES }, fr: { locale: 'fr-FR', table: DASH_WORK_FR } } as const;
type Lang = keyof typeof LANGS;
let ctx: TestContext;
let browser: Browser;
let base: string;
let cookie: string;
let runId: string;
const problems: string[] = [];

/**
 * The English texts that must not be read on a page in `lang`: the part's English values longer
 * than six characters, without parameters (a message with them is never read whole), that the
 * language says differently. Words of one word ("positive", "comparison") are left out: the
 * workspace's own English content (prompts, answers) may say them.
 */
const englishOf = (lang: Lang) => Object.entries(DASH_WORK_EN)
  .filter(([key, en]) => en.length > 6 && en.includes(' ') && !en.includes('{') && en !== LANGS[lang].table[key as keyof typeof DASH_WORK_EN])
  .map(([, en]) => en);

/** Each page: its address, whether it needs the session, and a text the page says in each language. */
const PAGES = (): Array<{ name: string; path: string; signedIn: boolean; says: Record<Lang, RegExp> }> => [
  { name: 'overview', path: `/w/${SLUG}`, signedIn: true, says: { es: /Cómo se obtuvo esta puntuación/, fr: /Comment ce score a été obtenu/ } },
  { name: 'answers', path: `/w/${SLUG}/answers`, signedIn: true, says: { es: /Leer la respuesta completa/, fr: /Lire toute la réponse/ } },
  { name: 'runs', path: `/w/${SLUG}/runs`, signedIn: true, says: { es: /Mediciones recientes/, fr: /Mesures récentes/ } },
  { name: 'run', path: `/w/${SLUG}/runs/${runId}`, signedIn: true, says: { es: /Solo con la marca mencionada/, fr: /Marque citée seulement/ } },
  { name: 'agency', path: '/', signedIn: true, says: { es: /Crédito restante/, fr: /Crédit restant/ } },
  { name: 'recs', path: `/w/${SLUG}/recs`, signedIn: true, says: { es: /Generar recomendaciones GEO/, fr: /Générer des recommandations GEO/ } },
  { name: 'chat', path: `/w/${SLUG}/chat`, signedIn: true, says: { es: /Nueva conversación/, fr: /Nouvelle conversation/ } },
  { name: 'research', path: `/w/${SLUG}/research`, signedIn: true, says: { es: /Iniciar la investigación/, fr: /Lancer la recherche/ } },
  { name: 'signin', path: '/signin', signedIn: false, says: { es: /Contraseña/, fr: /Mot de passe/ } },
  { name: 'signup', path: '/signup', signedIn: false, says: { es: /al menos 10 caracteres/, fr: /au moins 10 caractères/ } },
  { name: 'invite', path: '/invite', signedIn: false, says: { es: /Ir a tus espacios de trabajo/, fr: /Aller à vos espaces de travail/ } },
  { name: 'verify', path: '/verify-email', signedIn: false, says: { es: /Enviar un enlace nuevo/, fr: /Envoyer un nouveau lien/ } },
];

async function contextFor(lang: Lang, width: number, signedIn: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: LANGS[lang].locale, viewport: { width, height: 900 } });
  if (signedIn) {
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name: name!, value: value!, url: base }]);
  }
  return context;
}
const watch = (page: Page) => {
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
};

beforeAll(async () => {
  if (!browserAvailable) return;
  mkdirSync(SHOTS, { recursive: true });
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, SLUG);
  await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${SLUG}/credits/top-up`, headers: { cookie }, payload: { amountMicrousd: 20_000_000, idempotencyKey: 'i18n-topup' } });
  // One (simulated) run: the score, the scoreboard, the answers and a run detail come from it.
  const run = (await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${SLUG}/runs`, headers: { cookie }, payload: { preset: 'smoke' } })).json();
  runId = run.id;
  expect((await jobWhenDone(ctx.app, SLUG, run.id, { cookie })).status).toBe('succeeded');
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await ctx?.close();
});

describe.runIf(browserAvailable)('the measurement pages in Spanish and French', () => {
  for (const lang of Object.keys(LANGS) as Lang[]) {
    for (const width of [1440, 390]) {
      it(`reads every page in ${lang} at ${width} px, with no English left`, { timeout: 180_000 }, async () => {
        const english = englishOf(lang);
        const contexts = { true: await contextFor(lang, width, true), false: await contextFor(lang, width, false) };
        const pages = { true: await contexts.true.newPage(), false: await contexts.false.newPage() };
        watch(pages.true); watch(pages.false);
        for (const p of PAGES()) {
          const page = pages[String(p.signedIn) as 'true' | 'false'];
          await page.goto(`${base}${p.path}`);
          await expect.poll(() => page.locator('body').innerText(), { timeout: 20_000, message: `${p.name} says ${p.says[lang]}` }).toMatch(p.says[lang]);
          // Loading states have passed (the page's own loading words are in the list below).
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          const text = await page.locator('body').innerText();
          expect(english.filter((en) => text.includes(en)), `${p.name} in ${lang}`).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${p.name} at ${width}`).toBeLessThanOrEqual(width);
          await page.screenshot({ path: `${SHOTS}/i18n-${p.name}-${lang}-${width}.png`, fullPage: true });
        }
        await contexts.true.close(); await contexts.false.close();
        expect(problems).toEqual([]);
      });
    }
  }

  it('says why the score is not yet fit to decide on in the reader\'s language, intents by their names', { timeout: 60_000 }, async () => {
    for (const lang of Object.keys(LANGS) as Lang[]) {
      const context = await contextFor(lang, 1440, true);
      const page = await context.newPage();
      watch(page);
      await page.goto(`${base}/w/${SLUG}`);
      await page.locator('#methodology summary').click();
      const reasons = await page.locator('#methodology li').allInnerTexts();
      const { table } = LANGS[lang];
      // The API's reasons are English and name intents by their ids: none of that reaches the page.
      expect(reasons.join(' ')).not.toMatch(/_|simulated answers|prompt coverage|platform coverage|sample size/);
      const spaced = (t: string) => t.replace(/\s/g, ' '); // French puts a narrow no-break space before its colons
      expect(spaced(reasons[0]!)).toBe(spaced(table['dashboard.grade.simulation']));
      expect(reasons.join(' ')).toContain(table['dashboard.runs.intent.problem_solution']);
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it('switches the page when a language is chosen in the header menu', { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name: name!, value: value!, url: base }]);
    const page = await context.newPage();
    watch(page);
    await page.goto(`${base}/w/${SLUG}/runs`);
    await page.getByRole('heading', { name: 'Recent runs' }).waitFor();
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Language').selectOption('fr')]);
    await page.getByRole('heading', { name: 'Mesures récentes' }).waitFor();
    expect(await page.getByRole('button', { name: 'Lancer la mesure' }).count()).toBe(1);
    // Back to the browser's language, for whatever runs after.
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Langue').selectOption('')]);
    await page.getByRole('heading', { name: 'Recent runs' }).waitFor();
    await context.close();
    expect(problems).toEqual([]);
  });
});
