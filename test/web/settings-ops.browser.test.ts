import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../helpers/app.ts';
import { startFixtureSite, text, type FixtureSite } from '../helpers/fixture-site.ts';
import { until } from '../helpers/wait.ts';

// The settings sections for monitoring (schedule, alerts, webhooks) in Chromium. Written beside the
// routes of docs/runs.md "Schedules" and docs/monitoring.md, which other branches build: run after the
// merge. The webhook receiver is a loopback fixture site that the app's fetcher alone allows.

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-artifacts';
let ctx: TestContext;
let site: FixtureSite;
let browser: Browser;
let page: Page;
let base: string;

beforeAll(async () => {
  if (!browserAvailable) return;
  mkdirSync(SHOTS, { recursive: true });
  site = await startFixtureSite({ '/hook': (_req, res) => text(res, 'ok') });
  ctx = await createTestApp({ fetcher: site.fetcher });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  const { cookie } = await signup(ctx.app, 'ops@example.com');
  await createWorkspace(ctx.app, cookie, 'ops');
  browser = await launchBrowser();
  const context = await browser.newContext({ locale: 'en-US' });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: base }]);
  page = await context.newPage();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await ctx?.close();
  await site?.close();
});

describe.runIf(browserAvailable)('schedule, alert and webhook settings in Chromium', () => {
  it('sets a weekly schedule, sees its next run, and removes it', async () => {
    await page.goto(`${base}/w/ops/settings#schedule`);
    await page.getByText('No schedule').waitFor();
    // More than hourly is refused, and the message sits beside the cron field.
    await page.locator('#schedule-cron').fill('* * * * *');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect.poll(() => page.locator('#schedule-cron').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#schedule-cron-err').textContent()).toMatch(/cron/);
    await page.locator('#schedule-cron').fill('0 6 * * 1');
    await page.locator('#schedule-tz').fill('Europe/Madrid');
    await page.locator('#schedule-preset').selectOption('smoke');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await page.locator('#schedule-state', { hasText: 'Next run' }).waitFor();
    expect(await page.locator('#schedule-state').textContent()).toContain('Europe/Madrid');
    await page.screenshot({ path: `${SHOTS}/dashboard-schedule.png`, fullPage: true });
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Remove schedule' }).click();
    await page.getByText('No schedule').waitFor();
  });

  it('adds a webhook whose secret is shown once, sends a test event and lists the delivery', async () => {
    await page.goto(`${base}/w/ops/settings#webhooks`);
    await page.locator('#webhook-url').fill(`${site.origin}/hook`);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    expect(await page.locator('#webhook-secret').textContent()).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await page.locator('#webhook-secret').waitFor({ state: 'detached' });
    const hook = page.locator('#webhooks-list .webhook', { hasText: `${site.origin}/hook` });
    await hook.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('Test event sent.').waitFor();
    // Closing and opening the panel loads it again; rows are counted once that load has ended.
    await expect.poll(async () => {
      await hook.getByRole('button', { name: 'Deliveries' }).click();
      await hook.getByRole('button', { name: 'Deliveries' }).click();
      await hook.locator('.deliveries[aria-busy="false"]').waitFor();
      return hook.locator('.deliveries tbody tr:not(.empty)').count();
    }, { timeout: 60_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/dashboard-webhooks.png`, fullPage: true });
  });

  it('adds alert rules that read as sentences, shows what one fired with its reason, and deletes one', async () => {
    await page.goto(`${base}/w/ops/settings#alerts`);
    await page.locator('#alerts-empty').waitFor();
    await page.locator('#alert-kind').selectOption('score');
    await page.locator('#alert-metric').selectOption('visibility');
    await page.locator('#alert-direction').selectOption('rise');
    await page.locator('#alert-engine').selectOption('google-aio');
    await page.getByRole('button', { name: 'Add alert' }).click();
    const rules = page.locator('#alerts-list .alert-rule');
    await rules.filter({ hasText: 'Visibility on Google AI Overviews rises beyond the noise (95% intervals apart).' }).waitFor();
    await page.locator('#alert-kind').selectOption('run_failed');
    await page.locator('#alert-name').fill('Runs that fail');
    await page.getByRole('button', { name: 'Add alert' }).click();
    const failing = rules.filter({ hasText: 'Runs that fail: A measurement run fails.' });
    await failing.waitFor();

    // A failed run fires it; the firing's reason is what the member's mail said.
    const wsId = ((await ctx.database.executeSql(`select id from workspaces where slug = 'ops'`)).rows[0] as { id: string }).id;
    await ctx.app.events.publish({ type: 'run.failed', workspaceId: wsId, data: { runId: 'run_ops', error: { code: 'all_calls_failed', message: 'all 10 engine calls failed' } } });
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const ruleId = (await (await fetch(`${base}/api/v1/workspaces/ops/alerts`, { headers: { cookie } })).json()).alerts.find((a: { name: string | null }) => a.name === 'Runs that fail').id;
    await until(async () => (await (await fetch(`${base}/api/v1/workspaces/ops/alerts/${ruleId}/firings`, { headers: { cookie } })).json()).firings, (f) => f.length > 0, 'the firing');
    await failing.getByRole('button', { name: 'Firings' }).click();
    await failing.getByText('Run run_ops failed: all 10 engine calls failed [all_calls_failed].').waitFor();
    await page.locator('#alerts').screenshot({ path: `${SHOTS}/dashboard-alerts.png` });

    page.once('dialog', (d) => void d.accept());
    await failing.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Alert deleted.').waitFor();
    await expect.poll(() => rules.count()).toBe(1); // the list reloads after the notice
  });
});
