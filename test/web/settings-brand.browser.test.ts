import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable } from '../helpers/browser.ts';
import { makePng } from '../../src/modules/profile/test-images.ts';
import { activeKey, createWorkspace } from '../helpers/app.ts';
import { openSettingsWorld, SHOTS, type SettingsWorld } from './settings-setup.ts';

// Brand, design and icon, and credits in Chromium, then the whole settings page at phone
// width. The workspace's site (acme.com) is not reachable from a test: taking the icon or the
// design from it reports that and keeps what is stored. The checkout page of mock mode is
// answered inside the browser, so that nothing is sent to the configured public address.

const SLUG = 'brand';
let w: SettingsWorld;

beforeAll(async () => {
  if (!browserAvailable) return;
  w = await openSettingsWorld(SLUG, 'brand@example.com');
}, 120_000);
afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await w?.shot(`failed-brand-${test.task.name.slice(0, 24).replace(/\W+/g, '-')}`).catch(() => {});
});
afterAll(async () => { await w?.close(); });

describe.runIf(browserAvailable)('brand, design and credit settings in Chromium', () => {
  it('shows a refused domain beside its field, then saves the brand', async () => {
    const { page } = w;
    await page.goto(`${w.base}/w/${SLUG}/settings#brand`);
    const brand = page.locator('#brand');
    await brand.getByLabel('Domains (comma separated)').fill('acme.com, Bad_Domain');
    await brand.getByRole('button', { name: 'Save brand' }).click();
    await expect.poll(() => brand.locator('#brand-domains').getAttribute('aria-invalid')).toBe('true');
    expect(await brand.locator('#brand-domains').getAttribute('aria-describedby')).toContain('brand-domains-err');
    await brand.getByLabel('Domains (comma separated)').fill('acme.com, acme.io');
    await brand.getByLabel('Catalan').check();
    await brand.getByLabel('Contact email').fill('hello@acme.com');
    await brand.getByLabel('About').fill('Product analytics for small teams.');
    await brand.getByRole('button', { name: 'Save brand' }).click();
    await brand.getByText('Brand saved.').waitFor();
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/settings`)).body).toMatchObject({
      domains: ['acme.com', 'acme.io'], languages: ['en', 'es', 'ca'], email: 'hello@acme.com', about: 'Product analytics for small teams.',
    });
    expect(await brand.locator('[aria-invalid="true"]').count()).toBe(0);
  });

  it('uploads an icon, says when the site cannot be read, and imports design notes', async () => {
    const { page } = w;
    const design = page.locator('#design');
    await design.getByText('No icon yet.').waitFor();
    await design.getByLabel(/Icon image/).setInputFiles({ name: 'icon.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await design.getByRole('button', { name: 'Upload icon' }).click();
    await design.getByRole('alert').waitFor();
    await design.getByLabel(/Icon image/).setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: await makePng(64, 64) });
    await design.getByRole('button', { name: 'Upload icon' }).click();
    await design.getByText('Icon uploaded.').waitFor();
    const img = design.getByRole('img', { name: /icon/ });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(256);

    await design.getByRole('button', { name: 'Extract design from the site' }).click();
    await design.getByText(/could not be read/).waitFor();
    await design.getByLabel('Design notes (markdown)').fill('# Acme design\n\nPrimary colour: #0b57d0.');
    await design.getByRole('button', { name: 'Import design notes' }).click();
    await design.getByText('Design imported.').waitFor();
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/settings`)).body.designMd).toContain('# Acme design');

    // Stored colours and fonts are shown with a swatch painted under the strict CSP.
    expect((await w.call('PATCH', `/api/v1/workspaces/${SLUG}/profile`, { brandColors: { primary: '#0b57d0', text: '#1b1f24' }, brandMeta: { fontNames: ['Inter'] } })).status).toBe(200);
    await page.reload();
    await design.getByText('#0b57d0').waitFor();
    await design.getByText('Inter').waitFor();
    expect(await design.locator('.swatch').first().evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(11, 87, 208)');
    await w.shot('design');
  });

  it('adds test credits, draws the balance, and starts a checkout', async () => {
    const { page } = w;
    const credits = page.locator('#credits');
    await credits.locator('#credit-available').waitFor();
    const before = (await w.call('GET', `/api/v1/workspaces/${SLUG}/credits/balance`)).body.availableMicrousd as number;
    await credits.getByLabel('Amount (USD)').fill('12.5');
    await credits.getByRole('button', { name: 'Add test credits' }).click();
    await credits.getByText('Added $12.50 of test credits.').waitFor();
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/credits/balance`)).body.availableMicrousd).toBe(before + 12_500_000);
    await credits.locator('.credit-plot canvas').waitFor();
    expect(await credits.getByRole('img', { name: /Credit balance over the last 2 ledger entries/ }).count()).toBe(1);
    await credits.getByText('Ledger').click();
    expect(await credits.locator('#credit-ledger tbody tr').count()).toBe(2);
    await w.shot('credits');

    // Mock mode's checkout address is the configured public one: answered here, never fetched.
    let opened = '';
    await page.route(/\/checkout\//, (route) => { opened = route.request().url(); return route.fulfill({ contentType: 'text/html', body: '<title>Checkout</title><p>stand-in</p>' }); });
    await page.goto(`${w.base}/w/${SLUG}/settings#credits`);
    await credits.getByLabel('Amount (USD)').fill('2');
    await credits.getByLabel('Amount (USD)').evaluate((el: HTMLInputElement) => el.removeAttribute('min'));
    await credits.getByRole('button', { name: 'Buy credits' }).click();
    await expect.poll(() => credits.locator('#checkout-amount').getAttribute('aria-invalid')).toBe('true');
    await credits.getByLabel('Amount (USD)').fill('20');
    await credits.getByRole('button', { name: 'Buy credits' }).click();
    await page.waitForURL(/\/checkout\//);
    expect(opened).toMatch(/\/checkout\/[\w-]+$/);
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/billing/status`)).body.receipts[0]).toMatchObject({ amountMicrousd: 20_000_000, status: 'pending' });
    await page.unroute(/\/checkout\//);
  });

  it('moves credit from another client the person owns, and names it in both ledgers', async () => {
    const { page } = w;
    await createWorkspace(w.ctx.app, w.owner.cookie, 'brand-other');
    expect((await w.call('POST', '/api/v1/workspaces/brand-other/credits/top-up', { amountMicrousd: 5_000_000, idempotencyKey: 'other-funds' })).status).toBe(200);
    const before = (await w.call('GET', `/api/v1/workspaces/${SLUG}/credits/balance`)).body.availableMicrousd as number;
    await page.goto(`${w.base}/w/${SLUG}/settings#credits`);
    const move = page.locator('#move-credit');
    await move.getByRole('option', { name: /\$5\.00 available/ }).waitFor({ state: 'attached' });
    await move.getByLabel('Amount to move (USD)').fill('3.25');
    await move.getByRole('button', { name: 'Move credit' }).click();
    await page.getByText(/Moved \$3\.25 from .+\. It keeps its expiry date\./).waitFor();
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/credits/balance`)).body.availableMicrousd).toBe(before + 3_250_000);
    expect((await w.call('GET', '/api/v1/workspaces/brand-other/credits/balance')).body.availableMicrousd).toBe(1_750_000);
    await page.locator('#credits').getByText('Ledger').click();
    await page.locator('#credit-ledger').getByText('Moved from brand-other').waitFor();
    await w.shot('credits-moved');
  });

  it('fits a 390 px phone screen without sideways scrolling', async () => {
    // A key and an invitation, so that their tables are laid out as cards too.
    await activeKey(w.ctx.app, w.owner.cookie, SLUG, { name: 'phone-width key with a long name', scopes: ['workspace:read', 'metrics:read', 'settings:read'] });
    expect((await w.call('POST', `/api/v1/workspaces/${SLUG}/members`, { email: 'someone.with.a.long.address@example.com', role: 'member' })).status).toBe(201);
    const phone = await w.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.addCookies(await w.context.cookies());
    const page = await phone.newPage();
    await page.goto(`${w.base}/w/${SLUG}/settings`);
    await page.locator('#credit-available').waitFor();
    await page.locator('#prompts-count').waitFor();
    await page.locator('#keys tbody tr').waitFor();
    await page.locator('#invitations tbody tr').waitFor();
    // The key's permissions read as words, never as the scopes' codes.
    const permissions = await page.locator('#keys tbody tr').first().locator('.scopes-said li').allInnerTexts();
    expect(permissions.sort()).toEqual(['See the brand, its competitors and the settings', 'See the scores and figures', 'See the workspace']);
    expect(await page.locator('#keys').innerText()).not.toMatch(/\b(workspace|metrics|settings):read\b/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const small = await page.evaluate(() => [...document.querySelectorAll('button, input, select, a')]
      .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.right > innerWidth + 1; }).map((el) => el.outerHTML.slice(0, 80)));
    expect(small).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/settings-phone-390.png`, fullPage: true });
    await phone.close();
  });

  it('logged no script error and no CSP violation', () => {
    expect(w.problems).toEqual([]);
  });
});
