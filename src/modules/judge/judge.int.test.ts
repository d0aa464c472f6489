import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { startFakeOpenAI, type FakeProvider, type Reply } from '../../../test/helpers/fake-openai.ts';
import { seedRun, type SeedResult } from '../../../test/helpers/runs-seed.ts';
import { ended } from '../../../test/helpers/wait.ts';

// The model judge through the API, the job worker and the real `@ai-sdk/openai` client against a
// loopback OpenAI-compatible server (test/helpers/fake-openai.ts).

const PRICE = 3_000;
let ctx: TestContext;
let bare: TestContext;
let fake: FakeProvider;
let cookie: string;
let bareCookie: string;
let script: (body: any, call: number) => Reply = () => ({ text: ['{}'] }); // eslint-disable-line @typescript-eslint/no-explicit-any
let n = 0;

const verdict = (label: string, rationale: string): Reply => ({ text: [JSON.stringify({ label, rationale })] });
const userText = (body: { messages: Array<{ role: string; content: string }> }) => body.messages.find((m) => m.role === 'user')!.content;
/** The fake answers by the answer's content: "mixed" texts get `mixed`, "great" `positive`, else `negative`. */
const byContent = (body: any): Reply => { // eslint-disable-line @typescript-eslint/no-explicit-any
  const text = userText(body);
  return text.includes('but') ? verdict('mixed', 'Praised for reports, criticised for price.') : text.includes('great') ? verdict('positive', 'Called great.') : verdict('negative', 'Called slow.');
};

const results: SeedResult[] = [
  { engine: 'chatgpt', promptId: 'prm_1', brandMentioned: true, brandSentiment: 0.6, answer: 'Acme Analytics is great for teams.' },
  { engine: 'chatgpt', promptId: 'prm_2', brandMentioned: true, brandSentiment: 0.4, answer: 'Acme Analytics has fine reports but the price is steep.' },
  { engine: 'claude', promptId: 'prm_1', brandMentioned: true, brandSentiment: -0.5, answer: 'Acme Analytics is slow.' },
  { engine: 'claude', promptId: 'prm_2', brandMentioned: true, brandSentiment: 0, answer: 'Acme Analytics is slow, some say.' },
  { engine: 'gemini', promptId: 'prm_1', brandMentioned: false, answer: 'Globex leads.' },
];

async function api(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, app = ctx.app, c = cookie) {
  return app.inject({ method, url, headers: { cookie: c }, ...(payload ? { payload } : {}) });
}
async function workspace(seeded = results, app = ctx.app, c = cookie, context = ctx) {
  const slug = `judge-${++n}`;
  await createWorkspace(app, c, slug);
  await api('POST', `/api/v1/workspaces/${slug}/credits/top-up`, { amountMicrousd: 10_000_000, idempotencyKey: `t-${slug}` }, app, c);
  const id = ((await context.database.executeSql(`select id from workspaces where slug = '${slug}'`)).rows[0] as { id: string }).id;
  const runId = await seedRun(context.database.db, id, { finishedAt: new Date(Date.now() - 3600_000), results: seeded });
  return { slug, id, runId, base: `/api/v1/workspaces/${slug}/runs/${runId}/sentiment-judge` };
}
const jobEnded = (slug: string, jobId: string) => ended(async () => (await api('GET', `/api/v1/workspaces/${slug}/jobs/${jobId}`)).json(), 'the judge job', { pauseMs: 10 });
/** The job's hold once the worker has settled it (a cancelled job's status is written before its worker stops). */
async function settledOp(slug: string) {
  for (let i = 0; i < 800; i++) {
    const op = (await api('GET', `/api/v1/workspaces/${slug}/credits/usage`)).json().operations.find((o: { operation: string }) => o.operation === 'sentiment_judge');
    if (op && op.status !== 'held') return op;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the judge hold was not settled');
}

beforeAll(async () => {
  fake = await startFakeOpenAI((body, i) => script(body, i));
  const config = testConfig({ sentimentJudge: { priceMicrousd: PRICE } });
  config.providers = { ...config.providers, openai: { apiKey: 'sk-test-local', baseUrl: fake.url } };
  ctx = await createTestApp({ config });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'judge-first'); // takes the user's free grant
  bare = await createTestApp();
  bareCookie = (await signup(bare.app)).cookie;
});
afterAll(async () => {
  await ctx.close();
  await bare.close();
  await fake.close();
});

describe('the model judge of brand sentiment', () => {
  it('quotes, judges each answer that mentions the brand with a structured verdict, stores it and reports agreement', async () => {
    const ws = await workspace();
    script = byContent;
    const before = (await api('GET', ws.base)).json();
    expect(before).toMatchObject({ runId: ws.runId, job: null, answers: 4, judged: 0, agreement: { n: 0, percentAgreement: null, kappa: null } });

    const quote = await api('POST', `${ws.base}/quote`);
    expect(quote.statusCode).toBe(201);
    expect(quote.json()).toMatchObject({ quoteId: expect.stringMatching(/^sjq_/), model: 'openai:gpt-4.1-mini', answers: 4, answersMentioningBrand: 4, priceMicrousd: PRICE, amountMicrousd: 4 * PRICE });
    expect(quote.json().balanceAfterMicrousd).toBe(quote.json().availableMicrousd - 4 * PRICE);

    const first = fake.requests.length;
    const start = await api('POST', ws.base, { quoteId: quote.json().quoteId });
    expect(start.statusCode).toBe(202);
    expect(start.json()).toMatchObject({ kind: 'sentiment_judge', status: 'running', progress: { totalCalls: 4 } });
    const job = await jobEnded(ws.slug, start.json().id);
    expect(job).toMatchObject({ status: 'succeeded', progress: { completedCalls: 4, totalCalls: 4 } });

    // Four calls, each with the verdict's JSON schema, the brand's name and the answer's text.
    const requests = fake.requests.slice(first).map((r) => r.body);
    expect(requests).toHaveLength(4);
    for (const body of requests) {
      expect(body.model).toBe('gpt-4.1-mini');
      expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'verdict', schema: { required: ['label', 'rationale'] } } });
      expect(userText(body)).toMatch(/^Brand: Acme Analytics\n/);
    }
    expect(requests.map(userText).some((t: string) => t.includes('Acme Analytics has fine reports but the price is steep.'))).toBe(true);
    expect(requests.map(userText).some((t: string) => t.includes('Globex leads.'))).toBe(false);

    const report = (await api('GET', ws.base)).json();
    expect(report).toMatchObject({ answers: 4, judged: 4, job: { id: start.json().id, status: 'succeeded' } });
    const rows = Object.fromEntries(report.results.map((r: { prompt: string; engine: string }) => [`${r.engine}/${r.prompt}`, r]));
    expect(rows['chatgpt/prompt prm_1']).toMatchObject({ lexiconLabel: 'positive', modelLabel: 'positive', rationale: 'Called great.', model: 'openai:gpt-4.1-mini', agree: true });
    expect(rows['chatgpt/prompt prm_2']).toMatchObject({ lexiconLabel: 'positive', modelLabel: 'mixed', agree: false });
    expect(rows['claude/prompt prm_1']).toMatchObject({ lexiconLabel: 'negative', modelLabel: 'negative', agree: true });
    expect(rows['claude/prompt prm_2']).toMatchObject({ lexiconLabel: 'neutral', modelLabel: 'negative', agree: false });
    // po = 2/4; pe = (2/4·1/4) + (1/4·0) + (1/4·2/4) + 0 = 0.25 → κ = (0.5 − 0.25) / 0.75 = 0.333.
    expect(report.agreement).toMatchObject({ n: 4, agreed: 2, percentAgreement: 50, kappa: 0.333 });
    expect(report.agreement.confusion.positive).toEqual({ positive: 1, neutral: 0, negative: 0, mixed: 1 });
    expect(report.agreement.confusion.neutral).toEqual({ positive: 0, neutral: 0, negative: 1, mixed: 0 });

    // Charged for the four verdicts; the quote is spent.
    expect(await settledOp(ws.slug)).toMatchObject({ status: 'settled', reservedMicrousd: 4 * PRICE, settledMicrousd: 4 * PRICE });
    const again = await api('POST', ws.base, { quoteId: quote.json().quoteId });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'invalid_quote', details: { reason: 'used' } });
  });

  it('a call that fails is not charged and leaves that answer unjudged', async () => {
    const ws = await workspace();
    script = (body) => (userText(body).includes('slow, some say') ? { text: ['this is not JSON'] } : byContent(body));
    const quote = (await api('POST', `${ws.base}/quote`)).json();
    const job = await jobEnded(ws.slug, (await api('POST', ws.base, { quoteId: quote.quoteId })).json().id);
    expect(job.status).toBe('succeeded');
    expect(job.lastLines.at(-2)).toMatch(/3 of 4 answers judged by openai:gpt-4\.1-mini; 1 calls failed \(not charged\)/);
    expect(await settledOp(ws.slug)).toMatchObject({ settledMicrousd: 3 * PRICE });
    const report = (await api('GET', ws.base)).json();
    expect(report.judged).toBe(3);
    expect(report.results.find((r: { prompt: string; engine: string }) => r.engine === 'claude' && r.prompt === 'prompt prm_2')).toMatchObject({ modelLabel: null, rationale: null, agree: null });
    expect(report.agreement.n).toBe(3);
  });

  it('four calls at once; cancel aborts them: nothing more is asked, stored or charged', async () => {
    // Seven answers that mention the brand: the job may have four calls in flight, never more.
    const ws = await workspace([...results, ...results.slice(0, 3)]);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let arrivals = 0;
    let fourArrived!: () => void;
    const four = new Promise<void>((resolve) => (fourArrived = resolve));
    const first = fake.requests.length;
    script = (body) => {
      if (++arrivals === 4) fourArrived();
      return { ...byContent(body), hold: gate } as Reply;
    };
    const quote = (await api('POST', `${ws.base}/quote`)).json();
    expect(quote.answers).toBe(7);
    const start = (await api('POST', ws.base, { quoteId: quote.quoteId })).json();
    await four;
    const cancel = await api('DELETE', ws.base);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ id: start.id, status: 'cancelled' });
    const op = await settledOp(ws.slug);
    open();
    // The hold settled once the worker stopped: the four aborted calls gave their leases back, and no fifth was made.
    expect(op).toMatchObject({ reservedMicrousd: 7 * PRICE, settledMicrousd: 0 });
    expect(fake.requests.length - first).toBe(4);
    expect((await api('GET', ws.base)).json()).toMatchObject({ answers: 7, judged: 0, job: { status: 'cancelled' } });
    const twice = await api('DELETE', ws.base);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('invalid_state');
  });

  it('a start refused for credits (402) leaves the quote usable; two racing starts, one job', async () => {
    const slug = `judge-${++n}`;
    await createWorkspace(ctx.app, cookie, slug); // no credits: the user's free grant went to the first workspace
    const id = ((await ctx.database.executeSql(`select id from workspaces where slug = '${slug}'`)).rows[0] as { id: string }).id;
    const runId = await seedRun(ctx.database.db, id, { finishedAt: new Date(Date.now() - 3600_000), results });
    const base = `/api/v1/workspaces/${slug}/runs/${runId}/sentiment-judge`;
    script = byContent;
    const quote = (await api('POST', `${base}/quote`)).json();
    expect(quote).toMatchObject({ availableMicrousd: 0, balanceAfterMicrousd: -4 * PRICE });
    const refused = await api('POST', base, { quoteId: quote.quoteId });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('insufficient_credits');
    await api('POST', `/api/v1/workspaces/${slug}/credits/top-up`, { amountMicrousd: 1_000_000, idempotencyKey: `t-${slug}` });
    // Two starts racing with one quote: exactly one wins, the other is told the quote is used.
    const both = await Promise.all([api('POST', base, { quoteId: quote.quoteId }), api('POST', base, { quoteId: quote.quoteId })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([202, 400]);
    expect(both.find((r) => r.statusCode === 400)!.json().error.details).toEqual({ reason: 'used' });
    const started = both.find((r) => r.statusCode === 202)!;
    expect((await jobEnded(slug, started.json().id)).status).toBe('succeeded');
  });

  it('refuses bad input with a clear 4xx', async () => {
    const ws = await workspace();
    const other = await workspace();
    const unknown = await api('POST', ws.base, { quoteId: 'sjq_nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: 'invalid_quote', details: { reason: 'unknown' } });
    const extra = await api('POST', ws.base, { quoteId: 'sjq_nope', force: true });
    expect(extra.statusCode).toBe(400);
    const empty = await api('POST', ws.base, {});
    expect(empty.statusCode).toBe(400);
    // Another workspace's quote is as unknown as a made-up id; a quote of one run cannot start another.
    const foreign = (await api('POST', `${other.base}/quote`)).json();
    expect((await api('POST', ws.base, { quoteId: foreign.quoteId })).json().error).toMatchObject({ code: 'invalid_quote', details: { reason: 'unknown' } });
    const secondRun = await seedRun(ctx.database.db, ws.id, { finishedAt: new Date(Date.now() - 60_000), results });
    const quote = (await api('POST', `/api/v1/workspaces/${ws.slug}/runs/${secondRun}/sentiment-judge/quote`)).json();
    const crossed = await api('POST', ws.base, { quoteId: quote.quoteId });
    expect(crossed.json().error).toMatchObject({ code: 'invalid_quote', details: { reason: 'other_run' } });
    for (const method of ['GET', 'DELETE'] as const) {
      const missing = await api(method, `/api/v1/workspaces/${ws.slug}/runs/run_missing/sentiment-judge`);
      expect(missing.statusCode).toBe(404);
    }
    const missingQuote = await api('POST', `/api/v1/workspaces/${ws.slug}/runs/run_missing/sentiment-judge/quote`);
    expect(missingQuote.statusCode).toBe(404);
    expect((await api('DELETE', ws.base)).statusCode).toBe(409);

    // An expired quote, and a quote made for a model the workspace no longer uses.
    const late = (await api('POST', `${ws.base}/quote`)).json();
    await ctx.database.executeSql(`update sentiment_judge_quotes set expires_at = now() - interval '1 minute' where id = '${late.quoteId}'`);
    expect((await api('POST', ws.base, { quoteId: late.quoteId })).json().error).toMatchObject({ code: 'invalid_quote', details: { reason: 'expired' } });
    const before = (await api('POST', `${ws.base}/quote`)).json();
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/v1/workspaces/${ws.slug}/model`, headers: { cookie }, payload: { model: 'openai:gpt-4.1' } })).statusCode).toBe(200);
    expect((await api('POST', ws.base, { quoteId: before.quoteId })).json().error).toMatchObject({ code: 'invalid_quote', details: { reason: 'model_changed' } });

    // Nothing to judge, or not yet: 409 invalid_state at quote time.
    const silent = await seedRun(ctx.database.db, ws.id, { finishedAt: new Date(Date.now() - 30_000), results: [results[4]!] });
    const none = await api('POST', `/api/v1/workspaces/${ws.slug}/runs/${silent}/sentiment-judge/quote`);
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toMatchObject({ code: 'invalid_state', message: expect.stringContaining('no answered result that mentions the brand') });
    await ctx.database.executeSql(`update jobs set status = 'running', finished_at = null where id = '${secondRun}'`);
    const running = await api('POST', `/api/v1/workspaces/${ws.slug}/runs/${secondRun}/sentiment-judge/quote`);
    expect(running.statusCode).toBe(409);
    expect(running.json().error).toMatchObject({ code: 'invalid_state', message: expect.stringContaining('still running') });
  });

  it('without a configured model: 409 model_not_configured saying how to configure one', async () => {
    const ws = await workspace(results, bare.app, bareCookie, bare);
    const res = await api('POST', `${ws.base}/quote`, undefined, bare.app, bareCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'model_not_configured', message: expect.stringContaining(`PUT /api/v1/workspaces/${ws.slug}/model`) });
    expect(res.json().error.message).toContain('credentials');
    const start = await api('POST', ws.base, { quoteId: 'sjq_x' }, bare.app, bareCookie);
    expect(start.json().error.code).toBe('model_not_configured');
    // The report still reads: the lexicon's labels, no verdicts.
    expect((await api('GET', ws.base, undefined, bare.app, bareCookie)).json()).toMatchObject({ answers: 4, judged: 0 });
  });
});
