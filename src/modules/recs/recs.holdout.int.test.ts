import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { mentions, seedRun, type SeedResult } from '../../../test/helpers/runs-seed.ts';
import { createFormatter } from '../../lib/format/format.ts';
import { newId } from '../../lib/ids.ts';
import { diffInDiff, type DayCounts } from './did.fns.ts';
import { recommendations } from './recs.tables.ts';
import type { Evidence, MetricRef } from './recs.types.ts';

// The causal effect through the API: a done item whose metric is a mention rate over named
// prompts is compared with the workspace's other prompts on the same engine and days
// (difference-in-differences).

let ctx: TestContext;
let cookie: string;
let n = 0;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'holdout-first');
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const DAY = 24 * 3600_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const targeted: MetricRef = { name: 'mention_rate', scope: { engine: 'chatgpt', promptIds: ['prm_t'] }, better: 'higher', source: 'runs' };

async function workspace() {
  const slug = `hold-${++n}`;
  await createWorkspace(ctx.app, cookie, slug);
  const id = ((await ctx.database.executeSql(`select id from workspaces where slug = '${slug}'`)).rows[0] as { id: string }).id;
  return { slug, id };
}
async function seedRec(wsId: string, metric: MetricRef, status: 'proposed' | 'todo' = 'proposed') {
  const evidence: Evidence = { summary: 's', metric: { ...metric, current: null }, figures: [], answers: [], prompts: [], urls: [], facts: {}, window: null, simulated: false };
  const now = new Date();
  const [row] = await ctx.database.db.insert(recommendations).values({
    id: newId('rec'), workspaceId: wsId, lane: 'geo', type: 'content_gap', topic: `topic-${newId('rec')}`, title: 'Answer the pricing question', rationale: 'r', writtenBy: 'template', evidence,
    scores: { impact: 1, confidence: 1, effort: 1, priority: 100, formula: 'recs-priority-v1' }, priority: 100, status, stateVersion: 1, restoreStatus: null,
    complianceFlag: false, currentDraftId: null, baseline: null, doneAt: null, jobId: null, createdAt: now, updatedAt: now,
  }).returning();
  return row!;
}
/** Accept, submit, verify; then the item is dated done `doneDaysAgo` (the after-runs are seeded in the past, before now). */
async function doneAgo(ws: { slug: string }, id: string, doneDaysAgo: number) {
  const steps = [['accept', 'proposed', 1], ['submit', 'todo', 2], ['verify', 'in_review', 3]] as const;
  for (const [action, expectedStatus, expectedVersion] of steps) {
    expect((await api('POST', `/api/v1/workspaces/${ws.slug}/recs/${id}/transition`, { action, expectedStatus, expectedVersion, idempotencyKey: `${id}-${action}` })).statusCode).toBe(200);
  }
  await ctx.database.executeSql(`update recommendations set done_at = '${ago(doneDaysAgo).toISOString()}' where id = '${id}'`);
}
/** One run: k of 100 answers to the target prompt, h of 100 to the holdout prompts (8 of them), on chatgpt; gemini answers are off scope. */
const run = (k: number, h: number): SeedResult[] => [
  ...mentions(k, 100, { engine: 'chatgpt', promptId: 'prm_t' }),
  ...mentions(h, 100, { engine: 'chatgpt' }).map((r, i) => ({ ...r, promptId: `prm_h${i % 8}` })),
  ...mentions(100, 100, { engine: 'gemini', promptId: 'prm_t' }),
];
const detail = async (slug: string, id: string) => (await api('GET', `/api/v1/workspaces/${slug}/recs/${id}`)).json();
const days = (pairs: Array<[number, number]>): DayCounts[] => pairs.map(([k, h], i) => ({ day: String(i), target: { k, n: 100 }, holdout: { k: h, n: 100 } }));

describe('causal effect of a done recommendation (holdout)', () => {
  it('target prompts against the holdout prompts: the DiD, its interval, n per side, the verdict and the summary line', async () => {
    const ws = await workspace();
    const before: Array<[number, number]> = [[20, 30], [22, 31]];
    const after: Array<[number, number]> = [[50, 31], [52, 30], [49, 32]];
    await seedRun(ctx.database.db, ws.id, { finishedAt: ago(12), results: run(...before[0]!) });
    await seedRun(ctx.database.db, ws.id, { finishedAt: ago(11), results: run(...before[1]!) });
    const rec = await seedRec(ws.id, targeted);
    await doneAgo(ws, rec.id, 6);
    for (const [i, pair] of after.entries()) await seedRun(ctx.database.db, ws.id, { finishedAt: ago(5 - i), results: run(...pair) });

    const effect = (await detail(ws.slug, rec.id)).effect;
    const expected = diffInDiff({ before: days(before), after: days(after), better: 'higher', elapsedDays: 6 })!;
    expect(effect).toMatchObject({
      comparison: 'holdout', comparisonReason: null, verdict: 'improved',
      estimate: { points: expected.points, interval: expected.interval, method: 'did-daily-v1' },
      sides: { target: { before: { k: 42, n: 200, days: 2 }, after: { k: 151, n: 300, days: 3 } }, holdout: { before: { k: 61, n: 200, days: 2 }, after: { k: 93, n: 300, days: 3 } }, prompts: { target: 1, holdout: 8 } },
      moreDays: null, cadence: 0.5,
    });
    expect(expected.points).toBeCloseTo(28.83, 2); // mean(19, 22, 17) − mean(−10, −9)
    expect(effect.summary).toBe(createFormatter({ locale: 'en' }).effect(effect));
    expect(effect.summary).toMatch(/^effect: \+28\.8 points \(\d+\.\d–\d+\.\d\), vs\. holdout$/);
  });

  it('one day after done: pending, "about N more days at today\'s cadence"', async () => {
    const ws = await workspace();
    await seedRun(ctx.database.db, ws.id, { finishedAt: ago(12), results: run(20, 30) });
    await seedRun(ctx.database.db, ws.id, { finishedAt: ago(11), results: run(22, 31) });
    const rec = await seedRec(ws.id, targeted);
    await doneAgo(ws, rec.id, 2);
    await seedRun(ctx.database.db, ws.id, { finishedAt: ago(1), results: run(40, 31) });
    const effect = (await detail(ws.slug, rec.id)).effect;
    expect(effect).toMatchObject({ comparison: 'holdout', verdict: 'pending', sides: { target: { after: { days: 1 } } } });
    // DiD 18.5 points; 2 days are needed on a side and there is 1, at one run-day every 2 days: 2 more days.
    expect(effect).toMatchObject({ estimate: { points: 18.5 }, moreDays: 2, cadence: 0.5 });
    expect(effect.summary).toMatch(/^effect: \+18\.5 points \(.+\), vs\. holdout; not distinguishable from noise yet: about 2 more days at today’s cadence$/);
    expect(effect.explanation).toMatch(/too few days/);
  });

  it('prompts another acted-on item targets are left out of the holdout', async () => {
    const ws = await workspace();
    // prm_h0..prm_h7 are the holdout; another item in progress targets prm_h0 and prm_h1.
    await seedRun(ctx.database.db, ws.id, { finishedAt: ago(12), results: run(20, 30) });
    await seedRun(ctx.database.db, ws.id, { finishedAt: ago(11), results: run(22, 31) });
    await seedRec(ws.id, { ...targeted, scope: { engine: 'chatgpt', promptIds: ['prm_h0', 'prm_h1'] } }, 'todo');
    const rec = await seedRec(ws.id, targeted);
    await doneAgo(ws, rec.id, 6);
    for (const [i, [k, h]] of ([[50, 31], [52, 30], [49, 32]] as const).entries()) await seedRun(ctx.database.db, ws.id, { finishedAt: ago(5 - i), results: run(k, h) });
    const effect = (await detail(ws.slug, rec.id)).effect;
    expect(effect.comparison).toBe('holdout');
    expect(effect.sides.prompts).toEqual({ target: 1, holdout: 6 });
    // 100 holdout answers a day over 8 prompts (13, 13, 13, 13, 12, 12, 12, 12): without prm_h0 and prm_h1, 74 a day.
    expect(effect.sides.holdout.before.n).toBe(148);
  });

  it('no holdout prompt answered on the engine: before/after, saying why', async () => {
    const ws = await workspace();
    const only = (k: number) => [...mentions(k, 100, { engine: 'chatgpt', promptId: 'prm_t' }), ...mentions(50, 100, { engine: 'gemini' })];
    await seedRun(ctx.database.db, ws.id, { finishedAt: ago(12), results: only(20) });
    const rec = await seedRec(ws.id, targeted);
    await doneAgo(ws, rec.id, 6);
    await seedRun(ctx.database.db, ws.id, { finishedAt: ago(3), results: only(60) });
    const effect = (await detail(ws.slug, rec.id)).effect;
    expect(effect).toMatchObject({ comparison: 'before_after', verdict: 'improved', estimate: { points: 40, interval: null, method: 'before-after-overlap-v1' }, sides: null });
    expect(effect.comparisonReason).toMatch(/^no other question of the workspace was answered on ChatGPT (in \w+ )?before acceptance, so there is nothing to compare with$/);
    expect(effect.summary).toBe(`effect: +40.0 points, before/after (no holdout: ${effect.comparisonReason})`);
  });
});
