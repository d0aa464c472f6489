import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import type { EngineId } from '../engines/catalogue.ts';
import * as wire from '../engines/capture/wire/recorded.ts';
import { answerTraces } from './sources.tables.ts';
import { ended } from '../../../test/helpers/wait.ts';

// A run through every engine's real adapter against one loopback server speaking each provider's
// wire format (recorded from their API references): the run stores fan-out, retrieved and cited
// sources, model version and usage per answer, and the views and their CSV show them.

const routes: Record<string, unknown> = {
  '/openai/responses': wire.openaiResponses,
  '/anthropic/messages': wire.anthropicMessages,
  '/perplexity/chat/completions': wire.perplexitySonar,
  '/gemini/models/gemini-2.5-flash:generateContent': wire.geminiGenerate,
  '/xai/responses': wire.xaiResponses,
  '/compat/chat/completions': wire.openaiChat,
  '/dataforseo/v3/serp/google/ai_mode/live/advanced': wire.dataforseoAiMode,
  '/dataforseo/v3/ai_optimization/chat_gpt/llm_scraper/live/advanced': wire.dataforseoChatgpt,
  '/dataforseo/v3/ai_optimization/gemini/llm_scraper/live/advanced': wire.dataforseoGemini,
};
const SERP: Record<string, unknown> = { google_ai_mode: wire.serpAiMode, bing_copilot: wire.serpCopilot, google: wire.serpOverview };
/** What DataForSEO was sent: its Basic credentials and the task array. */
const dataforseoCalls: Array<{ authorization: string | undefined; tasks: unknown }> = [];

let server: Server;
let ctx: TestContext;
let cookie: string;
let runId: string;
const slug = 'traces';
const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/${slug}${url}`, headers: { cookie } });

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://127.0.0.1');
      if (url.pathname.startsWith('/dataforseo/')) {
        dataforseoCalls.push({ authorization: req.headers.authorization, tasks: JSON.parse(Buffer.concat(chunks).toString()) });
        if (req.headers.authorization !== `Basic ${Buffer.from('geo@example.com:dfs-password-1').toString('base64')}`) return void res.writeHead(401).end('{}');
      }
      const body = url.pathname === '/serpapi/search.json' ? SERP[url.searchParams.get('engine') ?? ''] : routes[url.pathname];
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? { error: `no route ${url.pathname}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const config = testConfig();
  const p = config.providers;
  p.openai = { apiKey: 'sk-env-1234567890', baseUrl: `${base}/openai` };
  p.anthropic = { apiKey: 'sk-ant-1234567890', baseUrl: `${base}/anthropic` };
  p.perplexity = { apiKey: 'pplx-1234567890', baseUrl: `${base}/perplexity` };
  p.gemini = { apiKey: 'gem-1234567890', baseUrl: `${base}/gemini` };
  p.serpapi = { apiKey: 'serp-1234567890', baseUrl: `${base}/serpapi` };
  p.xai = { apiKey: 'xai-1234567890', baseUrl: `${base}/xai` };
  p['openai-compatible'] = { apiKey: 'ds-1234567890', baseUrl: `${base}/compat`, model: 'deepseek-chat' };
  p.dataforseo = { apiKey: 'geo@example.com:dfs-password-1', baseUrl: `${base}/dataforseo` };
  config.optionalEngines = ['google-ai-mode', 'grok', 'openai-compatible', 'copilot', 'dataforseo-ai-mode', 'dataforseo-chatgpt', 'dataforseo-gemini'];
  ctx = await createTestApp({ config });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, slug);
  const started = await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/runs`, headers: { cookie }, payload: { preset: 'smoke' } });
  expect(started.statusCode).toBe(202);
  runId = started.json().id;
  const job = await ended(async () => (await get(`/jobs/${runId}`)).json(), 'the run');
  expect(job.status, JSON.stringify(job.lastLines)).toBe('succeeded');
}, 240_000);
afterAll(async () => {
  await ctx.close();
  server.close();
});

const expected: Record<EngineId, { surface: string; queries: string[]; retrieved: string; cited: string; model: string | null; totalTokens: number | null }> = {
  chatgpt: { surface: 'api', queries: ['best crm', 'crm reviews reddit', 'crm for startups'], retrieved: 'https://www.g2.com/categories/crm', cited: 'https://acme.com/pricing', model: 'gpt-4.1-mini-2025-04-14', totalTokens: 352 },
  claude: { surface: 'api', queries: ['best crm'], retrieved: 'https://g2.com/crm', cited: 'https://g2.com/crm', model: 'claude-sonnet-4-5-20250929', totalTokens: 960 },
  gemini: { surface: 'api', queries: ['best crm', 'crm comparison 2026'], retrieved: 'https://acme.com/features', cited: wire.geminiGenerate.candidates[0]!.groundingMetadata.groundingChunks[0]!.web.uri, model: 'gemini-2.5-flash-001', totalTokens: 22 },
  perplexity: { surface: 'api', queries: [], retrieved: 'https://capterra.com/crm', cited: 'https://reddit.com/r/crm', model: 'sonar', totalTokens: 22 },
  grok: { surface: 'api', queries: ['best crm 2026'], retrieved: '', cited: 'https://globex.com/features', model: 'grok-4.3-0709', totalTokens: 230 },
  'openai-compatible': { surface: 'api', queries: [], retrieved: '', cited: 'https://acme.com/', model: 'deepseek-chat-v3', totalTokens: 18 },
  'google-aio': { surface: 'product', queries: [], retrieved: 'https://en.wikipedia.org/wiki/CRM', cited: 'https://reddit.com/r/crm', model: null, totalTokens: null },
  'google-ai-mode': { surface: 'product', queries: [], retrieved: 'https://g2.com/crm', cited: 'https://globex.com/', model: null, totalTokens: null },
  copilot: { surface: 'product', queries: [], retrieved: 'https://capterra.com/crm', cited: 'https://www.reddit.com/r/sales/', model: null, totalTokens: null },
  'dataforseo-ai-mode': { surface: 'product', queries: [], retrieved: 'https://www.g2.com/categories/crm', cited: 'https://acme.com/pricing', model: null, totalTokens: null },
  'dataforseo-chatgpt': { surface: 'product', queries: ['best crm 2026', 'crm for small teams'], retrieved: 'https://reddit.com/r/crm', cited: 'https://acme.com/pricing', model: 'gpt-5', totalTokens: null },
  'dataforseo-gemini': { surface: 'product', queries: [], retrieved: '', cited: 'https://globex.com/features', model: 'gemini-3-flash', totalTokens: null },
};

describe('a run stores what each engine searched and read, and the views show it', () => {
  it('DataForSEO was asked with HTTP Basic and one Live task per call, and its billed cost is the call’s cost', async () => {
    // Two answers per engine, three engines; each a task array of one, in the prompt's language.
    expect(dataforseoCalls.length).toBe(6);
    for (const call of dataforseoCalls) expect(call.tasks).toEqual([expect.objectContaining({ language_code: expect.stringMatching(/^[a-z]{2}$/), location_code: 2840, keyword: expect.any(String) })]);
    const run = (await get(`/runs/${runId}`)).json();
    expect(run.providerCostMicrousd).toBeGreaterThanOrEqual(6 * 4_000);
  });

  it('lists every engine with its surface; all twelve ran real', async () => {
    const engines = (await get('/engines')).json().engines as Array<{ id: string; surface: string; enabled: boolean; simulated: boolean }>;
    expect(engines.map((e) => [e.id, e.surface, e.enabled, e.simulated])).toEqual(Object.entries(expected).map(([id, e]) => [id, e.surface, true, false]).sort((a, b) => engines.findIndex((x) => x.id === a[0]) - engines.findIndex((x) => x.id === b[0])));
  });

  it.each(Object.keys(expected) as EngineId[])('%s: trace stored with fan-out, sources, model version and usage; views and CSV show them', async (engine) => {
    const e = expected[engine];
    const rows = (await ctx.database.db.select().from(answerTraces).where(eq(answerTraces.runId, runId))).filter((r) => r.engine === engine);
    expect(rows).toHaveLength(2);
    const trace = (await get(`/sources/answers/${rows[0]!.resultId}`)).json();
    expect(trace).toMatchObject({ engine, surface: e.surface, simulated: false, queries: e.queries, modelVersion: e.model });
    expect(trace.usage?.totalTokens ?? null).toBe(e.totalTokens);
    expect(trace.cited.map((c: { url: string }) => c.url)).toContain(e.cited);
    if (e.retrieved) expect(trace.retrieved.map((s: { url: string }) => s.url)).toContain(e.retrieved);
    else expect(trace.missing).toContain('retrieved');

    const fan = (await get(`/sources/fanout?run=${runId}&engine=${engine}`)).json();
    expect(fan.surfaces).toEqual([e.surface]);
    for (const row of fan.rows) expect(row.queries.map((q: { query: string }) => q.query)).toEqual(e.queries);
    if (e.queries.length) expect(fan.rows[0].queries[0].recurrence).toMatchObject({ k: 1, n: 1 });

    const urls = (await get(`/sources/urls?run=${runId}&engine=${engine}`)).json();
    const cited = urls.rows.find((r: { url: string }) => r.url === e.cited);
    expect(cited).toMatchObject({ surface: e.surface, cited: 2 });
    const csv = await get(`/sources/urls?run=${runId}&engine=${engine}&format=csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain(e.cited);
    // Every row carries the grade of the view's methodology stamp.
    const [head, first] = csv.body.trim().split('\r\n');
    expect(head).toMatch(/,simulated,grade$/);
    expect(first).toMatch(/,exploratory$/);
    if (e.queries.length) expect((await get(`/sources/fanout?run=${runId}&engine=${engine}&format=csv`)).body).toContain(e.queries[0]);
  });

  it('the brand’s own pages: retrieved but not cited vs never retrieved; competitor gaps on fan-out queries', async () => {
    const owned = (await get(`/sources/owned?run=${runId}`)).json();
    const status = Object.fromEntries(owned.rows.map((r: { engine: string; status: string }) => [r.engine, r.status]));
    expect(status).toMatchObject({ chatgpt: 'cited', claude: 'retrieved_not_cited', gemini: 'retrieved_not_cited', grok: 'unknown' });
    expect(owned.summary.retrievedNotCited).toBeGreaterThan(0);
    const gaps = (await get(`/sources/gaps?run=${runId}`)).json();
    // chatgpt's open_page of globex.com is tied to no query; its "crm reviews reddit" search read only reddit: no gap there.
    expect(gaps.rows.find((g: { engine: string }) => g.engine === 'chatgpt')).toBeUndefined();
    const domains = (await get(`/sources/domains?run=${runId}`)).json();
    expect(domains.surfaces).toEqual(['api', 'product']);
    expect(domains.methodology).toMatch(/never added together/);
    const reddit = domains.rows.filter((r: { domain: string }) => r.domain === 'reddit.com');
    expect(reddit.map((r: { surface: string; class: string }) => [r.surface, r.class]).sort()).toEqual([['api', 'user_generated'], ['product', 'user_generated']]);
  });

  it('a workspace override reclassifies a domain; owned and competitor come from the settings', async () => {
    const put = await ctx.app.inject({ method: 'PUT', url: `/api/v1/workspaces/${slug}/sources/classes`, headers: { cookie }, payload: { domain: 'g2.com', class: 'earned_media' } });
    expect(put.statusCode).toBe(200);
    const domains = (await get(`/sources/domains?run=${runId}`)).json();
    expect(domains.rows.find((r: { domain: string }) => r.domain === 'g2.com').class).toBe('earned_media');
    expect(domains.rows.find((r: { domain: string }) => r.domain === 'globex.com')).toMatchObject({ class: 'competitor', competitor: 'Globex' });
    const bad = await ctx.app.inject({ method: 'PUT', url: `/api/v1/workspaces/${slug}/sources/classes`, headers: { cookie }, payload: { domain: 'g2.com', class: 'owned' } });
    expect(bad.statusCode).toBe(400);
  });
});
