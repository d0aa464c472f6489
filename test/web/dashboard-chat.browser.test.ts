import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../helpers/app.ts';
import { ended } from '../helpers/wait.ts';

// The chat without a model, in Chromium: a Spanish invoicing SaaS asks in Spanish why a
// competitor shows up more on Perplexity. The reply is in Spanish, names the competitor, gives
// its figures and the brand's, and says what a model would add; the page says, in Settings'
// words, that no model can be used. Screenshots at 1440 and 390 px.

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-artifacts';
const SLUG = 'holded';
const QUESTION = '¿Por qué Contasimple aparece más en Perplexity y qué hago esta semana?';
let ctx: TestContext;
let browser: Browser;
let page: Page;
let base: string;
let cookie: string;
const problems: string[] = [];
const api = (method: 'GET' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  if (!browserAvailable) return;
  mkdirSync(SHOTS, { recursive: true });
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, SLUG, {
    displayName: 'Holded', domains: ['holded.com'], languages: ['es'], regions: ['es'],
    competitors: [{ name: 'Contasimple', domains: ['contasimple.com'], aliases: ['Conta Simple'], ambiguous: false }, { name: 'Quipu', domains: ['getquipu.com'], aliases: ['Quipu'], ambiguous: false }],
  });
  await api('POST', `/api/v1/workspaces/${SLUG}/credits/top-up`, { amountMicrousd: 50_000_000, idempotencyKey: 'chat-shots' });
  const started = (await api('POST', `/api/v1/workspaces/${SLUG}/runs`, { preset: 'smoke' })).json();
  expect((await ended(async () => (await api('GET', `/api/v1/workspaces/${SLUG}/runs/${started.id}`)).json(), 'the run')).status).toBe('succeeded');

  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'es-ES' });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name: name!, value: value!, url: base }]);
  page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await ctx?.close();
});

describe.runIf(browserAvailable)('the chat without a model', () => {
  it('answers a Spanish question in Spanish, naming the competitor, and says what a model would add', async () => {
    const settings = (await api('GET', `/api/v1/workspaces/${SLUG}/model`)).json();
    expect(settings).toMatchObject({ usable: false, reason: 'no_key' });
    await page.goto(`${base}/w/${SLUG}/chat`);
    // The page says what Settings says: the same sentence from the same decision, in the page's
    // language (Spanish, as the browser asks), the model by its name, never its "provider:model" id.
    // The chat's frame is Spanish too; the reply is in the question's language.
    const status = page.locator('#model-status');
    await status.waitFor();
    const banner = (await page.locator('.model-line').textContent())!.replace(/[\u00a0\u202f]/g, ' ');
    expect(banner).toContain('No se puede usar ningún modelo de lenguaje en este espacio de trabajo: OpenAI · GPT-4.1 mini no tiene clave para su proveedor.');
    expect(banner).toContain('Elige un modelo o añade su clave');
    expect(banner).not.toContain(settings.model);
    await page.getByRole('button', { name: 'Nueva conversación' }).click();
    await page.locator('#chat-input').fill(QUESTION);
    await page.getByRole('button', { name: 'Enviar' }).click();
    const answer = page.locator('#chat-log .msg.assistant');
    await answer.filter({ hasText: 'Lo que añadiría un modelo de lenguaje' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Enviar' }).waitFor();
    const text = (await answer.textContent())!.replace(/[\u00a0\u202f]/g, ' ').replace(/^Asistente: /, '');
    await page.screenshot({ path: `${SHOTS}/dashboard-chat-1440.png`, fullPage: true });
    expect(text).toMatch(/^No se puede usar ningún modelo de lenguaje en este espacio de trabajo: OpenAI · GPT-4.1 mini/);
    expect(text).toContain('En Perplexity, Contasimple aparece en el');
    expect(text).toContain('Holded, su marca, en el');
    expect(text).not.toMatch(/across|answers|\)\)/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#chat-log').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/dashboard-chat-390.png`, fullPage: true });
    expect(problems).toEqual([]);
  });
});
