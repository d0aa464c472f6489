import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { mentions, seedRun, type SeedResult } from '../../../test/helpers/runs-seed.ts';
import { newId } from '../../lib/ids.ts';
import { recommendations } from './recs.tables.ts';
import type { Evidence, MetricRef } from './recs.types.ts';
import { redditThreads } from './geo-lane.fns.ts';

// Effect tracking and drafts on constructed data: the metric an item names is measured at
// acceptance, and by the runs after it is done; drafts for reddit_thread items are metered.

let ctx: TestContext;
let cookie: string;
let n = 0;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'effect-first');
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
async function workspace(credits = 5_000_000) {
  const slug = `eff-${++n}`;
  await createWorkspace(ctx.app, cookie, slug);
  if (credits) await api('POST', `/api/v1/workspaces/${slug}/credits/top-up`, { amountMicrousd: credits, idempotencyKey: `t-${slug}` });
  const id = ((await ctx.database.executeSql(`select id from workspaces where slug = '${slug}'`)).rows[0] as { id: string }).id;
  return { slug, id };
}
async function seedRec(wsId: string, metric: MetricRef, extra: Partial<typeof recommendations.$inferInsert> = {}) {
  const evidence: Evidence = {
    summary: 's', metric: { ...metric, current: null }, figures: [], answers: [],
    prompts: [{ promptId: 'prm_1', text: 'Which analytics tool for a startup?', intent: 'discovery', language: 'en' }],
    urls: ['https://reddit.com/r/analytics/comments/abc/best'], facts: { threadUrl: 'https://reddit.com/r/analytics/comments/abc/best' }, window: null, simulated: false,
  };
  const now = new Date();
  const [row] = await ctx.database.db.insert(recommendations).values({
    id: newId('rec'), workspaceId: wsId, lane: 'geo', type: 'content_gap', topic: `topic-${newId('rec')}`, title: 't', rationale: 'r', writtenBy: 'template', evidence,
    scores: { impact: 1, confidence: 1, effort: 1, priority: 100, formula: 'recs-priority-v1' }, priority: 100, status: 'proposed', stateVersion: 1, restoreStatus: null,
    complianceFlag: false, currentDraftId: null, baseline: null, doneAt: null, jobId: null, createdAt: now, updatedAt: now, ...extra,
  }).returning();
  return row!;
}
async function walkToDone(slug: string, id: string) {
  const steps = [['accept', 'proposed', 1], ['submit', 'todo', 2], ['verify', 'in_review', 3]] as const;
  for (const [action, expectedStatus, expectedVersion] of steps) {
    const res = await api('POST', `/api/v1/workspaces/${slug}/recs/${id}/transition`, { action, expectedStatus, expectedVersion, idempotencyKey: `${id}-${action}` });
    expect(res.statusCode).toBe(200);
  }
}
const detail = async (slug: string, id: string) => (await api('GET', `/api/v1/workspaces/${slug}/recs/${id}`)).json();
const mentionRate: MetricRef = { name: 'mention_rate', scope: { engine: 'chatgpt' }, better: 'higher', source: 'runs' };
const hour = 3600_000;

describe('effect tracking', () => {
  it.each([
    ['improved when the intervals separate upwards', 20, 60, 'improved'],
    ['no detectable change when they overlap', 20, 26, 'no_detectable_change'],
    ['worse when they separate downwards', 40, 10, 'worse'],
  ] as const)('%s (%s/100 → %s/100)', async (_name, k0, k1, verdict) => {
    const ws = await workspace();
    // Other engines' answers are outside the metric's scope and must not count.
    await seedRun(ctx.database.db, ws.id, { finishedAt: new Date(Date.now() - hour), results: [...mentions(k0, 100, { engine: 'chatgpt' }), ...mentions(100, 100, { engine: 'gemini' })] });
    const rec = await seedRec(ws.id, mentionRate);
    expect((await detail(ws.slug, rec.id)).effect).toMatchObject({ verdict: 'pending', before: null });
    await walkToDone(ws.slug, rec.id);
    const pending = (await detail(ws.slug, rec.id)).effect;
    expect(pending).toMatchObject({ verdict: 'pending', before: { k: k0, n: 100, value: k0 }, after: null });
    expect(pending.explanation).toMatch(/^No run with answers has finished since the item was done/);
    await seedRun(ctx.database.db, ws.id, { finishedAt: new Date(Date.now() + hour), results: mentions(k1, 100, { engine: 'chatgpt' }) });
    const effect = (await detail(ws.slug, rec.id)).effect;
    expect(effect).toMatchObject({ verdict, metric: mentionRate, before: { k: k0, n: 100 }, after: { k: k1, n: 100, value: k1 } });
    expect(effect.before.interval).toHaveLength(2);
    expect(effect.after.interval).toHaveLength(2);
  });

  it('citation share of a domain and the negative-answer rate (lower is better)', async () => {
    const ws = await workspace();
    const cite = (brandMentioned: boolean): SeedResult => ({ engine: 'claude', promptId: 'p', brandMentioned, citations: [{ url: 'https://g2.com/x', domain: 'g2.com', class: 'third_party', entityId: null }] });
    const negative = (k: number, total: number) => Array.from({ length: total }, (_, i) => ({ engine: 'claude', promptId: 'q', brandMentioned: true, brandSentiment: i < k ? -0.5 : 0.5 }));
    await seedRun(ctx.database.db, ws.id, { finishedAt: new Date(Date.now() - hour), results: [...Array.from({ length: 50 }, () => cite(false)), ...negative(60, 100)] });
    const share = await seedRec(ws.id, { name: 'citation_share', scope: { domain: 'g2.com' }, better: 'higher', source: 'runs' });
    const neg = await seedRec(ws.id, { name: 'negative_rate', scope: {}, better: 'lower', source: 'runs' });
    await walkToDone(ws.slug, share.id);
    await walkToDone(ws.slug, neg.id);
    expect((await detail(ws.slug, share.id)).effect.before).toMatchObject({ k: 0, n: 50 });
    expect((await detail(ws.slug, neg.id)).effect.before).toMatchObject({ k: 60, n: 100 });
    await seedRun(ctx.database.db, ws.id, { finishedAt: new Date(Date.now() + hour), results: [...Array.from({ length: 50 }, (_, i) => cite(i < 30)), ...negative(20, 100)] });
    expect((await detail(ws.slug, share.id)).effect).toMatchObject({ verdict: 'improved', after: { k: 30, n: 50 } });
    expect((await detail(ws.slug, neg.id)).effect).toMatchObject({ verdict: 'improved', after: { k: 20, n: 130 } }); // the 30 citing answers naming the brand count too
  });

  // A reddit_thread item targets the answers citing its thread that do not name the brand; its
  // effect is measured over that same population, not over every answer to those prompts.
  it('reddit_thread: the effect measures the answers citing the thread, the population its evidence counts', async () => {
    const ws = await workspace();
    const thread = 'https://reddit.com/r/analytics/comments/abc/best_tool';
    const citing = (brandMentioned: boolean, url = `${thread}/`): SeedResult => ({ engine: 'chatgpt', promptId: 'prm_t', brandMentioned, citations: [{ url, domain: new URL(url).hostname.replace(/^(www|old)\./, ''), class: 'third_party', entityId: null }] });
    // 40 answers cite the thread (10 name the brand; spellings of one thread count as one), 60
    // answers to the same prompt do not cite it and all name the brand.
    const results: SeedResult[] = [
      ...Array.from({ length: 20 }, (_, i) => citing(i < 5)),
      ...Array.from({ length: 20 }, (_, i) => citing(i < 5, `https://www.Reddit.com/r/analytics/comments/abc/best_tool?utm=x`)),
      ...Array.from({ length: 60 }, () => ({ engine: 'chatgpt', promptId: 'prm_t', brandMentioned: true })),
    ];
    await seedRun(ctx.database.db, ws.id, { finishedAt: new Date(Date.now() - hour), results });
    const geo = results.map((r, i) => ({
      id: `res_${i}`, runId: 'run', engine: r.engine, promptId: r.promptId, prompt: 'best analytics tool?', intent: 'discovery', language: 'en', simulated: false,
      brandMentioned: r.brandMentioned, brandSentiment: null, competitors: [], answer: '', citations: (r.citations ?? []).map((c) => ({ url: c.url, domain: c.domain, class: 'third_party' as const })),
    }));
    const [item] = redditThreads({ brand: { name: 'Acme Analytics', aliases: [] }, results: geo, window: { runIds: [], from: '', to: '' }, now: new Date().toISOString() });
    expect(item!.evidence.metric).toMatchObject({ name: 'thread_mention_rate', scope: { thread }, current: { k: 10, n: 40 } });
    const { current: _current, ...metric } = item!.evidence.metric;
    const rec = await seedRec(ws.id, metric, { type: 'reddit_thread' });
    await walkToDone(ws.slug, rec.id);
    expect((await detail(ws.slug, rec.id)).effect).toMatchObject({ metric: { name: 'thread_mention_rate' }, before: { k: 10, n: 40 } });
    await seedRun(ctx.database.db, ws.id, { finishedAt: new Date(Date.now() + hour), results: [...Array.from({ length: 40 }, (_, i) => citing(i < 30)), ...Array.from({ length: 60 }, () => ({ engine: 'chatgpt', promptId: 'prm_t', brandMentioned: false }))] });
    expect((await detail(ws.slug, rec.id)).effect).toMatchObject({ verdict: 'improved', after: { k: 30, n: 40 } });
  });

  it('accepted before any run: the baseline says why there is no measurement', async () => {
    const ws = await workspace();
    const rec = await seedRec(ws.id, mentionRate);
    await walkToDone(ws.slug, rec.id);
    expect((await detail(ws.slug, rec.id)).effect).toMatchObject({ verdict: 'pending', before: null, explanation: 'No figure could be measured when the item was accepted: no measurement run succeeded in the period.' });
  });
});

describe('drafts for reddit_thread items', () => {
  const balance = async (slug: string) => (await api('GET', `/api/v1/workspaces/${slug}/credits/balance`)).json();
  it('201: disclosed, simulated offline, versioned, current_draft_id set, metered like one chat step', async () => {
    const ws = await workspace();
    const rec = await seedRec(ws.id, mentionRate, { type: 'reddit_thread' });
    const before = await balance(ws.slug);
    const first = await api('POST', `/api/v1/workspaces/${ws.slug}/recs/${rec.id}/draft`);
    expect(first.statusCode).toBe(201);
    const draft = first.json();
    expect(draft).toMatchObject({ recId: rec.id, version: 1, simulated: true, model: 'simulated:draft-v1', draftId: expect.stringMatching(/^drf_/) });
    expect(draft.text.split('\n')[0]).toBe('Disclosure: I work for Acme Analytics, so I\'m not a neutral voice here.');
    expect(draft.text).toContain('Which analytics tool for a startup?');
    const second = (await api('POST', `/api/v1/workspaces/${ws.slug}/recs/${rec.id}/draft`)).json();
    expect(second.version).toBe(2);
    const d = await detail(ws.slug, rec.id);
    expect(d.current_draft_id).toBe(second.draftId);
    expect(d.drafts.map((x: { version: number }) => x.version)).toEqual([1, 2]);
    // The detail carries each version's text, so an earlier draft can be read again.
    expect(d.drafts.map((x: { text: string }) => x.text)).toEqual([draft.text, second.text]);
    const after = await balance(ws.slug);
    expect(before.postedMicrousd - after.postedMicrousd).toBe(2 * 120_000);
    expect(after.heldMicrousd).toBe(0);
    // A transition may point at the draft it used.
    const res = await api('POST', `/api/v1/workspaces/${ws.slug}/recs/${rec.id}/transition`, { action: 'accept', expectedStatus: 'proposed', expectedVersion: 1, idempotencyKey: 'with-draft', draftId: draft.draftId });
    expect(res.statusCode).toBe(200);
    expect((await detail(ws.slug, rec.id)).history[0].draftId).toBe(draft.draftId);
  });

  it('another type → 400 invalid_request; without credits → 402', async () => {
    const ws = await workspace();
    const other = await seedRec(ws.id, mentionRate);
    const res = await api('POST', `/api/v1/workspaces/${ws.slug}/recs/${other.id}/draft`);
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'invalid_request']);
    const poor = await workspace(0);
    const thread = await seedRec(poor.id, mentionRate, { type: 'reddit_thread' });
    const refused = await api('POST', `/api/v1/workspaces/${poor.slug}/recs/${thread.id}/draft`);
    expect([refused.statusCode, refused.json().error.code]).toEqual([402, 'insufficient_credits']);
    expect((await detail(poor.slug, thread.id)).current_draft_id).toBeNull();
  });
});

describe('end to end on the simulated engines', () => {
  it('a lite run, then the geo lane: items with evidence from simulated answers', async () => {
    const ws = await workspace(50_000_000);
    const run = (await api('POST', `/api/v1/workspaces/${ws.slug}/runs`, { preset: 'lite' })).json();
    for (let i = 0; i < 400 && (await api('GET', `/api/v1/workspaces/${ws.slug}/runs/${run.id}`)).json().status === 'running'; i++) await new Promise((r) => setTimeout(r, 50));
    const job = (await api('POST', `/api/v1/workspaces/${ws.slug}/recs/generate`, { lane: 'geo' })).json();
    for (let i = 0; i < 400 && (await api('GET', `/api/v1/workspaces/${ws.slug}/jobs/${job.id}`)).json().status === 'running'; i++) await new Promise((r) => setTimeout(r, 25));
    const items = Object.values((await api('GET', `/api/v1/workspaces/${ws.slug}/recs`)).json()).flat() as Array<Record<string, any>>;
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(10);
    for (const item of items) {
      expect(item.evidence.simulated).toBe(true);
      expect(item.evidence.window.runIds).toEqual([run.id]);
      expect(item.evidence.metric.current.n).toBeGreaterThan(0);
    }
    // Accepting snapshots the same metric over the same run (from the answer counts the run wrote
    // at its success): each baseline equals the figure the lane computed from the answers. (Not
    // reddit_thread: its figure is over the answers citing the thread, its metric over the prompts.)
    const runsMetrics = items.filter((i) => i.evidence.metric.source === 'runs' && i.type !== 'reddit_thread');
    expect(runsMetrics.length).toBeGreaterThan(0);
    for (const item of runsMetrics) {
      await api('POST', `/api/v1/workspaces/${ws.slug}/recs/${item.rec_id}/transition`, { action: 'accept', expectedStatus: 'proposed', expectedVersion: 1, idempotencyKey: `e2e-${item.rec_id}` });
      const d = await detail(ws.slug, item.rec_id);
      expect({ type: item.type, metric: item.evidence.metric.name, k: d.effect.before.k, n: d.effect.before.n }).toEqual({ type: item.type, metric: item.evidence.metric.name, k: item.evidence.metric.current.k, n: item.evidence.metric.current.n });
    }
  });
});
