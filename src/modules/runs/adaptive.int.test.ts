import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, ENGINE_IDS } from '../engines/catalogue.ts';
import { newId } from '../../lib/ids.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { recommendations } from '../recs/recs.tables.ts';
import type { Evidence, MetricRef } from '../recs/recs.types.ts';

// Adaptive sampling: after the first pass, extra samples only on the cells whose
// interval leaves a decision open, within a ceiling held at start; charged for the calls made;
// the run says where they went and why. The rules themselves: sampling.fns.test.ts.

const ALL = ENGINE_IDS.reduce((a, id) => a + DEFAULT_PRICING[id], 0);
let ctx: TestContext;
let cookie = '';
let n = 0;
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const balance = async (slug: string) => (await api('GET', `/api/v1/workspaces/${slug}/credits/balance`)).json();
async function funded() {
  const slug = `ad-${++n}`;
  await createWorkspace(ctx.app, cookie, slug);
  await api('POST', `/api/v1/workspaces/${slug}/credits/top-up`, { amountMicrousd: 50_000_000, idempotencyKey: `t-${slug}` });
  return slug;
}
/** Reads the run until its status leaves `running` (each read waits on the previous answer, never on a timer's length). */
async function finished(slug: string, id: string) {
  for (;;) {
    const run = (await api('GET', `/api/v1/workspaces/${slug}/runs/${id}`)).json();
    if (run.status !== 'running') return run;
    await new Promise((r) => setImmediate(r));
  }
}
type Cell = { engine: string; promptId: string; prompt: string; reasons: Array<{ kind: string; source?: string; ref?: string }>; extraAllotted: number; before: { samples: number; interval: number[] }; after: { samples: number; answers: number; interval: number[] } };

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'adaptive'); // holds the free grant
});
afterAll(() => ctx.close());

describe('adaptive sampling', () => {
  it('quotes the worst case: the first pass plus the ceiling', async () => {
    const q = (await api('GET', '/api/v1/workspaces/adaptive/runs/quote?preset=smoke&sampling=adaptive&targetWidth=30&maxExtraMicrousd=100000')).json();
    expect(q).toMatchObject({
      totalCalls: 10, estimateMicrousd: 2 * ALL + 100_000,
      sampling: { mode: 'adaptive', targetWidth: 30, maxExtraMicrousd: 100_000, maxSamplesPerCell: 20, firstPassMicrousd: 2 * ALL, extraCeilingMicrousd: 100_000 },
    });
    const uniform = (await api('GET', '/api/v1/workspaces/adaptive/runs/quote?preset=smoke')).json();
    expect(uniform).toMatchObject({ estimateMicrousd: 2 * ALL, sampling: null });
    // Without a ceiling it is the first pass's own estimate.
    expect((await api('GET', '/api/v1/workspaces/adaptive/runs/quote?preset=smoke&sampling=adaptive')).json().estimateMicrousd).toBe(4 * ALL);
  });

  it('spends extra samples on cells wider than the target, within the ceiling; charges the calls made; says where and why', async () => {
    const slug = await funded();
    const before = await balance(slug);
    const ceiling = 40 * ALL; // room for every cell to reach its cap: the target decides, not the ceiling
    const res = await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'smoke', sampling: { mode: 'adaptive', targetWidth: 45, maxExtraMicrousd: ceiling, maxSamplesPerCell: 12 } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ progress: { totalCalls: 10 }, sampling: { mode: 'adaptive', targetWidth: 45, maxExtraMicrousd: ceiling, maxSamplesPerCell: 12, cells: 0, extraSamples: 0 } });
    const run = await finished(slug, res.json().id);
    expect(run.status).toBe('succeeded');
    const detail = (await api('GET', `/api/v1/workspaces/${slug}/runs/${run.id}/detail`)).json();
    const cells = detail.sampling.cells as Cell[];
    // One answer spans ~79 points: every cell was wider than 45 and got samples until it was not, or hit its cap.
    expect(cells).toHaveLength(10);
    for (const c of cells) {
      expect(c.reasons.map((r) => r.kind)).toEqual(['target_width']);
      expect(c.before.samples).toBe(1);
      expect(c.after.samples).toBe(1 + c.extraAllotted);
      expect(c.after.answers).toBe(c.after.samples);
      expect(c.after.samples === 12 || c.after.interval[1]! - c.after.interval[0]! <= 45).toBe(true);
      expect(c.prompt).toEqual(expect.any(String));
    }
    const calls = detail.engines.reduce((sum: number, e: { calls: number }) => sum + e.calls, 0);
    const extra = cells.reduce((sum, c) => sum + c.extraAllotted, 0);
    expect(calls).toBe(10 + extra);
    expect(run).toMatchObject({ progress: { completedCalls: calls, totalCalls: calls, percent: 100 }, sampling: { cells: 10, extraSamples: extra } });
    expect(detail.sampling).toMatchObject({ mode: 'adaptive', cells: expect.any(Array), extraSamples: extra });
    // The day's figures stand on the first pass alone: extra samples would tilt them toward their cells.
    expect(extra).toBeGreaterThan(0);
    const score = (await api('GET', `/api/v1/workspaces/${slug}/score`)).json();
    expect(score).toMatchObject({ n: 10, stamp: { answers: 10, samplesPerPrompt: 1 } });
    // The extra samples are marked as such where they are stored, and the run's answer counts
    // (what metrics over runs and recommendation effects read) hold the first pass alone.
    const marked = (await ctx.database.executeSql('select extra, count(*)::int as n from run_results where run_id = $1 group by extra', [run.id])).rows as Array<{ extra: boolean; n: number }>;
    expect(Object.fromEntries(marked.map((r) => [String(r.extra), r.n]))).toEqual({ false: 10, true: extra });
    const counted = (await ctx.database.executeSql(`select answers from run_answer_counts where run_id = $1 and domain = '*' and engine = '*' and prompt_id = '*' and language = '*'`, [run.id])).rows as Array<{ answers: number }>;
    expect(counted).toEqual([{ answers: 10 }]);
    // Charged exactly the calls made, at each engine's price; the rest of the hold is released.
    const perEngine = Object.fromEntries(detail.engines.map((e: { engine: string; calls: number }) => [e.engine, e.calls]));
    const after = await balance(slug);
    expect(after.heldMicrousd).toBe(0);
    expect(before.postedMicrousd - after.postedMicrousd).toBe(ENGINE_IDS.reduce((sum, e) => sum + perEngine[e] * DEFAULT_PRICING[e], 0));
  });

  it('stops at the credit ceiling', async () => {
    const slug = await funded();
    const ceiling = DEFAULT_PRICING.chatgpt + DEFAULT_PRICING.claude; // two calls at most, whichever engines
    const res = await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'smoke', sampling: { mode: 'adaptive', targetWidth: 10, maxExtraMicrousd: ceiling } });
    const run = await finished(slug, res.json().id);
    const detail = (await api('GET', `/api/v1/workspaces/${slug}/runs/${run.id}/detail`)).json();
    const spent = (detail.sampling.cells as Cell[]).reduce((sum, c) => sum + c.extraAllotted * DEFAULT_PRICING[c.engine as 'chatgpt'], 0);
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(ceiling);
  });

  it('judges cells against a visibility alert rule: the cell\'s previous mention rate is the threshold', async () => {
    const slug = await funded();
    const first = await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'smoke', samples: 3 });
    expect((await finished(slug, first.json().id)).status).toBe('succeeded');
    const rule = (await api('POST', `/api/v1/workspaces/${slug}/alerts`, { kind: 'score', metric: 'visibility', direction: 'any' })).json();
    const res = await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'smoke', sampling: { mode: 'adaptive' } });
    const run = await finished(slug, res.json().id);
    expect(run.status).toBe('succeeded');
    const cells = (await api('GET', `/api/v1/workspaces/${slug}/runs/${run.id}/detail`)).json().sampling.cells as Cell[];
    // No target width: a cell gets samples only for a threshold, and every one names the rule.
    expect(cells.length).toBeGreaterThan(0);
    for (const c of cells) expect(c.reasons).toEqual([expect.objectContaining({ kind: 'threshold', source: 'alert_rule', ref: rule.id })]);
    expect(run.sampling.cells).toBe(cells.length);
  });

  it('judges cells against an acted-on recommendation\'s effect test: its baseline, on its engine only', async () => {
    const slug = await funded();
    const wsId = ((await ctx.database.executeSql(`select id from workspaces where slug = '${slug}'`)).rows[0] as { id: string }).id;
    const metric: MetricRef = { name: 'mention_rate', scope: { engine: 'chatgpt' }, better: 'higher', source: 'runs' };
    const evidence: Evidence = { summary: 's', metric: { ...metric, current: null }, figures: [], answers: [], prompts: [], urls: [], facts: {}, window: null, simulated: true };
    const now = new Date();
    const recId = newId('rec');
    await ctx.database.db.insert(recommendations).values({
      id: recId, workspaceId: wsId, lane: 'geo', type: 'engine_gap', topic: 'engine-gap-chatgpt', title: 't', rationale: 'r', writtenBy: 'template', evidence,
      scores: { impact: 1, confidence: 1, effort: 1, priority: 100, formula: 'recs-priority-v1' }, priority: 100, status: 'todo', stateVersion: 2, restoreStatus: null,
      complianceFlag: false, currentDraftId: null, doneAt: null, jobId: null, createdAt: now, updatedAt: now,
      baseline: { metric, measurement: { value: 50, k: 5, n: 10, interval: [23.66, 76.34], observedAt: now.toISOString() } },
    });
    const res = await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'smoke', sampling: { mode: 'adaptive' } });
    const run = await finished(slug, res.json().id);
    const cells = (await api('GET', `/api/v1/workspaces/${slug}/runs/${run.id}/detail`)).json().sampling.cells as Cell[];
    // One answer's interval (0-79 or 21-100) contains 50: both chatgpt cells, and no other engine's.
    expect(cells.map((c) => c.engine)).toEqual(['chatgpt', 'chatgpt']);
    for (const c of cells) expect(c.reasons).toEqual([{ kind: 'threshold', source: 'recommendation', ref: recId, threshold: 50 }]);
  });

  it.each([
    ['a uniform run with adaptive settings', { mode: 'uniform', targetWidth: 30 }],
    ['an unknown mode', { mode: 'sometimes' }],
    ['an unknown field', { mode: 'adaptive', rounds: 3 }],
    ['a zero target width', { mode: 'adaptive', targetWidth: 0 }],
    ['a target width over 100', { mode: 'adaptive', targetWidth: 101 }],
    ['a negative ceiling', { mode: 'adaptive', maxExtraMicrousd: -1 }],
    ['a cap of one sample', { mode: 'adaptive', maxSamplesPerCell: 1 }],
    ['a cap the first pass reaches', { mode: 'adaptive', maxSamplesPerCell: 3, samples: 3 }],
    ['no mode', { targetWidth: 30 }],
  ])('%s is 400 invalid_request', async (_, sampling) => {
    const { samples, ...option } = sampling as { samples?: number };
    const res = await api('POST', '/api/v1/workspaces/adaptive/runs', { preset: 'smoke', ...(samples ? { samples } : {}), sampling: option });
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'invalid_request']);
  });

  it('a ceiling larger than the balance is 402, before anything runs', async () => {
    const res = await api('POST', '/api/v1/workspaces/adaptive/runs', { preset: 'smoke', sampling: { mode: 'adaptive', maxExtraMicrousd: 900_000_000_000 } });
    expect([res.statusCode, res.json().error.code]).toEqual([402, 'insufficient_credits']);
  });

  it('the quote refuses adaptive settings on a uniform run', async () => {
    const res = await api('GET', '/api/v1/workspaces/adaptive/runs/quote?preset=smoke&targetWidth=30');
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'invalid_request']);
  });

  it('schedules take the same option, refuse what a run would refuse, and start adaptive runs', async () => {
    const slug = await funded();
    const body = { cron: '0 * * * *', timeZone: 'UTC', preset: 'smoke', sampling: { mode: 'adaptive', targetWidth: 40 } };
    const put = await api('PUT', `/api/v1/workspaces/${slug}/schedule`, body);
    expect(put.statusCode).toBe(200);
    expect(put.json().sampling).toEqual({ mode: 'adaptive', targetWidth: 40 });
    const bad = await api('PUT', `/api/v1/workspaces/${slug}/schedule`, { ...body, sampling: { mode: 'uniform', maxSamplesPerCell: 5 } });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'invalid_request']);
    const plain = await api('PUT', `/api/v1/workspaces/${slug}/schedule`, { ...body, sampling: undefined });
    expect(plain.json().sampling).toBeNull();
  });
});
