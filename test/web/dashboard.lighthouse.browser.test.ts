import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, CHROME_PATH } from '../helpers/browser.ts';
import { createTestApp, type TestContext } from '../helpers/app.ts';
import { createSafeFetcher } from '../../src/lib/safe-fetch/safe-fetch.ts';
import { evaluatePage } from '../../src/modules/pages/evaluate.ts';

// The project's own page evaluation (Lighthouse in Chromium, src/modules/pages) run on the
// dashboard's sign-in page, the first page anyone sees: accessibility and best practices ≥ 90.
// The fetcher allows this one loopback origin alone and resolves no names. (One audit: ~8 s.)

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
  it('scores the sign-in page at least 90 for accessibility and best practices', { timeout: 180_000 }, async () => {
    const evaluation = await evaluatePage(`${base}/`, { fetcher, chromePath: CHROME_PATH, loadTimeoutMs: 30_000, totalTimeoutMs: 150_000 });
    console.info(`dashboard sign-in page Lighthouse scores: ${JSON.stringify(evaluation.scores)}`);
    expect(evaluation.details.problems).toEqual([]);
    expect(evaluation.scores.accessibility).toBeGreaterThanOrEqual(90);
    expect(evaluation.scores.bestPractices).toBeGreaterThanOrEqual(90);
  });
});
