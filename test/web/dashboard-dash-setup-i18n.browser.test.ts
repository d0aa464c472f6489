import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../helpers/app.ts';
import { html, jobWhenDone, mappedFetcher, startFixtureSite, type FixtureSite } from '../helpers/fixture-site.ts';
import { multiDayLog } from '../helpers/traffic-log.ts';
import { MESSAGES } from '../../src/lib/messages/index.ts';
import { DASH_SETUP_EN } from '../../src/lib/messages/dash-setup.en.ts';

// The setup pages (onboarding, settings, reports, AI traffic, SEO, inbox) in Spanish and French, in Chromium: the browser's
// Accept-Language chooses the language, known words are there, and no English sentence of the
// setup part's catalogue is left on the page (its visible text), at 1440 and 390 px, with nothing
// wider than the phone screen. Then a person choosing French in the header's Language menu
// (PUT /api/v1/account/preferences) gets the page in French over an English browser.
// Screenshots: test-artifacts/i18n-<page>-<lang>-<width>.png.

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-artifacts';
const SLUG = 'i18n-setup';
const DOMAIN = 'acme-analytics.com';
const SITE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Analytics | Dashboards</title>
<meta name="description" content="The BI platform for small teams."></head>
<body><nav><a href="https://www.globex.com/">Acme Analytics vs Globex</a> <a href="https://initech.io/">Alternative to Initech</a></nav><main><h1>Dashboards for everyone</h1></main></body></html>`;
type Lang = 'es' | 'fr';

let ctx: TestContext;
let site: FixtureSite;
let browser: Browser;
let base: string;
let cookie: string;
const pages = new Map<Lang, Page>();
const problems: string[] = [];

/** The English sentences of this part that read differently in `lang`: none may be left on its pages. */
const english = (lang: Lang) => Object.entries(DASH_SETUP_EN)
  .filter(([key, en]) => en.length > 6 && !/[{}]/.test(en) && MESSAGES[lang][key as keyof typeof DASH_SETUP_EN] !== en)
  .map(([, en]) => en);

/**
 * The page's visible text holds `expected` and no English sentence; shot at both widths, nothing
 * overflowing. `server`: elements whose words the server writes (a report type's title and
 * description, a chain break's reason), left out of the English check.
 */
async function check(page: Page, name: string, lang: Lang, expected: readonly string[], server = '') {
  let text = await page.evaluate(() => document.body.innerText);
  if (server) for (const part of await page.locator(server).allInnerTexts()) text = text.replaceAll(part, '');
  for (const word of expected) expect(text, `${name} (${lang}) shows “${word}”`).toContain(word);
  // Whole words only: Spanish "Componente" holds the English "Component" and is not a leak.
  const left = english(lang).filter((en) => new RegExp(`(?<!\\p{L})${en.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u').test(text));
  expect(left, `${name} (${lang}) still shows English`).toEqual([]);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Charts follow the new width on the window's resize event: the page settles, then nothing is wider than the screen.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: `${name} (${lang}) at ${width}px overflows` }).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/i18n-${name}-${lang}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function open(lang: Lang | 'en') {
  const context = await browser.newContext({ locale: { es: 'es-ES', fr: 'fr-FR', en: 'en-US' }[lang], viewport: { width: 1440, height: 900 } });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name: name!, value: value!, url: base }]);
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text()); });
  return page;
}

beforeAll(async () => {
  if (!browserAvailable) return;
  mkdirSync(SHOTS, { recursive: true });
  site = await startFixtureSite({ '/': (_req, res) => html(res, SITE) });
  ctx = await createTestApp({ fetcher: mappedFetcher({ [DOMAIN]: site }) });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, SLUG);
  const topUp = await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${SLUG}/credits/top-up`, headers: { cookie }, payload: { amountMicrousd: 5_000_000, idempotencyKey: 'i18n-topup' } });
  expect(topUp.statusCode).toBeLessThan(300);
  const alert = await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${SLUG}/alerts`, headers: { cookie }, payload: { kind: 'score', metric: 'visibility', direction: 'drop' } });
  expect(alert.statusCode).toBeLessThan(300);
  // A few days of generated access log, for the AI traffic page's figures.
  const upload = await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${SLUG}/traffic/logs`, headers: { cookie, 'content-type': 'text/plain' }, payload: multiDayLog(3, 60, Date.now() - 86_400_000) });
  expect(upload.statusCode, upload.body).toBe(202);
  expect((await jobWhenDone(ctx.app, SLUG, upload.json().id, { cookie })).status).toBe('succeeded');
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  browser = await launchBrowser();
  for (const lang of ['es', 'fr'] as const) pages.set(lang, await open(lang));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await ctx?.close();
  await site?.close();
});

const WORDS = {
  onboarding: { es: ['Paso 1 de 3: tu marca', 'Nombre de la marca', 'Proponer el resto'], fr: ['Étape 1 sur 3\u202f: votre marque', 'Nom de la marque', 'Proposer le reste'] },
  proposal: { es: ['Paso 2 de 3: revisa la propuesta', 'No se ha cobrado nada.', 'Crear el espacio de trabajo'], fr: ['Étape 2 sur 3\u202f: vérifiez la proposition', 'Rien n’a été facturé.', 'Créer l’espace de travail'] },
  settings: {
    es: ['Ajustes', 'Guardar la marca', 'Competidores', 'Los prompts que se preguntan a los motores', 'Comprar créditos', 'Invitar a alguien', 'en todos los motores baja más allá del ruido'],
    fr: ['Paramètres', 'Enregistrer la marque', 'Concurrents', 'Les prompts posés aux moteurs', 'Acheter des crédits', 'Inviter quelqu’un', 'sur tous les moteurs baisse au-delà du bruit'],
  },
  reports: {
    es: ['Informes', 'Crear un informe ahora', 'Quién envía los informes', 'Envío programado', 'Crear el informe'],
    fr: ['Rapports', 'Créer un rapport maintenant', 'Qui envoie les rapports', 'Envoi programmé', 'Créer le rapport'],
  },
  traffic: {
    es: ['Tráfico de IA', 'Del rastreo a la visita', 'Rastreadores de IA', 'Registros recibidos'],
    fr: ['Trafic IA', 'De l’exploration à la visite', 'Robots d’IA', 'Journaux reçus'],
  },
  seo: { es: ['Puntuaciones', 'Comprobaciones técnicas', 'Evaluaciones de páginas', 'Actualizar (consume crédito)'], fr: ['Scores', 'Vérifications techniques', 'Évaluations de pages', 'Actualiser (consomme du crédit)'] },
  email: { es: ['Bandeja del espacio de trabajo', 'Dirección'], fr: ['Boîte de l’espace de travail', 'Adresse'] },
} as const;

describe.runIf(browserAvailable)('the setup pages in Spanish and French', () => {
  it.each(['es', 'fr'] as const)('onboarding in %s: the brand step, then the proposal read from the site', { timeout: 90_000 }, async (lang) => {
    const page = pages.get(lang)!;
    await page.goto(`${base}/new`);
    await page.locator('#step-h').waitFor();
    await check(page, 'onboarding', lang, WORDS.onboarding[lang]);
    await page.locator('#brandName').fill('Acme Analytics');
    await page.locator('#domain').fill(DOMAIN);
    await page.locator('form button[type=submit]').click();
    await page.locator('#displayName').waitFor();
    await check(page, 'onboarding-proposal', lang, WORDS.proposal[lang]);
  });

  it.each(['es', 'fr'] as const)('settings in %s: every section', { timeout: 90_000 }, async (lang) => {
    const page = pages.get(lang)!;
    await page.goto(`${base}/w/${SLUG}/settings`);
    await page.locator('#credit-available').waitFor();
    await page.locator('#prompt-list li').first().waitFor();
    await page.locator('#alerts-list li').first().waitFor();
    await page.locator('#members tbody tr').first().waitFor();
    await check(page, 'settings', lang, WORDS.settings[lang]);
    // The model's status is the chat's sentence, said here in the page's language (the chat says it in the workspace's).
    expect(await page.locator('#model-status').innerText()).not.toMatch(/^(No language model|Chat replies are written)/);
  });

  it.each(['es', 'fr'] as const)('reports in %s: making one, the list, the sender and the scheduled mail', { timeout: 60_000 }, async (lang) => {
    const page = pages.get(lang)!;
    await page.goto(`${base}/w/${SLUG}/reports`);
    await page.locator('#make-type').waitFor();
    await page.locator('#sender-agency').waitFor();
    await page.locator('#delivery-state').waitFor();
    await check(page, 'reports', lang, WORDS.reports[lang], '#make-type option, #make-type-hint, #report-type option, #delivery-type option, #reports th[scope=row]');
  });

  it.each(['es', 'fr'] as const)('AI traffic in %s: each of its four views', { timeout: 90_000 }, async (lang) => {
    const page = pages.get(lang)!;
    for (const view of ['chain', 'crawlers', 'visits', 'robots']) {
      await page.goto(`${base}/w/${SLUG}/traffic?view=${view}`);
      await page.locator('#traffic-received').waitFor();
      await page.locator({ chain: '#chain', crawlers: '#traffic-pages', visits: '#traffic-referrals', robots: '#unfetched' }[view]!).waitFor();
      await page.waitForFunction(() => !document.querySelector('p.muted[role=status]'));
      await check(page, `traffic-${view}`, lang, view === 'chain' ? WORDS.traffic[lang] : [WORDS.traffic[lang][0]], '.reason');
    }
  });

  it.each(['es', 'fr'] as const)('SEO and the inbox in %s', { timeout: 60_000 }, async (lang) => {
    const page = pages.get(lang)!;
    await page.goto(`${base}/w/${SLUG}/seo`);
    await page.locator('#seo-components').waitFor();
    await page.locator('#pe-url').waitFor();
    await check(page, 'seo', lang, WORDS.seo[lang], '#seo-components th[scope=row], #seo-components td');
    await page.goto(`${base}/w/${SLUG}/email`);
    await page.locator('#inbox-h').waitFor();
    await page.waitForFunction(() => !document.querySelector('p.muted[role=status]'));
    await check(page, 'email', lang, WORDS.email[lang], '#inbox dd');
  });

  it('switches an English browser to French from the header’s Language menu', { timeout: 60_000 }, async () => {
    const page = await open('en');
    await page.goto(`${base}/w/${SLUG}/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    const menu = page.locator('label.switcher', { hasText: 'Language' }).locator('select');
    await expect.poll(() => menu.isEnabled()).toBe(true);
    await Promise.all([page.waitForEvent('load'), menu.selectOption('fr')]);
    await page.getByRole('heading', { name: 'Paramètres', level: 1 }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    // The brand form is drawn after the page's data arrives, so wait for it rather than count at once.
    await page.getByRole('button', { name: 'Enregistrer la marque' }).waitFor();
    expect(await page.getByRole('button', { name: 'Enregistrer la marque' }).count()).toBe(1);
    // Handing the choice back to the browser leaves the other tests' pages as their browsers ask.
    await page.evaluate(() => fetch('/api/v1/account/preferences', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ language: null }) }));
    await page.context().close();
    expect(problems).toEqual([]);
  });
});
