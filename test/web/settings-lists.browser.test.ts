import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable } from '../helpers/browser.ts';
import { createWorkspace } from '../helpers/app.ts';
import { acceptNextDialog, openSettingsWorld, SHOTS, type SettingsWorld } from './settings-setup.ts';

// Competitors and prompts in Chromium, walked as an owner would: add, edit in place, remove
// after confirming, and see the API's refusals (validation per field, the 2-competitor floor).

const SLUG = 'lists';
let w: SettingsWorld;

beforeAll(async () => {
  if (!browserAvailable) return;
  w = await openSettingsWorld(SLUG, 'lists@example.com');
}, 300_000);
afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await w?.shot(`failed-lists-${test.task.name.slice(0, 24).replace(/\W+/g, '-')}`).catch(() => {});
});
afterAll(async () => { await w?.close(); });

describe.runIf(browserAvailable)('competitor and prompt settings in Chromium', () => {
  it('adds a competitor, shows a bad domain beside its field, edits it and removes it', { timeout: 60_000 }, async () => {
    const { page } = w;
    await page.goto(`${w.base}/w/${SLUG}/settings#competitors`);
    const section = page.locator('#competitors');
    await section.locator('strong', { hasText: 'Globex' }).waitFor();
    await section.locator('#competitor-new-name').fill('Hooli');
    await section.locator('#competitor-new-domains').fill('Not A Domain');
    await section.getByRole('button', { name: 'Add competitor' }).click();
    const domains = section.locator('#competitor-new-domains');
    await expect.poll(() => domains.getAttribute('aria-invalid')).toBe('true');
    expect(await section.locator('#competitor-new-domains-err').textContent()).toMatch(/domain/i);
    expect(await section.getByRole('alert').first().textContent()).toMatch(/domain/i);
    await domains.fill('hooli.com, hooli.xyz');
    await section.locator('#competitor-new-aliases').fill('Hooli Inc');
    await section.getByRole('button', { name: 'Add competitor' }).click();
    await section.getByText('Hooli added.').waitFor();
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/competitors`)).body.competitors[2]).toMatchObject({ name: 'Hooli', domains: ['hooli.com', 'hooli.xyz'], aliases: ['Hooli Inc'], ambiguous: false });

    await section.getByRole('button', { name: 'Edit Hooli' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('competitor-2-name');
    await section.locator('#competitor-2-name').fill('Hooli XYZ');
    await section.locator('li.editing').getByLabel('Also a common word').check();
    await section.getByRole('button', { name: 'Save competitor' }).click();
    await section.getByText('Hooli XYZ saved.').waitFor();
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/competitors`)).body.competitors[2]).toMatchObject({ name: 'Hooli XYZ', ambiguous: true });
    await w.shot('competitors');

    const asked = acceptNextDialog(page);
    await section.getByRole('button', { name: 'Remove Hooli XYZ' }).click();
    expect(await asked).toContain('Hooli XYZ');
    await section.getByText('Hooli XYZ removed.').waitFor();
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/competitors`)).body.competitors).toHaveLength(2);
  });

  it('keeps a competitor when the confirmation is declined, and shows the API refusing to go below two', async () => {
    const { page } = w;
    const section = page.locator('#competitors');
    page.once('dialog', (d) => void d.dismiss());
    await section.getByRole('button', { name: 'Remove Globex' }).click();
    await page.waitForTimeout(200);
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/competitors`)).body.competitors).toHaveLength(2);
    const asked = acceptNextDialog(page);
    await section.getByRole('button', { name: 'Remove Globex' }).click();
    await asked;
    await section.getByRole('alert').filter({ hasText: /at least|2/ }).waitFor();
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/competitors`)).body.competitors).toHaveLength(2);
  });

  it('adds, edits, deactivates, filters and deletes a prompt', { timeout: 60_000 }, async () => {
    const { page } = w;
    await page.goto(`${w.base}/w/${SLUG}/settings#prompts`);
    const section = page.locator('#prompts');
    await section.locator('#prompts-count').waitFor();
    await section.locator('#prompt-new-text').fill('ab');
    await section.locator('#prompt-new-text').evaluate((el: HTMLInputElement) => el.removeAttribute('minlength'));
    await section.getByRole('button', { name: 'Add prompt' }).click();
    await expect.poll(() => section.locator('#prompt-new-text').getAttribute('aria-invalid')).toBe('true');
    await section.locator('#prompt-new-text').fill('best analytics tool for startups');
    await section.locator('#prompt-new-intent').selectOption('comparison');
    await section.locator('#prompt-new-language').selectOption('es');
    await section.getByRole('button', { name: 'Add prompt' }).click();
    await section.getByText('Prompt added.').waitFor();
    const row = section.locator('#prompt-list li', { hasText: 'best analytics tool for startups' });
    await row.waitFor();

    await row.getByRole('button', { name: /^Edit/ }).click();
    const editing = section.locator('#prompt-list li.editing');
    await editing.getByLabel('Prompt text').fill('best analytics tool for small startups');
    await editing.getByLabel('Region (optional)').fill('es');
    await editing.getByRole('button', { name: 'Save prompt' }).click();
    await section.getByText('Prompt saved.').waitFor();
    const edited = section.locator('#prompt-list li', { hasText: 'best analytics tool for small startups' });
    await edited.getByText('comparison · Spanish · es · added by you').waitFor();

    // The row leaves the list once deactivated (replaced prompts are hidden): a click, not uncheck(), which waits on the box.
    await edited.getByRole('checkbox').click();
    await section.getByText('Prompt deactivated.').waitFor();
    const listed = (await w.call('GET', `/api/v1/workspaces/${SLUG}/prompts?limit=500&includeInactive=true`)).body.prompts;
    expect(listed.find((p: { text: string }) => p.text === 'best analytics tool for small startups')).toMatchObject({ active: false, intent: 'comparison', language: 'es', region: 'es' });
    // Replaced and deactivated prompts are hidden until asked for.
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/prompts?limit=500`)).body.prompts.every((p: { active: boolean }) => p.active)).toBe(true);

    await section.locator('#prompts-replaced').check();
    await expect.poll(() => section.locator('#prompts-count').textContent()).toMatch(new RegExp(` of ${listed.length}$`));
    await w.shot('prompts');
    // Oldest first: the prompt just deactivated is after the active set (replaced template
    // prompts never asked are deleted, not listed).
    const target = section.locator('#prompt-list li', { hasText: 'small startups' });
    while (!(await target.count())) {
      const shown = await section.locator('#prompts-count').textContent();
      await section.getByRole('button', { name: 'Next page' }).click();
      await expect.poll(() => section.locator('#prompts-count').textContent()).not.toBe(shown);
    }
    const asked = acceptNextDialog(page);
    await target.getByRole('button', { name: /^Delete/ }).click();
    expect(await asked).toContain('small startups');
    await section.getByText('Prompt deleted.').waitFor();
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/prompts?limit=500`)).body.prompts.some((p: { text: string }) => p.text.includes('small startups'))).toBe(false);
  });

  it('proposes a new prompt in the workspace\'s language, not English', async () => {
    const { page } = w;
    await createWorkspace(w.ctx.app, w.owner.cookie, `${SLUG}-es`, { languages: ['es'], regions: ['es'] });
    await page.goto(`${w.base}/w/${SLUG}-es/settings#prompts`);
    const language = page.locator('#prompts #prompt-new-language');
    await expect.poll(() => language.inputValue()).toBe('es');
  });

  it('changes what the brand offers and who buys it, and the template prompts are rewritten on it', { timeout: 90_000 }, async () => {
    const { page } = w;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${w.base}/w/${SLUG}/settings#prompts`);
    const section = page.locator('#prompts');
    const es = section.locator('form.category-form', { has: page.locator('#category-es-singular') });
    await expect.poll(() => es.locator('#category-es-singular').inputValue()).toBe('herramienta de analítica');
    await es.locator('#category-es-singular').fill('programa de facturación');
    await es.locator('#category-es-plural').fill('programas de facturación');
    await es.locator('#category-es-gender').selectOption('m');
    await es.locator('#category-es-audience').fill('autónomos y pymes');
    await es.getByRole('button', { name: 'Save and rewrite the prompts' }).click();
    await es.getByText('Saved. The template prompts were rewritten on it.').waitFor();
    const texts = (await w.call('GET', `/api/v1/workspaces/${SLUG}/prompts?limit=500`)).body.prompts.map((p: { text: string }) => p.text);
    expect(texts.some((t: string) => t.includes('programas de facturación para autónomos y pymes en Estados Unidos'))).toBe(true);
    expect(texts.some((t: string) => /\(\d+\)|proveedor/.test(t))).toBe(false);
    await section.locator('#prompt-list li').first().waitFor();
    await section.screenshot({ path: `${SHOTS}/dashboard-prompts-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await section.locator('#prompt-category').scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SHOTS}/dashboard-prompts-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('logged no script error and no CSP violation', () => {
    expect(w.problems).toEqual([]);
  });
});
