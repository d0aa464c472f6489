import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable } from '../helpers/browser.ts';
import { acceptNextDialog, openSettingsWorld, type SettingsWorld } from './settings-setup.ts';

// API keys, the model and connections in Chromium: a key's secret shown once, its rotation
// (the old key keeps working in grace until the rotation is confirmed) and revocation; a model
// id the API refuses, shown beside its field; a stored credential that comes back masked, and
// its test, which reaches no provider (the test app's fetcher stays on loopback).

const SLUG = 'access';
let w: SettingsWorld;

beforeAll(async () => {
  if (!browserAvailable) return;
  w = await openSettingsWorld(SLUG, 'keys@example.com');
}, 120_000);
afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await w?.shot(`failed-access-${test.task.name.slice(0, 24).replace(/\W+/g, '-')}`).catch(() => {});
});
afterAll(async () => { await w?.close(); });

const statusWith = (secret: string) => fetch(`${w.base}/api/v1/workspaces`, { headers: { authorization: `Bearer ${secret}` } }).then((r) => r.status);

describe.runIf(browserAvailable)('API key, model and connection settings in Chromium', () => {
  it('creates a key shown once, rotates it, ends the old key, and revokes the new one', { timeout: 60_000 }, async () => {
    const { page } = w;
    await page.goto(`${w.base}/w/${SLUG}/settings#api-keys`);
    const keys = page.locator('#api-keys');
    await keys.getByLabel('Key name').fill('reporting');
    await keys.getByLabel('Allowed addresses').fill('10.0.0.1/8');
    await keys.getByRole('button', { name: 'Create key' }).click();
    await expect.poll(() => keys.locator('#key-cidrs').getAttribute('aria-invalid')).toBe('true');
    await keys.getByLabel('Allowed addresses').fill('');
    await keys.getByRole('button', { name: 'Create key' }).click();
    const first = (await page.locator('#new-secret').textContent())!;
    expect(first).toMatch(/^gp_live_[A-Za-z0-9_-]{43}$/);
    expect(await statusWith(first)).toBe(401);
    await keys.getByRole('button', { name: /I have saved it/ }).click();
    await page.locator('#new-secret').waitFor({ state: 'detached' });
    await keys.locator('#keys tbody tr', { hasText: 'active' }).waitFor();
    expect(await statusWith(first)).toBe(200);

    let asked = acceptNextDialog(page);
    await keys.getByRole('button', { name: 'Rotate reporting' }).click();
    expect(await asked).toContain('15 minutes');
    const second = (await page.locator('#new-secret').textContent())!;
    expect(second).not.toBe(first);
    await keys.getByRole('button', { name: /I have saved it/ }).click();
    await keys.locator('#keys tbody tr', { hasText: 'works until' }).waitFor();
    expect(await statusWith(first)).toBe(200);
    expect(await statusWith(second)).toBe(200);
    await w.shot('api-keys');

    asked = acceptNextDialog(page);
    await keys.getByRole('button', { name: /End old key now/ }).click();
    await asked;
    await keys.getByText('The old key of reporting is revoked.').waitFor();
    expect(await statusWith(first)).toBe(401);

    asked = acceptNextDialog(page);
    await keys.getByRole('button', { name: 'Revoke reporting' }).click();
    expect(await asked).toContain('cannot be undone');
    await keys.getByText('reporting revoked.').waitFor();
    expect(await statusWith(second)).toBe(401);
    expect(await keys.locator('#keys tbody tr').count()).toBe(0);
    await keys.getByLabel('show revoked').check();
    expect(await keys.locator('#keys tbody tr', { hasText: 'revoked' }).count()).toBe(2);
  });

  it('refuses a malformed model beside its field, then saves a chosen one', async () => {
    const { page } = w;
    const model = page.locator('#model');
    await model.getByLabel('Model', { exact: true }).fill('not a model!');
    await model.getByRole('button', { name: 'Save model' }).click();
    await expect.poll(() => model.locator('#model-id').getAttribute('aria-invalid')).toBe('true');
    expect(await model.locator('#model-id-err').textContent()).toMatch(/model/);
    await model.getByLabel('Model', { exact: true }).fill('anthropic:claude-haiku-4-5');
    await model.getByRole('button', { name: 'Save model' }).click();
    // Named as a person reads it, here and in the line above: the same name the chat's banner gives.
    await model.getByText('Model set to Anthropic · Claude Haiku 4.5.').waitFor();
    await model.getByText('In use: Anthropic · Claude Haiku 4.5.').waitFor();
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/model`)).body).toMatchObject({ model: 'anthropic:claude-haiku-4-5', isDefault: false });
  });

  it('stores a credential that comes back masked, tests it, and sets the Google properties', async () => {
    const { page } = w;
    const conn = page.locator('#connections');
    await conn.getByLabel('Connector').selectOption('serpapi');
    await conn.getByLabel('API key value').fill('serp-secret-value-1234567890');
    await conn.getByRole('button', { name: 'Store credential' }).click();
    await conn.getByText(/Stored serpapi credential/).waitFor();
    expect(await page.content()).not.toContain('serp-secret-value-1234567890');
    await conn.locator('#stored-credentials', { hasText: 'serpapi' }).waitFor();
    await conn.getByRole('button', { name: 'Test serpapi' }).click();
    const result = conn.locator('.test-result');
    await result.waitFor();
    expect(await result.textContent()).toMatch(/serpapi: (working|not confirmed)/);
    expect(await result.textContent()).toMatch(/stored: passed/);

    await conn.getByLabel('GA4 property id').fill('12ab');
    await conn.getByRole('button', { name: 'Save properties' }).click();
    await expect.poll(() => conn.locator('#ga4-property').getAttribute('aria-invalid')).toBe('true');
    await conn.getByLabel('GA4 property id').fill('987654321');
    await conn.getByRole('button', { name: 'Save properties' }).click();
    await conn.getByText('Properties saved.').waitFor();
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/connections`)).body.google.ga4Property).toBe('987654321');
    await w.shot('connections');
  });

  it('logged no script error and no CSP violation', () => {
    expect(w.problems).toEqual([]);
  });
});
