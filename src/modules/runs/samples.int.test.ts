import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config } from '../../config.ts';
import { DEFAULT_PRICING, ENGINE_IDS } from '../engines/catalogue.ts';
import { createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { ended } from '../../../test/helpers/wait.ts';

// `samples`: each prompt asked several times per engine (one answer is a noisy sample); calls, hold, caps, progress
// and every sample size scale with it.

// The five core engines (optional ones join a run only when listed in GEO_OPTIONAL_ENGINES).
const ALL = ENGINE_IDS.reduce((a, id) => a + DEFAULT_PRICING[id], 0);
let ctx: TestContext;
let n = 0;
const cookies = new Map<unknown, string>();
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, app = ctx.app) =>
  app.inject({ method, url, headers: { cookie: cookies.get(app)! }, ...(payload === undefined ? {} : { payload: payload as object }) });
const balance = async (slug: string, app = ctx.app) => (await api('GET', `/api/v1/workspaces/${slug}/credits/balance`, undefined, app)).json();
async function funded(slug = `s-${++n}`, app = ctx.app) {
  await createWorkspace(app, cookies.get(app)!, slug);
  await api('POST', `/api/v1/workspaces/${slug}/credits/top-up`, { amountMicrousd: 50_000_000, idempotencyKey: `t-${slug}` }, app);
  return slug;
}
const waitFor = (slug: string, id: string) => ended(async () => (await api('GET', `/api/v1/workspaces/${slug}/runs/${id}`)).json(), 'the run');

beforeAll(async () => {
  ctx = await createTestApp();
  cookies.set(ctx.app, (await signup(ctx.app)).cookie);
  await createWorkspace(ctx.app, cookies.get(ctx.app)!, 'sampling'); // holds the free grant
});
afterAll(() => ctx.close());

describe('samples', () => {
  it('samples: each prompt is asked `samples` times per engine; calls, hold, progress, settlement and n scale; each result records its sample', async () => {
    const slug = await funded();
    const before = await balance(slug);
    const res = await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'smoke', samples: 3 });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ samples: 3, progress: { totalCalls: 30, source: 'calls' }, simulatedShare: 1, simulated: true });
    const done = await waitFor(slug, res.json().id);
    expect(done).toMatchObject({ status: 'succeeded', progress: { completedCalls: 30, totalCalls: 30, percent: 100 } });
    const detail = (await api('GET', `/api/v1/workspaces/${slug}/runs/${done.id}/detail`)).json();
    expect(detail.run).toMatchObject({ samples: 3, simulatedShare: 1, simulated: true });
    for (const engine of detail.engines) {
      expect(engine).toMatchObject({ calls: 6, answers: 6 });
      expect(engine.prompts.map((p: { sample: number }) => p.sample).sort()).toEqual([1, 1, 2, 2, 3, 3]);
      expect(new Set(engine.prompts.map((p: { promptId: string }) => p.promptId)).size).toBe(2);
    }
    const after = await balance(slug);
    expect(after.heldMicrousd).toBe(0);
    expect(before.postedMicrousd - after.postedMicrousd).toBe(2 * 3 * ALL);
    const score = (await api('GET', `/api/v1/workspaces/${slug}/score`)).json();
    expect(score).toMatchObject({ n: 30, prompts: 2, runs: 1, simulatedShare: 1, simulated: true });
    expect(score.sampleSizes.visibility.n).toBe(30);
    const list = (await api('GET', `/api/v1/workspaces/${slug}/runs`)).json();
    expect(list.runs[0]).toMatchObject({ id: done.id, samples: 3, simulatedShare: 1, simulated: true });
  });

  it.each([[0], [11], [1.5], [null]])('samples %j is 400', async (samples) => {
    const res = await api('POST', '/api/v1/workspaces/sampling/runs', { preset: 'smoke', samples });
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'invalid_request']);
  });

});

describe('samples scale the reservation and the caps (no worker: nothing runs)', () => {
  it('standard × 2 on 300 active prompts: 120 prompts per engine × 2 samples × 5 engines held; the key binds the samples', async () => {
    const config = testConfig();
    const apiOnly = await createTestApp({ config: { ...config, pipeline: { ...config.pipeline, workers: 'off' } } as Config });
    try {
      const own = (await signup(apiOnly.app)).cookie;
      cookies.set(apiOnly.app, own);
      await createWorkspace(apiOnly.app, own, 'sampled', { activeSetSize: 300 });
      await api('POST', '/api/v1/workspaces/sampled/credits/top-up', { amountMicrousd: 500_000_000, idempotencyKey: 't-sampled' }, apiOnly.app);
      const res = await api('POST', '/api/v1/workspaces/sampled/runs', { preset: 'standard', samples: 2, idempotencyKey: 'k-s' }, apiOnly.app);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ samples: 2, progress: { totalCalls: 120 * 2 * 5, completedCalls: 0 }, simulatedShare: 1 });
      expect((await balance('sampled', apiOnly.app)).heldMicrousd).toBe(120 * 2 * ALL);
      expect((await api('POST', '/api/v1/workspaces/sampled/runs', { preset: 'standard', samples: 2, idempotencyKey: 'k-s' }, apiOnly.app)).json().id).toBe(res.json().id);
      expect((await api('POST', '/api/v1/workspaces/sampled/runs', { preset: 'standard', samples: 3, idempotencyKey: 'k-s' }, apiOnly.app)).json().error.code).toBe('idempotency_conflict');
      await api('DELETE', `/api/v1/workspaces/sampled/runs/${res.json().id}`, undefined, apiOnly.app);
      // The required amount scales too (this workspace has no credit: the free grant went to the first).
      await createWorkspace(apiOnly.app, own, 'sampled-poor');
      const refused = await api('POST', '/api/v1/workspaces/sampled-poor/runs', { preset: 'smoke', samples: 10 }, apiOnly.app);
      expect([refused.statusCode, refused.json().error.code]).toEqual([402, 'insufficient_credits']);
      expect(refused.json().error.details.requiredMicrousd).toBe(2 * 10 * ALL);
    } finally {
      await apiOnly.close();
    }
  });
});

