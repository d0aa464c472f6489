import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { createTestApp, type TestContext } from '../helpers/app.ts';
import { html, mappedFetcher, startFixtureSite, type FixtureSite } from '../helpers/fixture-site.ts';

// A first workspace in a minute: from sign-up to a started first run in Chromium,
// the person types the brand name, the domain and the two Google property ids, nothing else;
// the rest is proposed from a fixture site on loopback (its domain mapped to it through the safe
// fetcher). Each step is kept at 1440 and 390 px: test-artifacts/onboarding-<step>-<width>.png.

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-artifacts';
const DOMAIN = 'acme-analytics.com';
const SITE = `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><title>Acme Analytics | Dashboards for everyone</title>
<link rel="alternate" hreflang="es" href="/es/"><meta name="description" content="The BI platform for small teams: dashboards that answer questions about your business data.">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Acme Analytics"}</script></head>
<body><nav><a href="https://www.globex.com/">Acme Analytics vs Globex</a> <a href="https://initech.io/">Alternative to Initech</a></nav><main><h1>Dashboards for everyone</h1><h2>How long does it take to build a dashboard?</h2><h2>Reports your whole team can read</h2></main></body></html>`;

let ctx: TestContext;
let site: FixtureSite;
let browser: Browser;
let page: Page;
let base: string;
const problems: string[] = [];
const typed: string[] = [];

/** Types into a field as the person would; every value typed is counted. */
async function type(label: string, value: string) {
  typed.push(label);
  await page.getByLabel(label, { exact: true }).fill(value);
}
/** The step at both widths, with nothing wider than the phone screen. */
async function shoot(step: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${step} at ${width}px overflows`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/onboarding-${step}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

beforeAll(async () => {
  if (!browserAvailable) return;
  mkdirSync(SHOTS, { recursive: true });
  site = await startFixtureSite({ '/': (_req, res) => html(res, SITE) });
  ctx = await createTestApp({ fetcher: mappedFetcher({ [DOMAIN]: site }) });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`); });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await ctx?.close();
  await site?.close();
});

describe.runIf(browserAvailable)('first workspace in a minute', () => {
  it('goes from sign-up to a started first run with four typed values', { timeout: 120_000 }, async () => {
    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill('onboard@example.com');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('link', { name: 'New workspace' }).click();

    // Step 1: two values; a pasted address is taken as its domain.
    await page.getByRole('heading', { name: /Step 1 of 3/ }).waitFor();
    await shoot('1-brand');
    await type('Brand name', 'Acme Analytics');
    await type('Website domain', `https://www.${DOMAIN}/`);
    await page.getByRole('button', { name: 'Propose the rest' }).click();

    // Step 2: everything proposed from the site; the competitors its comparison links name, each saying where.
    await page.getByRole('heading', { name: /Step 2 of 3/ }).waitFor();
    expect(await page.getByText(/^Read http:\/\/.+ Nothing was charged\.$/).isVisible()).toBe(true);
    expect(await page.getByLabel('Display name').inputValue()).toBe('Acme Analytics');
    expect(await page.getByLabel('Workspace slug').inputValue()).toBe('acme-analytics');
    expect(await page.getByRole('checkbox', { name: 'English', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Spanish', exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Regions').inputValue()).toBe('us');
    expect(await page.locator('.competitor').count()).toBe(2);
    expect(await page.getByLabel('Competitor 1 name').inputValue()).toBe('Globex');
    expect(await page.getByLabel('Competitor 2 name').inputValue()).toBe('Initech');
    expect(await page.getByLabel('Competitor 2 domain').inputValue()).toBe('initech.io');
    expect(await page.locator('.competitor-source').allTextContents()).toEqual([
      expect.stringMatching(/^Globex: A link on .+: “Acme Analytics vs Globex”\.$/), expect.stringMatching(/^Initech: A link on .+: “Alternative to Initech”\.$/),
    ]);
    expect(await page.getByLabel('Competitor 1 domain').inputValue()).toBe('globex.com');
    // The two property ids are checked as they are typed.
    await type('Google Analytics 4 property ID', 'G-1234567');
    await page.getByText('The GA4 property id is 6 to 12 digits').waitFor();
    await type('Search Console property', DOMAIN);
    await page.getByText('Write the domain property as sc-domain:').waitFor();
    expect(await page.getByLabel('Search Console property').getAttribute('aria-invalid')).toBe('true');
    await type('Google Analytics 4 property ID', '123456789');
    await type('Search Console property', `sc-domain:${DOMAIN}`);
    expect(await page.locator('.field-error').count()).toBe(0);
    await shoot('2-proposal');
    await page.getByRole('button', { name: 'Create workspace' }).click();

    // Step 3: the category read from the site, confirmed with a click, rewrites the set made at
    // creation on it (until then only the questions naming the brand and its competitors); the
    // site's suggestions; then the quoted first run.
    await page.getByRole('heading', { name: /Step 3 of 3/ }).waitFor();
    await page.locator('#category input[name="en-singular"]').waitFor();
    expect(await page.locator('#category input[name="en-singular"]').inputValue()).toBe('BI platform');
    expect(await page.locator('#category input[name="en-plural"]').inputValue()).toBe('BI platforms');
    await shoot('3-category');
    await page.getByRole('button', { name: 'Use this category and rewrite the prompts' }).click();
    await page.locator('#category').waitFor({ state: 'detached' });
    await page.locator('#first-quote strong').waitFor();
    await page.locator('summary', { hasText: /^Active prompts: 50,/ }).click();
    expect(await page.locator('ol.prompt-edit li').count()).toBe(50);
    const texts = await page.locator('ol.prompt-edit li input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(texts).toContain('What are the best BI platforms?');
    expect(texts.filter((t) => /\bproviders?\b/i.test(t))).toEqual([]);
    // The free credit does not cover a lite run: the smoke run is proposed instead.
    expect(await page.getByRole('radio', { name: /Smoke/ }).isChecked()).toBe(true);
    await page.getByText('Suggested by your site').waitFor();
    await page.locator('ul.prompt-edit li').first().getByLabel('Add').check();
    await shoot('3-prompts');
    const button = page.getByRole('button', { name: /^Start the first run \(\$\d+\.\d\d\)$/ });
    await button.click();
    await page.waitForURL(`${base}/w/acme-analytics/runs`);
    await page.locator('#runs .run').first().waitFor();
    await shoot('4-run-started');

    expect(typed.map((t) => t.replace(/ property.*/, ''))).toEqual(['Brand name', 'Website domain', 'Google Analytics 4', 'Search Console', 'Google Analytics 4', 'Search Console']);
    expect(new Set(typed).size).toBe(4);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const settings = await (await fetch(`${base}/api/v1/workspaces/acme-analytics/settings`, { headers: { cookie } })).json();
    expect(settings).toMatchObject({ domains: [DOMAIN], languages: ['en', 'es'], regions: ['us'], ga4Property: '123456789', gscProperty: `sc-domain:${DOMAIN}` });
    const runs = await (await fetch(`${base}/api/v1/workspaces/acme-analytics/runs`, { headers: { cookie } })).json();
    expect(runs.runs).toHaveLength(1);
    expect(problems).toEqual([]);
  });
});
