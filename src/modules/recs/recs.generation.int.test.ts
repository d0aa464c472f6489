import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { seedRun, type SeedResult } from '../../../test/helpers/runs-seed.ts';
import { INTENTS } from '../workspaces/workspaces.schemas.ts';
import type { DomainEvent } from '../events/events.hub.ts';
import type { SeoSignals } from './recs.types.ts';
import { ended } from '../../../test/helpers/wait.ts';

// Generation through the API and the job worker, on constructed runs and fake SEO signals.

const signalsByWs = new Map<string, SeoSignals>();
let ctx: TestContext;
let bare: TestContext;
let cookie: string;
let bareCookie: string;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({ seoSignals: { signals: async (id) => signalsByWs.get(id) ?? { available: false, reason: 'not_refreshed', failedChecks: [], insights: [], aiBots: [], llmsTxt: null } } });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'gen-first'); // holds the user's free grant
  bare = await createTestApp();
  bareCookie = (await signup(bare.app)).cookie;
});
afterAll(async () => {
  await ctx.close();
  await bare.close();
});

const api = (method: 'GET' | 'POST', url: string, payload?: object, app = ctx.app, c = cookie) =>
  app.inject({ method, url, headers: { cookie: c }, ...(payload ? { payload } : {}) });
async function workspace(overrides: Record<string, unknown> = {}, app = ctx.app, c = cookie, credits = 50_000_000) {
  const slug = `gen-${++n}`;
  await createWorkspace(app, c, slug, overrides);
  if (credits) await api('POST', `/api/v1/workspaces/${slug}/credits/top-up`, { amountMicrousd: credits, idempotencyKey: `t-${slug}` }, app, c);
  const id = ((await (app === ctx.app ? ctx : bare).database.executeSql(`select id from workspaces where slug = '${slug}'`)).rows[0] as { id: string }).id;
  return { slug, id };
}
async function generate(slug: string, lane: 'geo' | 'seo', app = ctx.app, c = cookie) {
  const res = await api('POST', `/api/v1/workspaces/${slug}/recs/generate`, { lane }, app, c);
  expect(res.statusCode).toBe(202);
  expect(res.json()).toMatchObject({ kind: 'recs_generation', status: 'running', brand: slug });
  const job = await ended(async () => (await api('GET', `/api/v1/workspaces/${slug}/jobs/${res.json().id}`, undefined, app, c)).json(), 'the generation');
  expect(job.status).toBe('succeeded');
  return { job, result: JSON.parse((job.lastLines as string[]).find((l) => l.includes('result: '))!.split('result: ')[1]!) };
}
const groups = async (slug: string, app = ctx.app, c = cookie) => (await api('GET', `/api/v1/workspaces/${slug}/recs`, undefined, app, c)).json();
const all = async (slug: string) => Object.values(await groups(slug)).flat() as Array<Record<string, any>>;

/** Content gaps on every intent × engine (30 topics), competitors named and the brand not. */
function gapRun(): SeedResult[] {
  return INTENTS.flatMap((intent, i) => ['chatgpt', 'perplexity', 'gemini', 'claude', 'google-aio'].flatMap((engine) =>
    Array.from({ length: 6 }, (_, k) => ({ engine, intent, promptId: `prm_${i}_${k}`, prompt: `${intent} question ${k}`, competitors: ['Globex'], brandMentioned: k >= 3 + (i % 3) }))));
}

describe('geo lane: caps, targets and topics', () => {
  it('creates at most 10 per run up to 20 open, never a topic that is open', async () => {
    const ws = await workspace();
    await seedRun(ctx.database.db, ws.id, { finishedAt: new Date(Date.now() - 3600_000), results: gapRun() });
    const first = await generate(ws.slug, 'geo');
    expect(first.result).toMatchObject({ lane: 'geo', available: true, answers: 180, created: 10, writtenBy: { model: 0, template: 10 } });
    expect(first.result.candidates).toBeGreaterThanOrEqual(30);
    const second = await generate(ws.slug, 'geo');
    expect(second.result).toMatchObject({ created: 10, skippedOpenTopics: 10 });
    const third = await generate(ws.slug, 'geo');
    expect(third.result.created).toBe(0);
    const items = await all(ws.slug);
    expect(items).toHaveLength(20);
    expect(new Set(items.map((i) => i.topic)).size).toBe(20);
    for (const item of items) {
      expect(item).toMatchObject({ lane: 'geo', type: 'content_gap', status: 'proposed', state_version: 1, writtenBy: 'template', compliance_flag: false });
      expect(item.title.length).toBeGreaterThan(10);
      expect(item.evidence.figures[0]).toMatchObject({ n: 6, interval: expect.any(Array) });
      expect(item.scores).toMatchObject({ impact: expect.any(Number), confidence: expect.any(Number), effort: 2, priority: expect.any(Number) });
    }
    // Declining 5 makes room for 5; the declined topics are no longer open and may come back.
    const proposed = (await groups(ws.slug)).proposed.slice(0, 5);
    for (const item of proposed) {
      await api('POST', `/api/v1/workspaces/${ws.slug}/recs/${item.rec_id}/transition`, { action: 'decline', expectedStatus: 'proposed', expectedVersion: 1, idempotencyKey: `d-${item.rec_id}` });
    }
    expect((await generate(ws.slug, 'geo')).result.created).toBe(5);
    const open = (await all(ws.slug)).filter((i) => i.status === 'proposed');
    expect(open).toHaveLength(20);
    expect(new Set(open.map((i) => i.topic)).size).toBe(20);
  });

  it('publishes recommendation.created for each item created, after it is stored, and none for a skipped topic', async () => {
    const ws = await workspace();
    const seen: Array<{ event: DomainEvent; stored: boolean }> = [];
    const unsubscribe = ctx.app.events.subscribe(async (event) => {
      if (event.workspaceId !== ws.id) return;
      const id = (event.data as { id: string }).id;
      // The subscriber runs after the commit: the item is already readable on another connection.
      const rows = (await ctx.database.executeSql(`select id from recommendations where id = '${id}'`)).rows;
      seen.push({ event, stored: rows.length === 1 });
    });
    try {
      await seedRun(ctx.database.db, ws.id, { finishedAt: new Date(Date.now() - 3600_000), results: gapRun() });
      expect((await generate(ws.slug, 'geo')).result.created).toBe(10);
      const items = await all(ws.slug);
      expect(seen.map((s) => s.event.type)).toEqual(Array(10).fill('recommendation.created'));
      expect(seen.every((s) => s.stored)).toBe(true);
      for (const { event } of seen) {
        const item = items.find((i) => i.rec_id === (event.data as { id: string }).id)!;
        expect(event.data).toEqual({ id: item.rec_id, topic: item.topic, type: 'content_gap', lane: 'geo', title: item.title, status: 'proposed', scores: { priority: item.scores.priority } });
        expect(event.id).toMatch(/^evt_/);
      }
      // A generation that creates nothing publishes nothing.
      await generate(ws.slug, 'geo');
      await generate(ws.slug, 'geo');
      expect(seen).toHaveLength(20);
    } finally {
      unsubscribe();
    }
  });

  it('without any run: succeeds with nothing created and says why', async () => {
    const ws = await workspace();
    const { job, result } = await generate(ws.slug, 'geo');
    expect(result).toMatchObject({ lane: 'geo', available: true, answers: 0, created: 0 });
    expect(job.lastLines.join('\n')).toMatch(/no succeeded measurement run/);
  });

  it('page evaluations add AI-bot and llms.txt items; eu_medical flags items that make claims', async () => {
    const ws = await workspace({ complianceProfile: 'eu_medical' });
    signalsByWs.set(ws.id, { available: true, failedChecks: [], insights: [], aiBots: [{ url: 'https://acme.com/', bot: 'GPTBot', allowed: false }], llmsTxt: { url: 'https://acme.com/llms.txt', present: false } });
    await seedRun(ctx.database.db, ws.id, { finishedAt: new Date(Date.now() - 3600_000), results: gapRun().slice(0, 6) });
    await generate(ws.slug, 'geo');
    const items = await all(ws.slug);
    const byType = Object.fromEntries(items.map((i) => [i.type, i]));
    expect(Object.keys(byType).sort()).toEqual(['ai_bot_blocked', 'content_gap', 'llms_txt_missing']);
    expect(byType.content_gap.compliance_flag).toBe(true);
    expect(byType.ai_bot_blocked.compliance_flag).toBe(false);
    expect(byType.ai_bot_blocked.evidence.simulated).toBe(false);
  });
});

describe('geo lane: source gaps from the fan-out traces of a run on the simulated engines', () => {
  it('a gap on a fan-out query becomes a source_gap item with its evidence; a regeneration does not repeat it', async () => {
    const ws = await workspace();
    const started = await api('POST', `/api/v1/workspaces/${ws.slug}/runs`, { preset: 'smoke' });
    expect(started.statusCode).toBe(202);
    await ended(async () => (await api('GET', `/api/v1/workspaces/${ws.slug}/jobs/${started.json().id}`)).json(), 'the run');
    const gaps = (await api('GET', `/api/v1/workspaces/${ws.slug}/sources/gaps`)).json();
    expect(gaps.rows.length).toBeGreaterThan(0);
    const first = await generate(ws.slug, 'geo');
    expect(first.job.lastLines.join('\n')).toMatch(/fan-out gaps \(query × engine\), [1-5] source-gap items/);
    const items = (await all(ws.slug)).filter((i) => i.type === 'source_gap');
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const ev = item.evidence;
      const rows = gaps.rows.filter((g: { query: string; surface: string }) => g.surface === ev.facts.surface && g.query.toLowerCase() === ev.facts.query.toLowerCase());
      expect(rows.length).toBeGreaterThan(0);
      // k of n answers, as the gaps view counts them, with a 95% interval.
      expect(ev.figures[0]).toMatchObject({ unit: 'percent', k: rows.reduce((a: number, g: { answers: number }) => a + g.answers, 0), n: rows.reduce((a: number, g: { searchedIn: number }) => a + g.searchedIn, 0), interval: [expect.any(Number), expect.any(Number)] });
      expect(ev.facts.competitorUrls.length).toBeGreaterThan(0);
      expect(ev).toMatchObject({ simulated: true, urls: [], facts: { urlsSimulated: true }, metric: { name: 'mention_rate', source: 'runs', current: { n: expect.any(Number) } } });
      expect(ev.answers.length).toBeGreaterThan(0);
      // An action naming the page in words; the query is never quoted in it.
      expect(item.title).toMatch(/^Publish (a|an) /);
      expect(item.title).not.toContain(ev.facts.query);
      expect(item.why).toMatch(/engines read pages of .+ and none of /);
    }
    // Accepting one measures its metric: the effect measurement knows it.
    const accepted = await api('POST', `/api/v1/workspaces/${ws.slug}/recs/${items[0]!.rec_id}/transition`, { action: 'accept', expectedStatus: 'proposed', expectedVersion: 1, idempotencyKey: `a-${items[0]!.rec_id}` });
    expect(accepted.statusCode).toBe(200);
    const read = (await api('GET', `/api/v1/workspaces/${ws.slug}/recs/${items[0]!.rec_id}`)).json();
    // The baseline counts the population of the evidence's `current`: the answers to the prompts behind the query.
    expect(read.effect).toMatchObject({ metric: { name: 'mention_rate', scope: { promptIds: items[0]!.evidence.metric.scope.promptIds } }, before: { k: items[0]!.evidence.metric.current.k, n: items[0]!.evidence.metric.current.n } });
    const again = await generate(ws.slug, 'geo');
    expect(again.result.skippedOpenTopics).toBeGreaterThanOrEqual(items.length);
    expect((await all(ws.slug)).filter((i) => i.type === 'source_gap')).toHaveLength(items.length);
  });
});

describe('seo lane: metered, capped, honest when there is no data', () => {
  const failing = (count: number): SeoSignals => ({
    available: true, aiBots: [], llmsTxt: null, insights: [{ kind: 'low_ctr', query: 'acme pricing', clicks: 5, impressions: 2000, ctr: 0.0025, position: 4, importanceBp: 10_000 }],
    failedChecks: Array.from({ length: count }, (_, i) => ({ checkId: `check${i}`, title: `Check ${i}`, pages: [{ url: `https://acme.com/${i}` }], passRate: { passed: i % 5, n: 10 } })),
  });
  const balance = async (slug: string) => (await api('GET', `/api/v1/workspaces/${slug}/credits/balance`)).json();

  it('creates at most 20, charges per created item, and stops at 50 open', async () => {
    const ws = await workspace();
    signalsByWs.set(ws.id, failing(60));
    const before = await balance(ws.slug);
    expect((await generate(ws.slug, 'seo')).result).toMatchObject({ lane: 'seo', available: true, created: 20 });
    const after = await balance(ws.slug);
    expect(before.postedMicrousd - after.postedMicrousd).toBe(20 * 10_000);
    expect(after.heldMicrousd).toBe(0);
    expect((await generate(ws.slug, 'seo')).result.created).toBe(20);
    expect((await generate(ws.slug, 'seo')).result.created).toBe(10);
    expect((await generate(ws.slug, 'seo')).result.created).toBe(0);
    const items = await all(ws.slug);
    expect(items).toHaveLength(50);
    expect(new Set(items.map((i) => i.topic)).size).toBe(50);
    expect(items.every((i) => i.lane === 'seo')).toBe(true);
    expect(items.some((i) => i.type === 'search_low_ctr')).toBe(true);
    // The geo lane counts its own open items only.
    expect((await generate(ws.slug, 'geo')).result.created).toBe(0);
  });

  it('SEO signals not available: the job says so, creates nothing and charges nothing', async () => {
    const ws = await workspace();
    const before = await balance(ws.slug);
    expect((await generate(ws.slug, 'seo')).result).toEqual({ lane: 'seo', available: false, reason: 'not_refreshed', created: 0 });
    expect((await balance(ws.slug)).postedMicrousd).toBe(before.postedMicrousd);
    expect(await all(ws.slug)).toEqual([]);
  });

  it('no SEO refresh or page evaluation yet: available false with the reason, nothing created', async () => {
    const ws = await workspace({}, bare.app, bareCookie);
    expect((await generate(ws.slug, 'seo', bare.app, bareCookie)).result).toMatchObject({ available: false, reason: expect.stringMatching(/^no_seo_data/), created: 0 });
  });

  it('402 insufficient_credits when the hold cannot be covered; nothing starts', async () => {
    const ws = await workspace({}, ctx.app, cookie, 0);
    const res = await api('POST', `/api/v1/workspaces/${ws.slug}/recs/generate`, { lane: 'seo' });
    expect([res.statusCode, res.json().error.code]).toEqual([402, 'insufficient_credits']);
    expect(res.json().error.details).toMatchObject({ requiredMicrousd: 200_000, availableMicrousd: 0, addCredits: { method: 'POST' } });
    expect((await api('POST', `/api/v1/workspaces/${ws.slug}/recs/generate`, { lane: 'geo' })).statusCode).toBe(202);
  });

  it.each([[{}], [{ lane: 'ads' }], [{ lane: 'geo', extra: true }]])('400 for %j', async (body) => {
    const res = await api('POST', '/api/v1/workspaces/gen-first/recs/generate', body);
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'invalid_request']);
  });
});
