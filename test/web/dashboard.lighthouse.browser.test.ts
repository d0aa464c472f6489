import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, CHROME_PATH } from '../helpers/browser.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../helpers/app.ts';
import { jobWhenDone } from '../helpers/fixture-site.ts';
import { audit } from '../../src/modules/pages/lighthouse.ts';
import { createSafeFetcher } from '../../src/lib/safe-fetch/safe-fetch.ts';
import { evaluatePage } from '../../src/modules/pages/evaluate.ts';

// The project's own page evaluation (Lighthouse in Chromium, src/modules/pages) run on the
// dashboard's sign-in page, the first page anyone sees: accessibility and best practices ≥ 95.
// The fetcher allows this one loopback origin alone and resolves no names. (One audit: ~8 s.)
// The signed-in pages are audited by the same Lighthouse run (`audit`) with the session cookie
// sent as a header, over a workspace with a finished run and generated recommendations.

let ctx: TestContext;
let base: string;
let fetcher: ReturnType<typeof createSafeFetcher>;

beforeAll(async () => {
  if (!browserAvailable) return;
  ctx = await createTestApp();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  fetcher = createSafeFetcher({ allowOrigins: [base], lookup: async () => [], totalTimeoutMs: 30_000 });
});
afterAll(async () => {
  await fetcher?.close();
  await ctx?.close();
});

describe.runIf(browserAvailable)('dashboard page evaluation', () => {
  it('scores the sign-in page at least 95 for accessibility and best practices', { timeout: 180_000 }, async () => {
    const evaluation = await evaluatePage(`${base}/`, { fetcher, chromePath: CHROME_PATH, loadTimeoutMs: 30_000, totalTimeoutMs: 150_000 });
    console.info(`dashboard sign-in page Lighthouse scores: ${JSON.stringify(evaluation.scores)}`);
    expect(evaluation.details.problems).toEqual([]);
    expect(evaluation.scores.accessibility).toBeGreaterThanOrEqual(95);
    expect(evaluation.scores.bestPractices).toBeGreaterThanOrEqual(95);
  });

  it('scores the signed-in workspace pages at least 95 for accessibility and best practices', { timeout: 900_000 }, async () => {
    const { cookie } = await signup(ctx.app);
    await createWorkspace(ctx.app, cookie, 'audit');
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url: `/api/v1/workspaces/audit${url}`, headers: { cookie }, payload });
    expect((await jobWhenDone(ctx.app, 'audit', (await inject('POST', '/runs', { preset: 'smoke' })).json().id, { cookie })).status).toBe('succeeded');
    expect((await jobWhenDone(ctx.app, 'audit', (await inject('POST', '/recs/generate', { lane: 'geo' })).json().id, { cookie })).status).toBe('succeeded');
    const scores: Record<string, unknown> = {};
    for (const section of ['', '/runs', '/recs', '/chat', '/seo', '/research', '/reports', '/email']) {
      const result = await audit(`${base}/w/audit${section}`, { chromePath: CHROME_PATH, proxyUrl: null, loadTimeoutMs: 30_000, totalTimeoutMs: 90_000, extraHeaders: { cookie } });
      scores[section || '/'] = result.scores;
      expect(result.finalUrl, 'not sent to sign in').toContain('/w/audit');
      expect(result.scores.accessibility, `${section} accessibility`).toBeGreaterThanOrEqual(95);
      expect(result.scores.bestPractices, `${section} best practices`).toBeGreaterThanOrEqual(95);
    }
    console.info(`dashboard workspace pages Lighthouse scores: ${JSON.stringify(scores)}`);
  });
});
