import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../helpers/app.ts';
import { hugePng } from '../helpers/images.ts';
import { goodPage, html, jobWhenDone, LLMS, ROBOTS, SITEMAP, startFixtureSite, text, type FixtureSite } from '../helpers/fixture-site.ts';

// The dashboard pages beyond the main walk (dashboard.browser.test.ts), in Chromium: research
// (start it, add a suggested prompt), reports (list, filter, download), the inbox, an SEO page
// evaluation of a loopback fixture site (and a refused address shown as an error), and every
// workspace page at phone width (390 px). The account, workspace and a finished run are made
// through the API first; the browser carries the same session cookie.

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-artifacts';
const SLUG = 'pages';
let ctx: TestContext;
let site: FixtureSite;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let base: string;
let cookie: string;
const problems: string[] = [];

const shot = (name: string) => page.screenshot({ path: `${SHOTS}/dashboard-${name}.png`, fullPage: true });
const api = async (method: string, path: string, payload?: unknown) => {
  const res = await ctx.app.inject({ method: method as 'GET', url: path, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  if (!browserAvailable) return;
  mkdirSync(SHOTS, { recursive: true });
  site = await startFixtureSite({
    '/': (_req, res, { origin }) => html(res, goodPage(origin)),
    '/robots.txt': (_req, res, { origin }) => text(res, ROBOTS(origin)),
    '/sitemap.xml': (_req, res, { origin }) => text(res, SITEMAP(origin, ['/']), 'application/xml'),
    '/llms.txt': (_req, res) => text(res, LLMS, 'text/markdown'),
  });
  ctx = await createTestApp({ fetcher: site.fetcher });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, SLUG);
  expect((await api('POST', `/api/v1/workspaces/${SLUG}/credits/top-up`, { amountMicrousd: 20_000_000, idempotencyKey: 'pages-topup' })).status).toBeLessThan(300);
  // Every report type after the run, to list, filter and download.
  expect((await api('PUT', `/api/v1/workspaces/${SLUG}/reports/automatic`, { afterRun: ['visibility_summary', 'competitor_comparison', 'citation_sources', 'recommendations_progress', 'seo_technical_status'], weekly: [] })).status).toBe(200);
  const run = await api('POST', `/api/v1/workspaces/${SLUG}/runs`, { preset: 'smoke' });
  expect((await jobWhenDone(ctx.app, SLUG, run.body.id, { cookie })).status).toBe('succeeded');
  // Recommendations to fill the board at phone width.
  const recs = await api('POST', `/api/v1/workspaces/${SLUG}/recs/generate`, { lane: 'geo' });
  expect((await jobWhenDone(ctx.app, SLUG, recs.body.id, { cookie })).status).toBe('succeeded');
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name: name!, value: value!, url: base }]);
  page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
}, 120_000);
afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await shot(`pages-failed-${test.task.name.slice(0, 30).replace(/\W+/g, '-')}`).catch(() => {});
});
afterAll(async () => {
  await browser?.close();
  await ctx?.close();
  await site?.close();
});

describe.runIf(browserAvailable)('dashboard pages in Chromium', () => {
  it('reaches the new sections from the navigation, keyboard first', async () => {
    await page.goto(`${base}/w/${SLUG}`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    const nav = page.getByRole('navigation', { name: 'Workspace sections' });
    for (const name of ['Answers', 'Research', 'Reports', 'Inbox']) expect(await nav.getByRole('link', { name }).count()).toBe(1);
    await nav.getByRole('link', { name: 'Reports' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/w/${SLUG}/reports`);
    expect(await nav.getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
  });

  it('lists the reports the run made, filters them by type and downloads one as CSV', async () => {
    await page.goto(`${base}/w/${SLUG}/reports`);
    await page.locator('#reports tbody tr').first().waitFor();
    const all = await page.locator('#reports tbody tr').count();
    expect(all).toBeGreaterThan(1);
    await page.getByLabel('Report type').selectOption('citation_sources');
    await expect.poll(() => page.locator('#reports tbody tr').count()).toBeLessThan(all);
    const row = page.locator('#reports tbody tr').first();
    expect(await row.textContent()).toContain('Simulated');
    const href = (await row.getByRole('link', { name: /^CSV/ }).getAttribute('href'))!;
    expect(href).toMatch(/\?format=csv$/);
    const csv = await fetch(`${base}${href}`, { headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    await shot('reports');
  });

  it('makes a report on request and offers it when ready; sets who sends it and schedules its mail, refusing a bad address beside its field', { timeout: 120_000 }, async () => {
    // It makes a PDF in Chromium and waits up to a minute for it: the file's 30 s would cut it short on a loaded machine.
    await page.goto(`${base}/w/${SLUG}/reports`);
    await page.locator('#make-type').selectOption('competitor_comparison');
    await page.locator('#make-language').selectOption('es');
    await page.getByRole('button', { name: 'Make the report' }).click();
    const made = page.locator('#reports tbody tr', { hasText: 'on request' }).first();
    await made.getByRole('link', { name: /^PDF/ }).waitFor({ timeout: 60_000 });
    expect(await made.textContent()).toMatch(/Competitor comparison/);
    expect(await made.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/); // the period reads as dates, not ISO days
    // A logo of 16000×16000 pixels (a few KB) is refused beside its field, in words, and not kept.
    const huge = Buffer.from(hugePng(16_000, 16_000).split(',')[1]!, 'base64');
    await page.locator('#sender-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: huge });
    await page.getByRole('button', { name: 'Remove the logo' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('#sender-logo-err').waitFor();
    expect(await page.locator('#sender-logo-err').textContent()).toMatch(/^The logo is 16,000 × 16,000 pixels; a logo may be at most 4,096 pixels wide and 4,096 pixels high\.$/);
    await shot('reports-logo-refused');
    expect((await api('GET', `/api/v1/workspaces/${SLUG}/reports/settings`)).body).toMatchObject({ agencyLogo: null });
    await page.getByRole('button', { name: 'Remove the logo' }).click();
    await page.getByLabel('Agency name').fill('Northwind Agency');
    await page.getByLabel(/White-label/).check();
    // A colour too light for the white page is refused beside its field; a dark one is kept.
    await page.getByLabel('Use the client brand’s colour').uncheck();
    await page.locator('#sender-color').fill('#ffee58');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('#sender-color-err').waitFor();
    expect(await page.locator('#sender-color-err').textContent()).toMatch(/too light to read on the white page/);
    await page.locator('#sender-color').fill('#7c2d12');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved: the next reports use it.').waitFor();
    // What was changed here is the workspace's own; what was left as it came stays inherited (agency settings, else defaults).
    expect((await api('GET', `/api/v1/workspaces/${SLUG}/reports/settings`)).body).toMatchObject({ agencyName: 'Northwind Agency', agencyColor: '#7c2d12', whiteLabel: true, inherited: ['agencyLogo', 'timeZone', 'language'] });
    // Automatic reports: the choice made at set-up shows ticked; untick one and it is no longer made after runs.
    const seoAfterRun = page.locator('#automatic-afterRun input[name="afterRun-seo_technical_status"]');
    expect(await seoAfterRun.isChecked()).toBe(true);
    await seoAfterRun.uncheck();
    await page.getByRole('button', { name: 'Save automatic reports' }).click();
    await page.getByText('Saved: the next runs and weeks follow this choice.').waitFor();
    expect((await api('GET', `/api/v1/workspaces/${SLUG}/reports/automatic`)).body).toEqual({
      afterRun: ['visibility_summary', 'competitor_comparison', 'citation_sources', 'recommendations_progress'], weekly: [], chosen: true,
    });
    await page.getByLabel('How often').selectOption('weekly');
    await page.getByLabel('Recipients (up to 20 addresses, one per line)').fill('cmo@client.test\nnot-an-address');
    await page.getByRole('button', { name: 'Save the schedule' }).click();
    await page.locator('#delivery-recipients-err').waitFor();
    await page.getByLabel('Recipients (up to 20 addresses, one per line)').fill('cmo@client.test');
    await page.getByRole('button', { name: 'Save the schedule' }).click();
    await page.getByText('Schedule saved.').waitFor();
    expect(await page.locator('#delivery-state').textContent()).toMatch(/^Active: the next mail goes out /);
    await shot('reports-make');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot('reports-make-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(problems).toEqual([]);
  });

  it('starts research, follows its stages and adds a suggested prompt to the prompt set', { timeout: 90_000 }, async () => {
    await page.goto(`${base}/w/${SLUG}/research`);
    await page.getByText('No research yet.').waitFor();
    await page.getByRole('button', { name: 'Start research' }).click();
    await page.locator('#research-latest .badge.status-succeeded').first().waitFor({ timeout: 60_000 });
    const prompts = page.locator('#found-prompts');
    const first = prompts.locator('label.choice').first();
    const promptText = (await first.textContent())!.trim();
    await first.locator('input').check();
    await prompts.getByRole('button', { name: /Add 1 selected/ }).click();
    await page.getByText('1 prompt added to the prompt set.').waitFor();
    await expect.poll(async () => prompts.locator('label.choice', { hasText: 'added' }).count()).toBe(1);
    const jobs = (await api('GET', `/api/v1/workspaces/${SLUG}/research`)).body as Array<{ stages: Array<{ findings: Array<{ kind: string; accepted?: boolean; text?: string }> }> }>;
    const accepted = jobs[0]!.stages.flatMap((s) => s.findings).filter((f) => f.kind === 'prompt' && f.accepted);
    expect(accepted).toHaveLength(1);
    expect(promptText).toContain(accepted[0]!.text);
    // The simulated model names only the tracked brands: no competitor is proposed without a source.
    expect(await page.locator('#found-competitors li').count()).toBe(0);
    await shot('research');
  });

  it('shows the inbox status and tries provisioning again without a provider', async () => {
    await page.goto(`${base}/w/${SLUG}/email`);
    await page.locator('#inbox').waitFor();
    expect(await page.locator('#inbox').textContent()).toContain('Not set up');
    await page.getByRole('button', { name: 'Try provisioning again' }).click();
    await page.getByText(/Nothing changed|Inbox status is now/).waitFor();
    await shot('inbox');
  });

  it('refuses a private address visibly, then evaluates a page and shows its scores and checks', { timeout: 120_000 }, async () => {
    await page.goto(`${base}/w/${SLUG}/seo`);
    await page.getByText('No page evaluated yet.').waitFor();
    await page.getByLabel('Page address').fill('http://10.0.0.1/');
    await page.getByRole('button', { name: 'Evaluate' }).click();
    await page.locator('.alert', { hasText: /never fetched/ }).waitFor();
    await page.getByLabel('Page address').fill(`${site.origin}/`);
    await page.getByRole('button', { name: 'Evaluate' }).click();
    // Live stages from the job: the audit is seen in progress (it takes seconds), the fetch done before it.
    const stages = page.getByRole('list', { name: 'Evaluation stages' });
    await stages.locator('.stage.current', { hasText: 'Lighthouse audit' }).waitFor({ timeout: 60_000 });
    expect(await stages.locator('.stage.done').allTextContents()).toEqual([expect.stringContaining('Fetch the page'), expect.stringContaining('Read robots.txt')]);
    await shot('seo-evaluation-stages');
    await page.locator('#evaluations tbody tr').first().waitFor({ timeout: 100_000 });
    const row = page.locator('#evaluations tbody tr').first();
    const scores = await row.locator('td').evaluateAll((cells) => cells.slice(0, 4).map((c) => Number(c.textContent)));
    for (const score of scores) expect(score).toBeGreaterThanOrEqual(0);
    expect(await row.textContent()).toContain(site.origin);
    await row.getByText(/of 9 passed/).click();
    expect(await row.locator('ul.checks').textContent()).toContain('✗ robots.txt');
    await page.getByText(`Evaluated ${site.origin}/.`).waitFor();
    expect(await stages.locator('.stage.done').count()).toBe(4);
    await shot('seo-evaluation');
  });

  it('reads what an engine said: the answers behind a run row, the whole text with the tracked names marked, searched, and compared with nothing before', { timeout: 90_000 }, async () => {
    // From the run detail: a row's answer link opens that answer, over the Answers page filtered to that run, prompt and engine.
    const run = (await api('GET', `/api/v1/workspaces/${SLUG}/runs?limit=1`)).body.runs[0];
    await page.goto(`${base}/w/${SLUG}/runs/${run.id}`);
    const link = page.locator('#results tbody tr').first().getByRole('link', { name: /^Read the / });
    await link.click();
    await page.locator('#answer-reader').waitFor();
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.locator('#answers .answer-item').first().waitFor();
    expect(new URL(page.url()).searchParams.get('runId')).toBe(run.id);
    const count = await page.locator('#answers .answer-item').count();
    expect(count).toBeGreaterThan(0);

    // The answers that name the brand: the reader marks each occurrence, and the legend names it.
    await page.goto(`${base}/w/${SLUG}/answers?mentions=brand`);
    await page.getByRole('button', { name: 'Read the whole answer' }).first().click();
    const reader = page.locator('#answer-reader');
    await reader.waitFor();
    await page.waitForFunction(() => new URL(location.href).searchParams.has('answer'));
    const marks = reader.locator('.answer-text mark[data-entity="brand"]');
    expect(await marks.count()).toBeGreaterThan(0);
    const { body: stored } = await api('GET', `/api/v1/workspaces/${SLUG}/answers/${new URL(page.url()).searchParams.get('answer')}`);
    const brandNames = new Set<string>(stored.answer.mentions.filter((m: { entityId: string }) => m.entityId === 'brand').map((m: { start: number; end: number }) => stored.answer.text.slice(m.start, m.end)));
    for (const marked of await marks.allTextContents()) expect(brandNames.has(marked)).toBe(true);
    expect(await reader.locator('.legend mark[data-entity="brand"]').count()).toBe(1);
    // The text as stored, whole: nothing cut, nothing added by the marks.
    expect(await reader.locator('.answer-text').first().textContent()).toBe(stored.answer.text);
    await shot('answers-reader');

    // A search for the brand's name finds the same answers the API does.
    await reader.getByRole('button', { name: 'Back to the list' }).click();
    const word = [...brandNames][0]!;
    await page.locator('#answers-q').fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForFunction((w) => new URL(location.href).searchParams.get('q') === w, word);
    await page.locator('#answers .answer-item').first().waitFor();
    const { body: found } = await api('GET', `/api/v1/workspaces/${SLUG}/answers?mentions=brand&limit=20&q=${encodeURIComponent(word)}`);
    expect(await page.locator('#answers .answer-item').count()).toBe(found.answers.length);
    await shot('answers-list');
  });

  it('fits every workspace page in a 390 px phone screen', { timeout: 90_000 }, async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const section of ['', '/runs', '/answers', '/recs', '/chat', '/seo', '/research', '/reports', '/email']) {
      await page.goto(`${base}/w/${SLUG}${section}`);
      await page.locator('main h1').waitFor();
      await page.waitForLoadState('networkidle');
      if (section === '/recs') await page.locator('#col-proposed-list .rec').first().waitFor();
      if (section === '/answers') await page.locator('#answers .answer-item').first().waitFor();
      // Nothing wider than the screen; wide tables scroll inside their own box.
      const wide = await page.evaluate(() => [...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > 390 && !e.closest('.table-wrap')).slice(0, 5).map((e) => `${e.tagName}#${e.id}.${e.className}`));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${section || 'overview'} ${wide.join(' ')}`).toBeLessThanOrEqual(390);
      await shot(`phone-${section.slice(1) || 'overview'}`);
    }
  });

  it('logged no script error and no CSP violation on any page', () => {
    expect(problems).toEqual([]);
  });
});
