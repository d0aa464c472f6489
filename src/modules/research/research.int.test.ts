import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { promptKey } from './research.fns.ts';
import { ended } from '../../../test/helpers/wait.ts';

let ctx: TestContext;
let owner: string;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, owner, 'research-a', { languages: ['en', 'fr'], industry: undefined });
  await ctx.app.inject({ method: 'PATCH', url: '/api/v1/workspaces/research-a/profile', headers: { cookie: owner }, payload: { industry: 'Analytics' } });
  // The owner's free grant went to the first workspace: this one has no credits.
  await createWorkspace(ctx.app, owner, 'research-poor');
});
afterAll(() => ctx.close());

const req = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = { cookie: owner }) =>
  ctx.app.inject({ method, url: `/api/v1/workspaces/${url}`, headers, ...(payload ? { payload } : {}) });

const finished = (slug: string, id: string) => ended(async () => (await req('GET', `${slug}/research/${id}`)).json(), 'research');

describe('research pipeline (simulated providers)', () => {
  let done: { id: string; status: string; progress: { completedCalls: number; totalCalls: number }; simulated: object; stages: Array<{ stage: string; status: string; calls: number; findings: Array<Record<string, unknown>> }> };

  beforeAll(async () => {
    const started = await req('POST', 'research-a/research');
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ kind: 'research', status: 'running', brand: 'research-a' });
    done = await finished('research-a', started.json().id);
  });

  it('runs the four stages within the 80-call reservation', () => {
    expect(done.status).toBe('succeeded');
    expect(done.simulated).toEqual({ model: true, serp: true });
    expect(done.stages.map((s) => [s.stage, s.status])).toEqual([['topics', 'succeeded'], ['questions', 'succeeded'], ['competitors', 'succeeded'], ['sources', 'succeeded']]);
    const calls = done.stages.reduce((n, s) => n + s.calls, 0);
    expect(calls).toBe(done.progress.completedCalls);
    expect(calls).toBeLessThanOrEqual(80);
    expect(done.progress.completedCalls).toBe(done.progress.totalCalls);
  });

  it('suggests prompts per intent and language, none already active', async () => {
    const prompts = done.stages[1]!.findings;
    expect(prompts.length).toBeGreaterThan(10);
    expect(new Set(prompts.map((p) => p.language))).toEqual(new Set(['en', 'fr']));
    expect(new Set(prompts.map((p) => p.intent)).size).toBe(6);
    const active = (await req('GET', 'research-a/prompts?limit=500')).json().prompts.map((p: { text: string }) => promptKey(p.text));
    for (const p of prompts) expect(active).not.toContain(promptKey(p.text as string));
    expect(new Set(prompts.map((p) => promptKey(p.text as string))).size).toBe(prompts.length);
  });

  it('proposes no competitor without a source: the simulated model invents none', () => {
    expect(done.stages[2]!.findings).toEqual([]);
    const sources = done.stages[3]!.findings;
    expect(sources[0]).toMatchObject({ kind: 'source', class: 'third_party', citations: expect.any(Number), probes: 12 });
  });

  it('quotes research for free: the hold, the planned calls within it, simulated providers said', async () => {
    const balance = async () => (await req('GET', 'research-a/credits/balance')).json().availableMicrousd;
    const before = await balance();
    const quote = await req('GET', 'research-a/research/quote');
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ holdMicrousd: expect.any(Number), maxCalls: { model: 50, serp: 30 }, simulated: { model: true, serp: true } });
    expect(quote.json().calls).toBeLessThanOrEqual(80);
    expect(quote.json().calls).toBe(done.progress.totalCalls);
    expect(await balance()).toBe(before);
  });

  it('lists research jobs', async () => {
    const list = (await req('GET', 'research-a/research')).json();
    expect(list.map((r: { id: string }) => r.id)).toContain(done.id);
  });

  it('accepts prompts into the set (prompts:write), once, and refuses unknown ids', async () => {
    const [a, b] = done.stages[1]!.findings;
    const res = await req('POST', `research-a/research/${done.id}/accept-prompts`, { findingIds: [a!.id, b!.id] });
    expect(res.statusCode, res.body).toBe(200);
    const texts = (await req('GET', 'research-a/prompts?limit=500')).json().prompts.map((p: { text: string }) => p.text);
    expect(texts).toEqual(expect.arrayContaining([a!.text, b!.text]));
    await req('POST', `research-a/research/${done.id}/accept-prompts`, { findingIds: [a!.id] });
    expect((await req('GET', 'research-a/prompts?limit=500')).json().prompts.filter((p: { text: string }) => p.text === a!.text)).toHaveLength(1);
    const bad = await req('POST', `research-a/research/${done.id}/accept-prompts`, { findingIds: ['fnd_nope'] });
    expect(bad.statusCode).toBe(400);
  });

  it('accepts competitors only from its findings (settings:write)', async () => {
    const res = await req('POST', `research-a/research/${done.id}/accept-competitors`, { competitors: [{ findingId: 'fnd_nope', domains: ['newrival.com'] }] });
    expect(res.statusCode, res.body).toBe(400);
    const key = await activeKey(ctx.app, owner, 'research-a', { scopes: ['runs:write', 'prompts:write'] });
    const denied = await req('POST', `research-a/research/${done.id}/accept-competitors`, { competitors: [{ findingId: 'fnd_nope', domains: ['x.com'] }] }, key.bearer);
    expect(denied.json().error.code).toBe('insufficient_scope');
  });
});

describe('research refusals', () => {
  it('402 insufficient_credits without credits, and no job', async () => {
    const res = await req('POST', 'research-poor/research');
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: 'insufficient_credits', details: { requiredMicrousd: 650_000, availableMicrousd: 0 } });
    // The 402 says how to add credits, in words and for programs (the local top-up here).
    expect(res.json().error.message).toContain('POST /api/v1/workspaces/research-poor/credits/top-up');
    expect(res.json().error.details.addCredits).toMatchObject({ kind: 'top_up', method: 'POST', path: '/api/v1/workspaces/research-poor/credits/top-up', credential: 'session' });
    expect((await req('GET', 'research-poor/research')).json()).toEqual([]);
  });

  it('one at a time per workspace', async () => {
    const results = await Promise.all([req('POST', 'research-a/research'), req('POST', 'research-a/research')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    await finished('research-a', results.find((r) => r.statusCode === 202)!.json().id);
  });

  it('needs runs:write to start and runs:read to read', async () => {
    const reader = await activeKey(ctx.app, owner, 'research-a', { scopes: ['runs:read'] });
    expect((await req('POST', 'research-a/research', undefined, reader.bearer)).json().error.code).toBe('insufficient_scope');
    expect((await req('GET', 'research-a/research', undefined, reader.bearer)).statusCode).toBe(200);
    expect((await req('GET', 'research-a/research/job_unknown')).statusCode).toBe(404);
  });
});
