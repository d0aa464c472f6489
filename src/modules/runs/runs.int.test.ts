import { defaultEngineLimits } from '../engines/limits/limits.config.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config } from '../../config.ts';
import { DEFAULT_PRICING, ENGINE_IDS } from '../engines/catalogue.ts';
import { manualClock } from '../../lib/clock.ts';
import { activeKey, createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';

const ALL = ENGINE_IDS.reduce((a, e) => a + DEFAULT_PRICING[e], 0);
let ctx: TestContext;
let cookie: string;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'runs'); // holds the free grant
});
afterAll(() => ctx.close());

// Apps with a database of their own sign their own user up; the cookie follows the app.
const cookies = new Map<unknown, string>();
const cookieFor = (app: TestContext['app']) => cookies.get(app) ?? cookie;
const api = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: unknown, app = ctx.app) =>
  app.inject({ method, url, headers: { cookie: cookieFor(app) }, ...(payload === undefined ? {} : { payload: payload as object }) });
async function funded(slug = `r-${++n}`, app = ctx.app) {
  await createWorkspace(app, cookieFor(app), slug);
  await api('POST', `/api/v1/workspaces/${slug}/credits/top-up`, { amountMicrousd: 50_000_000, idempotencyKey: `t-${slug}` }, app);
  return slug;
}
async function waitFor(slug: string, id: string, app = ctx.app, until = (s: string) => s !== 'running') {
  // A generous deadline: under load a run takes many times its quiet-machine time.
  for (const deadline = Date.now() + 90_000; Date.now() < deadline;) {
    const run = (await api('GET', `/api/v1/workspaces/${slug}/jobs/${id}`, undefined, app)).json();
    if (until(run.status)) return run;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('job did not finish');
}
const balance = async (slug: string, app = ctx.app) => (await api('GET', `/api/v1/workspaces/${slug}/credits/balance`, undefined, app)).json();

describe('prompt set', () => {
  it('a new workspace starts with activeSetSize template prompts in proportion to its quotas', async () => {
    const list = (await api('GET', '/api/v1/workspaces/runs/prompts?limit=500')).json();
    expect(list.total).toBe(50);
    expect(list.prompts.every((p: { active: boolean; source: string }) => p.active && p.source === 'template')).toBe(true);
    expect(list.prompts.filter((p: { intent: string }) => p.intent === 'discovery')).toHaveLength(10);
  });

  it('CRUD with validation', async () => {
    const slug = await funded();
    const created = await api('POST', `/api/v1/workspaces/${slug}/prompts`, { intent: 'comparison', text: 'Acme or Globex for a 10-person team?', language: 'en' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ source: 'user', active: true, region: null });
    const id = created.json().id;
    expect((await api('PATCH', `/api/v1/workspaces/${slug}/prompts/${id}`, { active: false })).json().active).toBe(false);
    // The inactive ones are also the template prompts replaced when the category was confirmed.
    const inactive = (await api('GET', `/api/v1/workspaces/${slug}/prompts?active=false&limit=500`)).json().prompts;
    expect(inactive.filter((p: { source: string }) => p.source === 'user').map((p: { id: string }) => p.id)).toEqual([id]);
    for (const body of [{ intent: 'x', text: 'abc', language: 'en' }, { intent: 'expert', text: 'ab', language: 'en' }, { intent: 'expert', text: 'abcd', language: 'de' }, { intent: 'expert', text: 'abcd', language: 'en', extra: 1 }]) {
      expect((await api('POST', `/api/v1/workspaces/${slug}/prompts`, body)).statusCode).toBe(400);
    }
    expect((await api('PATCH', `/api/v1/workspaces/${slug}/prompts/${id}`, {})).statusCode).toBe(400);
    expect((await api('DELETE', `/api/v1/workspaces/${slug}/prompts/${id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/v1/workspaces/${slug}/prompts/${id}`)).statusCode).toBe(404);
  });

  it('one prompt generation at a time per workspace; jobs of other workspaces are not found', async () => {
    const slug = await funded();
    const results = await Promise.all(Array.from({ length: 4 }, () => api('POST', `/api/v1/workspaces/${slug}/prompts/generate`)));
    // A template generation can finish within milliseconds, so a late request may legitimately start
    // a second one; requests that overlap a running one are 409.
    const codes = results.map((r) => r.statusCode);
    expect(codes.every((c) => c === 202 || c === 409)).toBe(true);
    expect(codes.filter((c) => c === 409).length).toBeGreaterThanOrEqual(1);
    expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('job_already_running');
    const job = results.find((r) => r.statusCode === 202)!.json();
    await waitFor(slug, job.id);
    const other = await funded();
    expect((await api('GET', `/api/v1/workspaces/${other}/jobs/${job.id}`)).json().error.code).toBe('not_found');
    expect((await api('GET', `/api/v1/workspaces/${slug}/jobs/job_unknown`)).statusCode).toBe(404);
  });

  it('generation refills the active set from templates (no model key), keeping the user’s prompts', async () => {
    const slug = await funded();
    await api('POST', `/api/v1/workspaces/${slug}/prompts`, { intent: 'expert', text: 'Which analyst firms cover product analytics?', language: 'en' });
    const started = await api('POST', `/api/v1/workspaces/${slug}/prompts/generate`);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ kind: 'prompt_generation', status: 'running' });
    const done = await waitFor(slug, started.json().id);
    expect(done.status).toBe('succeeded');
    const active = (await api('GET', `/api/v1/workspaces/${slug}/prompts?active=true&limit=500`)).json();
    expect(active.total).toBe(50);
    expect(active.prompts.filter((p: { source: string }) => p.source === 'user')).toHaveLength(1);
  });
});

describe('runs', () => {
  it('a smoke run: 202 running with totalCalls known, then succeeded with every call analysed and credits settled', async () => {
    const slug = await funded();
    const before = await balance(slug);
    const res = await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'smoke' });
    expect(res.statusCode).toBe(202);
    const run = res.json();
    expect(run).toMatchObject({ brand: slug, kind: 'measurement', status: 'running', finishedAt: null, lastLines: [], progress: { totalCalls: 10, source: 'calls' } });
    expect(run.id).toMatch(/^run_/);
    // Spec 2.10: `pid` is the OS process id of the process that runs the job — here
    // the test's own process, which runs the API and the workers. No server file path is shown
    // (it would tell a caller about the server's disk): the log is read through the API.
    expect(run.pid).toBe(process.pid);
    expect(run.logPath).toBe(`/api/v1/workspaces/${slug}/jobs/${run.id}/log`);
    const done = await waitFor(slug, run.id);
    const log = await api('GET', done.logPath);
    expect(log.statusCode).toBe(200);
    expect(log.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(log.headers['x-log-source']).toBe('file');
    expect(log.body.trimEnd().split('\n').slice(-done.lastLines.length)).toEqual(done.lastLines);
    expect(JSON.stringify(done)).not.toMatch(/geo-data-|\/logs\/jobs\//);
    expect(done).toMatchObject({ status: 'succeeded', pid: process.pid, progress: { completedCalls: 10, totalCalls: 10, percent: 100 } });
    expect(done.finishedAt).not.toBeNull();
    expect(done.lastLines.join('\n')).toMatch(/succeeded/);

    const detail = (await api('GET', `/api/v1/workspaces/${slug}/runs/${run.id}/detail`)).json();
    expect(detail.engines.map((e: { engine: string }) => e.engine).sort()).toEqual(['chatgpt', 'claude', 'gemini', 'google-aio', 'perplexity']);
    for (const engine of detail.engines) {
      expect(engine).toMatchObject({ simulated: true, calls: 2, answers: 2 });
      expect(engine.prompts).toHaveLength(2);
      expect(engine.citations).toHaveProperty('owned');
    }
    const after = await balance(slug);
    expect(after.heldMicrousd).toBe(0);
    expect(before.postedMicrousd - after.postedMicrousd).toBe(2 * ALL);
    const list = (await api('GET', `/api/v1/workspaces/${slug}/runs`)).json();
    expect(list.runs[0].id).toBe(run.id);
    // Filtered by state: what the dashboard asks to know whether anything was measured.
    expect((await api('GET', `/api/v1/workspaces/${slug}/runs?status=succeeded&limit=1`)).json().runs.map((r: { id: string }) => r.id)).toEqual([run.id]);
    expect((await api('GET', `/api/v1/workspaces/${slug}/runs?status=running`)).json().runs).toEqual([]);
    expect((await api('GET', `/api/v1/workspaces/${slug}/runs?status=done`)).json().error.code).toBe('invalid_request');
  });

  it('the same idempotency key returns the same run; another preset with it is 409', async () => {
    const slug = await funded();
    const a = await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'smoke', idempotencyKey: 'k1' });
    const b = await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'smoke', idempotencyKey: 'k1' });
    expect(b.json().id).toBe(a.json().id);
    expect((await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'lite', idempotencyKey: 'k1' })).json().error.code).toBe('idempotency_conflict');
    await waitFor(slug, a.json().id);
  });

  it('parallel starts: exactly one runs, the others are 409 job_already_running', async () => {
    const slug = await funded();
    const results = await Promise.all(Array.from({ length: 6 }, () => api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'lite' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([202, 409, 409, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('job_already_running');
    await waitFor(slug, results.find((r) => r.statusCode === 202)!.json().id);
  });

  it('402 insufficient_credits when the hold cannot be covered, and nothing starts', async () => {
    const slug = `poor-${++n}`;
    await createWorkspace(ctx.app, cookie, slug);
    const res = await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'smoke' });
    expect([res.statusCode, res.json().error.code]).toEqual([402, 'insufficient_credits']);
    expect(res.json().error.details).toMatchObject({ requiredMicrousd: 2 * ALL, availableMicrousd: 0, addCredits: { method: 'POST' } });
    expect((await api('GET', `/api/v1/workspaces/${slug}/runs`)).json().runs).toEqual([]);
  });

  it.each([[{}], [{ preset: 'huge' }], [{ preset: 'smoke', extra: 1 }], [{ preset: 'smoke', idempotencyKey: '' }]])('400 for %j', async (body) => {
    expect((await api('POST', '/api/v1/workspaces/runs/runs', body)).statusCode).toBe(400);
  });

  it('unknown run ids are 404 not_found; a key needs runs:write to start and runs:read to read', async () => {
    expect((await api('GET', '/api/v1/workspaces/runs/runs/run_nope')).json().error.code).toBe('not_found');
    const key = await activeKey(ctx.app, cookie, 'runs', { scopes: ['runs:read'] });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/runs/runs', headers: key.bearer, payload: { preset: 'smoke' } })).json().error.code).toBe('insufficient_scope');
    expect((await ctx.app.inject({ url: '/api/v1/workspaces/runs/runs', headers: key.bearer })).statusCode).toBe(200);
  });
});

describe('cancellation, capacity and dead workers', () => {
  let slow: TestContext;
  beforeAll(async () => {
    // A database of its own: the main app's workers must not take (and speed through) these jobs.
    const config = testConfig();
    // Calls of 2 s: a run here cannot end before the test acts on it (cancel, the cap), however
    // loaded the machine; cancelling aborts the waits at once.
    slow = await createTestApp({ config: { ...config, pipeline: { ...config.pipeline, simulatedLatencyMs: 2_000, maxJobs: 2 } } });
    cookies.set(slow.app, (await signup(slow.app)).cookie);
  });
  afterAll(() => slow.close());

  it('DELETE cancels at once; the worker stops and the hold is settled for the calls made', async () => {
    const slug = `slow-${++n}`;
    await createWorkspace(slow.app, cookieFor(slow.app), slug, { activeSetSize: 300 });
    await api('POST', `/api/v1/workspaces/${slug}/credits/top-up`, { amountMicrousd: 50_000_000, idempotencyKey: `t-${slug}` }, slow.app);
    const run = (await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'standard' }, slow.app)).json();
    // Cancel once the worker has begun (its first log line), whatever the machine's speed.
    await expect.poll(async () => (await api('GET', `/api/v1/workspaces/${slug}/runs/${run.id}`, undefined, slow.app)).json().lastLines.join('\n'), { timeout: 60_000, interval: 10 }).toMatch(/calls$/m);
    const cancelled = await api('DELETE', `/api/v1/workspaces/${slug}/runs/${run.id}`, undefined, slow.app);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', finishedAt: expect.any(String) });
    expect((await api('DELETE', `/api/v1/workspaces/${slug}/runs/${run.id}`, undefined, slow.app)).json().error.code).toBe('invalid_state');
    await expect.poll(async () => (await balance(slug, slow.app)).heldMicrousd, { timeout: 60_000, interval: 50 }).toBe(0);
    const b = await balance(slug, slow.app);
    expect(b.heldMicrousd).toBe(0);
    const final = (await api('GET', `/api/v1/workspaces/${slug}/runs/${run.id}`, undefined, slow.app)).json();
    expect(final.status).toBe('cancelled');
    expect(final.progress.completedCalls).toBeLessThan(600);
    expect(50_000_000 - b.postedMicrousd).toBeLessThan(600 * 25_000);
  });

  it('the global cap answers 429 pipeline_capacity_reached with Retry-After', async () => {
    const a = await funded(undefined, slow.app);
    const b = await funded(undefined, slow.app);
    const c = await funded(undefined, slow.app);
    const runA = (await api('POST', `/api/v1/workspaces/${a}/runs`, { preset: 'lite' }, slow.app)).json();
    const runB = (await api('POST', `/api/v1/workspaces/${b}/runs`, { preset: 'lite' }, slow.app)).json();
    const third = await api('POST', `/api/v1/workspaces/${c}/runs`, { preset: 'smoke' }, slow.app);
    expect([third.statusCode, third.json().error.code]).toEqual([429, 'pipeline_capacity_reached']);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // A workspace that already runs one hears that first, cap or not: waiting for capacity would not help it.
    const again = await api('POST', `/api/v1/workspaces/${a}/runs`, { preset: 'smoke' }, slow.app);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'job_already_running']);
    await api('DELETE', `/api/v1/workspaces/${a}/runs/${runA.id}`, undefined, slow.app);
    await api('DELETE', `/api/v1/workspaces/${b}/runs/${runB.id}`, undefined, slow.app);
  });

  it('a job no worker heartbeats is failed by the sweeper with a line saying why, its hold released', { timeout: 90_000 }, async () => {
    // A database of its own: no other app's workers can take the job.
    const clock = manualClock(new Date());
    const config = testConfig();
    const apiOnly = await createTestApp({ clock, config: { ...config, pipeline: { ...config.pipeline, workers: 'off' } } as Config });
    try {
      const own = (await signup(apiOnly.app)).cookie;
      const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
        apiOnly.app.inject({ method, url, headers: { cookie: own }, ...(payload === undefined ? {} : { payload: payload as object }) });
      await createWorkspace(apiOnly.app, own, 'lonely');
      const held = async () => (await call('GET', '/api/v1/workspaces/lonely/credits/balance')).json().heldMicrousd;
      const run = (await call('POST', '/api/v1/workspaces/lonely/runs', { preset: 'smoke' })).json();
      expect(await held()).toBe(2 * ALL);
      clock.advance(29_000);
      expect(await apiOnly.app.maintenance.sweepJobs()).toBe(0);
      clock.advance(2_000);
      expect(await apiOnly.app.maintenance.sweepJobs()).toBe(1);
      const failed = (await call('GET', `/api/v1/workspaces/lonely/runs/${run.id}`)).json();
      expect(failed.status).toBe('failed');
      expect(failed.lastLines.at(-1)).toMatch(/no worker took the job/);
      expect(await held()).toBe(0);

      // Cancelled while no worker holds it: the sweep settles the hold once the worker had its chance.
      const other = (await call('POST', '/api/v1/workspaces/lonely/runs', { preset: 'smoke' })).json();
      expect((await call('DELETE', `/api/v1/workspaces/lonely/runs/${other.id}`)).json().status).toBe('cancelled');
      expect(await held()).toBe(2 * ALL);
      clock.advance(31_000);
      await apiOnly.app.maintenance.sweepJobs();
      expect(await held()).toBe(0);
    } finally {
      await apiOnly.close();
    }
  });
});

describe('runs through real provider adapters (local fake providers)', () => {
  let server: import('node:http').Server;
  let real: TestContext;
  let openaiBase: string;
  beforeAll(async () => {
    const { createServer } = await import('node:http');
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url!.startsWith('/serpapi')) return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Invalid API key"}');
        if (req.url!.startsWith('/openai/chat/completions')) {
          const lines = Array.from({ length: 25 }, (_, i) => `${i + 1}. Which tool should a team of ${i + 2} people pick for analytics?`).join('\n');
          return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
            id: 'chat_1', object: 'chat.completion', created: 1_760_000_000, model: 'gpt-4.1-mini',
            choices: [{ index: 0, message: { role: 'assistant', content: lines }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }));
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          id: 'resp_1', object: 'response', created_at: 1_760_000_000, model: 'gpt-4.1-mini', status: 'completed',
          output: [{ type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Globex leads; Acme Analytics is reliable.', annotations: [{ type: 'url_citation', url: 'https://acme.com/', title: 'Acme', start_index: 0, end_index: 5 }] }] }],
          usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } },
        }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    openaiBase = `${base}/openai`;
    // The fakes have no rate limits: the providers' list paces (SerpAPI's 100 a minute would spread the
    // 50 calls of a searchx run over 30 s) are lifted, and retries and the circuit are short.
    const limits = defaultEngineLimits();
    for (const p of Object.values(limits.providers)) p.rpm = 1_000_000;
    const config = testConfig({ engineLimits: { ...limits, retries: 2, retryBaseMs: 5, retryCapMs: 20, circuitOpenMs: 50 } });
    config.providers.openai.baseUrl = `${base}/openai`;
    config.providers.serpapi = { apiKey: 'serp-env-key-1', baseUrl: `${base}/serpapi` };
    real = await createTestApp({ config }); // its own database: only its workers (and fake providers) run its jobs
    cookies.set(real.app, (await signup(real.app)).cookie);
  });
  afterAll(async () => {
    await real.close();
    server.close();
  });

  it('a workspace credential turns its engine real: results say simulated false and carry the provider’s answer', async () => {
    const slug = await funded(undefined, real.app);
    await api('POST', `/api/v1/workspaces/${slug}/credentials`, { connector: 'openai', key: 'api_key', value: 'sk-test-fake-1234567890' }, real.app);
    const run = (await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'smoke' }, real.app)).json();
    expect((await waitFor(slug, run.id, real.app)).status).toBe('succeeded');
    const detail = (await api('GET', `/api/v1/workspaces/${slug}/runs/${run.id}/detail`, undefined, real.app)).json();
    const chatgpt = detail.engines.find((e: { engine: string }) => e.engine === 'chatgpt');
    expect(chatgpt).toMatchObject({ simulated: false, answers: 2, brand: { mentions: 2, mentionRate: 1, averagePosition: 2 } });
    expect(chatgpt.citations.owned).toBe(2);
    expect(detail.engines.find((e: { engine: string }) => e.engine === 'gemini').simulated).toBe(true);
    const aio = detail.engines.find((e: { engine: string }) => e.engine === 'google-aio');
    expect(aio).toMatchObject({ simulated: false, answers: 0, errors: 2 });
  });

  it('prompt generation goes through the workspace model when its provider has a key, holding 250,000 per call', async () => {
    const slug = await funded(undefined, real.app);
    await api('POST', `/api/v1/workspaces/${slug}/credentials`, { connector: 'openai', key: 'api_key', value: 'sk-test-fake-1234567890' }, real.app);
    const job = (await api('POST', `/api/v1/workspaces/${slug}/prompts/generate`, undefined, real.app)).json();
    expect(job).toMatchObject({ kind: 'prompt_generation', progress: { source: 'calls' } });
    const calls = job.progress.totalCalls;
    expect(calls).toBeGreaterThanOrEqual(6);
    expect((await waitFor(slug, job.id, real.app)).status).toBe('succeeded');
    const active = (await api('GET', `/api/v1/workspaces/${slug}/prompts?active=true&limit=500`, undefined, real.app)).json();
    expect(active.prompts.every((p: { source: string }) => p.source === 'model')).toBe(true);
    expect(active.total).toBe(50);
    const usage = (await api('GET', `/api/v1/workspaces/${slug}/credits/usage`, undefined, real.app)).json();
    const op = usage.operations.find((o: { operation: string }) => o.operation === 'prompt_generation');
    expect(op).toMatchObject({ reservedMicrousd: calls * 250_000, settledMicrousd: calls * 250_000, status: 'settled' });
  });

  it('run lists say how much is simulated: chatgpt and google-aio real, three engines simulated', async () => {
    const slug = await funded(undefined, real.app);
    await api('POST', `/api/v1/workspaces/${slug}/credentials`, { connector: 'openai', key: 'api_key', value: 'sk-test-fake-1234567890' }, real.app);
    const started = (await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'smoke' }, real.app)).json();
    expect(started).toMatchObject({ simulatedShare: 0.6, simulated: true, preset: 'smoke', engines: ['chatgpt', 'perplexity', 'gemini', 'claude', 'google-aio'] });
    await waitFor(slug, started.id, real.app);
    const listed = (await api('GET', `/api/v1/workspaces/${slug}/runs`, undefined, real.app)).json().runs[0];
    expect(listed).toMatchObject({ simulatedShare: 0.6, simulated: true, preset: 'smoke' });
    // What the run alone measured: its answered calls, those naming the brand, and the Wilson interval around their share.
    const v = listed.brandVisibility;
    const detail = (await api('GET', `/api/v1/workspaces/${slug}/runs/${started.id}/detail`, undefined, real.app)).json();
    const answered = detail.engines.reduce((sum: number, e: { answers: number }) => sum + e.answers, 0);
    const mentioned = detail.engines.reduce((sum: number, e: { brand: { mentions: number } }) => sum + e.brand.mentions, 0);
    expect(v).toMatchObject({ n: answered, mentioned, percent: Number(((100 * mentioned) / answered).toFixed(2)) });
    expect(v.interval[0]).toBeLessThanOrEqual(v.percent);
    expect(v.interval[1]).toBeGreaterThanOrEqual(v.percent);
  });

  it('simulation off (production’s default): engines without a provider are off; with none left the run is refused with 400 naming each engine', async () => {
    const config = testConfig({ simulation: 'disabled' });
    config.providers.openai.baseUrl = openaiBase;
    const gated = await createTestApp({ config });
    try {
      const own = (await signup(gated.app)).cookie;
      cookies.set(gated.app, own);
      const slug = await funded('gated', gated.app);
      const refused = await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'lite' }, gated.app);
      expect([refused.statusCode, refused.json().error.code]).toEqual([400, 'invalid_request']);
      expect(refused.json().error.message).toMatch(/GEO_SIMULATION/);
      expect(Object.keys(refused.json().error.details.engines).sort()).toEqual(['chatgpt', 'claude', 'gemini', 'google-aio', 'perplexity']);
      expect(refused.json().error.details.engines.claude).toMatch(/no anthropic key/);
      expect((await balance(slug, gated.app)).heldMicrousd).toBe(0);
      expect((await api('GET', `/api/v1/workspaces/${slug}/runs`, undefined, gated.app)).json().runs).toEqual([]);

      // With one provider key only that engine runs: calls and the hold cover it alone, and nothing is simulated.
      await api('POST', `/api/v1/workspaces/${slug}/credentials`, { connector: 'openai', key: 'api_key', value: 'sk-test-fake-1234567890' }, gated.app);
      const run = await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'smoke', samples: 2 }, gated.app);
      expect(run.statusCode).toBe(202);
      expect(run.json()).toMatchObject({ progress: { totalCalls: 4 }, simulatedShare: 0, simulated: false });
      expect((await balance(slug, gated.app)).heldMicrousd).toBe(4 * DEFAULT_PRICING.chatgpt);
      const done = await waitFor(slug, run.json().id, gated.app);
      expect(done.status).toBe('succeeded');
      expect(done.lastLines.join('\n')).toMatch(/engines off .*perplexity, gemini, claude, google-aio/);
      const detail = (await api('GET', `/api/v1/workspaces/${slug}/runs/${done.id}/detail`, undefined, gated.app)).json();
      expect(detail.engines.map((e: { engine: string }) => e.engine)).toEqual(['chatgpt']);
      const score = (await api('GET', `/api/v1/workspaces/${slug}/score`, undefined, gated.app)).json();
      expect(score).toMatchObject({ n: 4, simulatedShare: 0, simulated: false });
    } finally {
      await gated.close();
    }
  });

  it('a run whose every call fails ends failed, with its hold released: failed calls are not charged', async () => {
    const slug = await funded(undefined, real.app);
    const run = (await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'searchx' }, real.app)).json();
    const done = await waitFor(slug, run.id, real.app);
    expect(done.status).toBe('failed');
    expect(done.lastLines.at(-1)).toMatch(/all 50 engine calls failed/);
    const b = await balance(slug, real.app);
    expect(b.heldMicrousd).toBe(0);
    expect(b.postedMicrousd).toBe(50_000_000);
  });
});
