import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { SCOPES } from '../../lib/http/credentials.ts';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { mcpQuotes } from './mcp.tables.ts';
import { createQuotes } from './mcp.quotes.ts';
import { systemClock } from '../../lib/clock.ts';
import { TOOLS } from './mcp.tools.ts';
import { ended } from '../../../test/helpers/wait.ts';

// The SDK's own client over both transports against one server listening on loopback:
// Streamable HTTP straight to POST /mcp, stdio through the relay process (mcp.stdio.main.ts).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const READ_SCOPES = SCOPES.filter((s) => s.endsWith(':read'));
let ctx: TestContext;
let baseUrl: string;
let cookie: string;
const clients: Client[] = [];

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function fundedWorkspace(slug: string) {
  await createWorkspace(ctx.app, cookie, slug);
  await api('POST', `/api/v1/workspaces/${slug}/credits/top-up`, { amountMicrousd: 50_000_000, idempotencyKey: `t-${slug}` });
}
const waitForJob = (slug: string, id: string) => ended(async () => (await api('GET', `/api/v1/workspaces/${slug}/jobs/${id}`)).json());

async function httpClient(secret: string) {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
  clients.push(client);
  return client;
}
function stdioTransport(secret: string) {
  return new StdioClientTransport({
    command: process.execPath, args: ['--import', 'tsx', 'src/modules/mcp/mcp.stdio.main.ts'], cwd: ROOT, stderr: 'pipe',
    env: { PATH: process.env.PATH ?? '', GEO_SERVER: baseUrl, GEO_API_KEY: secret },
  });
}
async function stdioClient(secret: string) {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(stdioTransport(secret));
  clients.push(client);
  return client;
}
const connect = { http: httpClient, stdio: stdioClient };

const call = (client: Client, name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const text = (result: CallToolResult) => (result.content[0] as { text: string }).text;
const errorCode = (result: CallToolResult) => (result.isError ? text(result).split(':')[0] : null);

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
  cookie = (await signup(ctx.app)).cookie;
}, 60_000);
afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  await ctx.close();
});

describe.each(['http', 'stdio'] as const)('MCP over %s', (transport) => {
  const slug = `mcp-${transport}`;
  let full: Client;
  let runId: string;

  beforeAll(async () => {
    await fundedWorkspace(slug);
    // One measured day, so the score tools have something to read.
    const run = (await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'smoke' })).json();
    runId = run.id;
    expect((await waitForJob(slug, runId)).status).toBe('succeeded');
    full = await connect[transport]((await activeKey(ctx.app, cookie, slug, { scopes: [...SCOPES] })).secret);
  }, 120_000);

  it('lists every tool to a key with every scope, each with input and output schemas', async () => {
    const { tools } = await full.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      const writes = ['start_run', 'start_page_evaluation', 'transition_recommendation', 'cancel_run', 'create_report'].includes(tool.name);
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(!writes);
      if (writes) expect(tool.annotations?.destructiveHint, tool.name).toBe(tool.name === 'cancel_run');
    }
    expect(tools.find((t) => t.name === 'start_run')!.inputSchema.properties).toHaveProperty('quoteId');
  });

  it('publishes schemas a strict JSON Schema validator accepts (no x- keywords), with the pattern words in descriptions', async () => {
    const strict = new Ajv({ strict: true, strictTypes: false, strictTuples: false, strictRequired: false });
    addFormats.default(strict);
    const { tools } = await full.listTools();
    for (const tool of tools) {
      expect(() => strict.compile(tool.inputSchema), `${tool.name} input`).not.toThrow();
      expect(() => strict.compile(tool.outputSchema!), `${tool.name} output`).not.toThrow();
    }
    expect(JSON.stringify(tools)).not.toContain('"x-');
    const url = tools.find((t) => t.name === 'start_page_evaluation')!.inputSchema.properties!.url as { description: string };
    expect(url.description).toMatch(/Must be an absolute http:\/\/ or https:\/\/ URL/);
  });

  it('lists no resource templates; an unknown resource is one clear error', async () => {
    expect((await full.listResourceTemplates()).resourceTemplates).toEqual([]);
    // The client's SDK puts "MCP error <code>: " in front once; nothing else wraps the server's words.
    await expect(full.readResource({ uri: 'geo://nope' })).rejects.toThrow(/^MCP error -32602: Unknown resource: geo:\/\/nope$/);
  });

  it('a read-only key sees no write tool and is refused one called anyway', async () => {
    const client = await connect[transport]((await activeKey(ctx.app, cookie, slug, { scopes: READ_SCOPES })).secret);
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(5);
    expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    expect(tools.map((t) => t.name)).not.toContain('start_run');
    const refused = await call(client, 'start_run', { preset: 'smoke' });
    expect(errorCode(refused)).toBe('insufficient_scope');
    expect(text(refused)).toContain('runs:write');
    await client.close();
  });

  it('a key with only metrics:read lists just the metrics tools', async () => {
    const client = await connect[transport]((await activeKey(ctx.app, cookie, slug, { scopes: ['metrics:read'] })).secret);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['get_competitor_timeseries', 'get_fanout_queries', 'get_methodology', 'get_model_versions', 'get_score', 'get_scoreboard', 'get_seo_dashboard', 'get_source_domains', 'get_source_gaps', 'get_timeseries', 'get_traffic_chain', 'get_traffic_robots', 'list_engine_changes', 'list_traffic_agent_days', 'list_traffic_ga4_referrals', 'list_traffic_pages', 'list_traffic_referrals', 'list_traffic_unfetched_pages']);
    expect(errorCode(await call(client, 'list_runs'))).toBe('insufficient_scope');
    await client.close();
  });

  it('calls each read tool; answers match their output schemas (the SDK client validates them)', async () => {
    await full.listTools();
    const summary = await call(full, 'workspace_summary');
    expect(summary.structuredContent).toMatchObject({ id: slug, role: 'api_key' });
    expect((await call(full, 'get_score')).structuredContent).toMatchObject({ version: 'geo-score-v1' });
    expect((await call(full, 'get_scoreboard')).structuredContent).toMatchObject({ workspace: slug });
    expect((await call(full, 'get_timeseries', { range: '7d' })).structuredContent).toMatchObject({ range: '7d' });
    expect((await call(full, 'list_runs', { limit: 5 })).structuredContent).toMatchObject({ runs: [{ id: runId }] });
    expect((await call(full, 'get_run_status', { id: runId })).structuredContent).toMatchObject({ id: runId, status: 'succeeded' });
    expect((await call(full, 'get_run_detail', { id: runId })).structuredContent).toMatchObject({ run: { id: runId } });
    // The lexicon's labels beside the model judge's (none run here: every verdict is still null).
    expect((await call(full, 'get_sentiment_judge', { id: runId })).structuredContent).toMatchObject({ runId, job: null, judged: 0, agreement: { n: 0, kappa: null } });
    // What the engines said: a page of the run's answers, one by its id with its previous one, and a search by a word of it.
    const page = (await call(full, 'search_answers', { limit: 2 })).structuredContent as { answers: Array<{ id: string; runId: string; text: string }>; nextCursor: string | null };
    expect([page.answers.length, page.answers[0]!.runId, typeof page.nextCursor]).toEqual([2, runId, 'string']);
    expect((await call(full, 'get_answer', { id: page.answers[0]!.id })).structuredContent).toMatchObject({ answer: { id: page.answers[0]!.id }, previous: null, changes: null });
    // The answer’s longest word, not a stop word (a search of "algunas", a Spanish one, finds nothing).
    const word = page.answers[0]!.text.match(/\p{L}+/gu)!.sort((a, b) => b.length - a.length)[0]!;
    const found = (await call(full, 'search_answers', { q: word, limit: 100 })).structuredContent as { answers: Array<{ id: string }> };
    expect(found.answers.map((a) => a.id)).toContain(page.answers[0]!.id);
    expect(errorCode(await call(full, 'search_answers', { limit: 101 }))).toBe('invalid_request');
    expect((await call(full, 'list_recommendations')).structuredContent).toHaveProperty('proposed');
    // A recommendation is said as the card says it (title, priority as a word, why), then its effect's summary line.
    expect((await waitForJob(slug, (await api('POST', `/api/v1/workspaces/${slug}/recs/generate`, { lane: 'geo' })).json().id)).status).toBe('succeeded');
    const recs = (await api('GET', `/api/v1/workspaces/${slug}/recs`)).json() as Record<string, Array<{ rec_id: string }>>;
    const anyRec = Object.values(recs).flat()[0]!;
    const rec = await call(full, 'get_recommendation', { id: anyRec.rec_id });
    const { effect, title, why, priorityLabel } = rec.structuredContent as { effect: { summary: string }; title: string; why: string; priorityLabel: string };
    expect(effect.summary).toBe('Not enough data: Measured from acceptance: this item has not been accepted yet.');
    expect(rec.content.map((c) => (c as { text: string }).text)).toEqual([`${title} (${priorityLabel})\n${why}\n${effect.summary}`, JSON.stringify(rec.structuredContent)]);
    expect(priorityLabel).toMatch(/^(High|Medium|Low) priority$/);
    const listed = (await call(full, 'list_recommendations')).content.map((c) => (c as { text: string }).text);
    expect(listed[0]).toMatch(/^(High|Medium|Low) priority: /);
    expect(listed[0]).not.toMatch(/\b[a-z0-9]+_[a-z0-9_]+\b/);
    expect((await call(full, 'get_seo_dashboard')).structuredContent).toMatchObject({ workspace: slug });
    expect((await call(full, 'list_page_evaluations')).structuredContent).toEqual({ items: [] });
    expect((await call(full, 'list_prompts', { limit: 3 })).structuredContent).toMatchObject({ limit: 3 });
    expect((await call(full, 'get_credit_balance')).structuredContent).toMatchObject({ workspace: slug });
    expect((await call(full, 'get_methodology')).structuredContent).toMatchObject({ engine: 'composite', grade: 'exploratory', reasons: expect.arrayContaining(['simulated answers']) });
    expect((await call(full, 'get_traffic_chain', { weakest: 'crawl' })).structuredContent).toMatchObject({ logsReceived: false, ga4: null, rows: [] });
    expect((await call(full, 'get_traffic_robots')).structuredContent).toMatchObject({ llmsTxt: null, agents: expect.arrayContaining([expect.objectContaining({ agent: 'gptbot', pages: [] })]) });
    expect((await call(full, 'list_traffic_unfetched_pages')).structuredContent).toMatchObject({ logsReceived: false });
    expect((await call(full, 'list_traffic_ga4_referrals')).structuredContent).toMatchObject({ syncedAt: null, rows: [] });
  });

  it('the access-log views as tools: the routes\' rows (verified and claimed apart), JSON only', async () => {
    // Three lines of today: GPTBot from OpenAI's published range (verified, then a 404), the same
    // user agent from elsewhere (claimed), and a visit referred by perplexity.ai.
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const stamp = now.toUTCString().replace(/^\w+, (\d+) (\w+) (\d+) ([\d:]+) GMT$/, '$1/$2/$3:$4 +0000');
    const gptbot = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
    const log = [
      `20.171.207.1 - - [${stamp}] "GET /pricing HTTP/1.1" 200 500 "-" "${gptbot}"`,
      `20.171.207.2 - - [${stamp}] "GET /pricing HTTP/1.1" 404 100 "-" "${gptbot}"`,
      `198.51.100.9 - - [${stamp}] "GET /pricing HTTP/1.1" 200 500 "-" "${gptbot}"`,
      `203.0.113.5 - - [${stamp}] "GET /blog/a HTTP/1.1" 200 900 "https://www.perplexity.ai/search" "Mozilla/5.0 Firefox/130.0"`,
    ].join('\n');
    const upload = await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/traffic/logs`, headers: { cookie, 'content-type': 'text/plain' }, payload: log });
    expect(upload.statusCode, upload.body).toBe(202);
    expect((await waitForJob(slug, upload.json().id)).status).toBe('succeeded');
    const route = async (path: string) => (await api('GET', `/api/v1/workspaces/${slug}/traffic/${path}`)).json();

    const days = (await call(full, 'list_traffic_agent_days', { from: today, to: today })).structuredContent as { items: Array<Record<string, unknown>> };
    expect(days.items).toEqual(await route(`agents?from=${today}&to=${today}`));
    expect(days.items.map((d) => [d.agent, d.verification, d.hits, d.s4xx])).toEqual([['gptbot', 'claimed', 1, 0], ['gptbot', 'verified', 2, 1]]);
    const pages = (await call(full, 'list_traffic_pages', { agent: 'gptbot', folder: '/' })).structuredContent as { items: Array<Record<string, unknown>> };
    expect(pages.items).toEqual(await route('pages?agent=gptbot&folder=/'));
    expect(pages.items.find((p) => p.verification === 'verified')).toMatchObject({ path: '/pricing', hits: 2, errors: 1, errorRate: 0.5, operator: 'OpenAI', purpose: 'training' });
    expect((await call(full, 'list_traffic_referrals', { from: today, to: today })).structuredContent).toEqual({ items: [{ day: today, engine: 'perplexity', path: '/blog/a', visits: 1 }] });
    // A route's CSV is not a tool answer: `format` is not an argument of any tool.
    expect(text(await call(full, 'list_traffic_referrals', { format: 'csv' }))).toContain('format is not an allowed field');
    expect(errorCode(await call(full, 'list_traffic_agent_days', { from: today, to: '2020-01-01' }))).toBe('invalid_request');
  });

  it('answers the API’s errors as tool errors with its code and message', async () => {
    const missing = await call(full, 'get_recommendation', { id: 'rec_missing' });
    expect(missing.isError).toBe(true);
    expect(errorCode(missing)).toBe('not_found');
    const transition = await call(full, 'transition_recommendation', { id: 'rec_missing', action: 'accept', expectedStatus: 'proposed', expectedVersion: 1, idempotencyKey: 'k' });
    expect(errorCode(transition)).toBe('not_found');
    expect(errorCode(await call(full, 'get_timeseries', { range: 'year' }))).toBe('invalid_request');
    const cancelled = await call(full, 'cancel_run', { id: runId });
    expect(text(cancelled)).toMatch(/^invalid_state: .*succeeded/);
    // The workspace is the key's: naming another one is an unknown argument, not a way out.
    expect(text(await call(full, 'list_runs', { workspace: 'mcp-http' }))).toContain('workspace is not an allowed field');
  });

  it('reads the workspace settings and the scoring method as resources', async () => {
    const { resources } = await full.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['geo://docs/scoring', `geo://workspaces/${slug}/settings`]);
    const settings = await full.readResource({ uri: `geo://workspaces/${slug}/settings` });
    expect(JSON.parse((settings.contents[0] as { text: string }).text)).toMatchObject({ slug, displayName: 'Acme Analytics' });
    const scoring = await full.readResource({ uri: 'geo://docs/scoring' });
    expect((scoring.contents[0] as { text: string }).text).toContain('geo-score-v1');
  });

  it('start_run: a quote first, nothing without it; other arguments, reuse and expiry refused', async () => {
    const runsBefore = (await api('GET', `/api/v1/workspaces/${slug}/runs`)).json().runs.length;
    const balance = (await api('GET', `/api/v1/workspaces/${slug}/credits/balance`)).json();
    const quoted = await call(full, 'start_run', { preset: 'smoke' });
    const quote = (quoted.structuredContent as { quote: Record<string, unknown> }).quote;
    expect(quote).toMatchObject({ tool: 'start_run', arguments: { preset: 'smoke' }, availableMicrousd: balance.availableMicrousd });
    expect(quote.calls).toBeGreaterThan(0);
    expect(quote.amountMicrousd).toBeGreaterThan(0);
    expect(quote.balanceAfterMicrousd).toBe(balance.availableMicrousd - (quote.amountMicrousd as number));
    expect(new Date(quote.expiresAt as string).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(text(quoted)).toContain(String(quote.quoteId));
    expect((await api('GET', `/api/v1/workspaces/${slug}/runs`)).json().runs).toHaveLength(runsBefore);

    const wrong = await call(full, 'start_run', { preset: 'lite', quoteId: quote.quoteId });
    expect(errorCode(wrong)).toBe('invalid_quote');
    expect(text(wrong)).toContain('other arguments');
    expect(errorCode(await call(full, 'start_run', { preset: 'smoke', samples: 2, quoteId: quote.quoteId }))).toBe('invalid_quote');
    expect(errorCode(await call(full, 'start_run', { preset: 'smoke', quoteId: 'mcq_unknown' }))).toBe('invalid_quote');
    expect((await api('GET', `/api/v1/workspaces/${slug}/runs`)).json().runs).toHaveLength(runsBefore);

    const started = await call(full, 'start_run', { preset: 'smoke', quoteId: quote.quoteId });
    expect(started.isError).toBeFalsy();
    const run = (started.structuredContent as { result: { id: string; kind: string } }).result;
    expect(run.kind).toBe('measurement');
    const reused = await call(full, 'start_run', { preset: 'smoke', quoteId: quote.quoteId });
    expect(text(reused)).toMatch(/^invalid_quote: .*already used/);
    await waitForJob(slug, run.id);
    expect((await api('GET', `/api/v1/workspaces/${slug}/runs`)).json().runs).toHaveLength(runsBefore + 1);

    const later = (await call(full, 'start_run', { preset: 'smoke' })).structuredContent as { quote: { quoteId: string } };
    await ctx.database.db.update(mcpQuotes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(mcpQuotes.id, later.quote.quoteId));
    expect(text(await call(full, 'start_run', { preset: 'smoke', quoteId: later.quote.quoteId }))).toMatch(/^invalid_quote: .*expired/);
  }, 60_000);

  it('start_page_evaluation quotes too, and validates before quoting', async () => {
    expect(errorCode(await call(full, 'start_page_evaluation', { url: 'http://127.0.0.1/' }))).toBe('invalid_request');
    const quoted = (await call(full, 'start_page_evaluation', { url: 'https://acme.com/' })).structuredContent as { quote: { quoteId: string; calls: number; amountMicrousd: number } };
    expect(quoted.quote).toMatchObject({ calls: 1, amountMicrousd: 0 });
    expect(errorCode(await call(full, 'start_page_evaluation', { url: 'https://acme.com/other', quoteId: quoted.quote.quoteId }))).toBe('invalid_quote');
    const started = await call(full, 'start_page_evaluation', { url: 'https://acme.com/', quoteId: quoted.quote.quoteId });
    const job = (started.structuredContent as { result: { id: string; kind: string } }).result;
    expect(job.kind).toBe('page_evaluation');
    await waitForJob(slug, job.id);
  }, 60_000);
});

describe('keys that must not get through', () => {
  it('a revoked key: refused at connect, and a session whose key is revoked is refused next request (HTTP)', async () => {
    await fundedWorkspace('mcp-revoke');
    const key = await activeKey(ctx.app, cookie, 'mcp-revoke', { scopes: [...SCOPES] });
    const client = await httpClient(key.secret);
    expect((await client.listTools()).tools.length).toBe(TOOLS.length);
    const revoked = await api('POST', `/api/v1/workspaces/mcp-revoke/api-keys/${key.keyId}`, { action: 'revoke' });
    expect(revoked.statusCode).toBe(200);
    await expect(client.listTools()).rejects.toThrow(/invalid_key/);
    await expect(httpClient(key.secret)).rejects.toThrow(/401|invalid_key/);
  });

  it('a revoked key over stdio: the relay exits with the server’s code and message', async () => {
    const key = await activeKey(ctx.app, cookie, 'mcp-revoke', { scopes: ['runs:read'] });
    await api('POST', `/api/v1/workspaces/mcp-revoke/api-keys/${key.keyId}`, { action: 'revoke' });
    const transport = stdioTransport(key.secret);
    let stderr = '';
    transport.stderr?.on('data', (d) => (stderr += d));
    const client = new Client({ name: 'mcp-test', version: '1.0.0' });
    await expect(client.connect(transport)).rejects.toThrow();
    await expect.poll(() => stderr, { timeout: 20_000, interval: 20 }).toMatch(/geo mcp: invalid_key: /);
  }, 30_000);

  it('a key of another workspace reaches only its own workspace, and cannot redeem this workspace’s quotes', async () => {
    await fundedWorkspace('mcp-other');
    const home = await httpClient((await activeKey(ctx.app, cookie, 'mcp-revoke', { scopes: [...SCOPES] })).secret);
    const other = await httpClient((await activeKey(ctx.app, cookie, 'mcp-other', { scopes: [...SCOPES] })).secret);
    expect((await call(other, 'workspace_summary')).structuredContent).toMatchObject({ id: 'mcp-other' });
    expect((await call(other, 'get_credit_balance')).structuredContent).toMatchObject({ workspace: 'mcp-other' });
    const quoted = await call(home, 'start_page_evaluation', { url: 'https://acme.com/' });
    const { quoteId } = (quoted.structuredContent as { quote: { quoteId: string } }).quote;
    const stolen = await call(other, 'start_page_evaluation', { url: 'https://acme.com/', quoteId });
    expect(text(stolen)).toMatch(/^invalid_quote: Unknown quote/);
  });

  it('POST /mcp without a key is 401 invalid_key in the error envelope; GET is 405', async () => {
    const res = await fetch(`${baseUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    expect(res.status).toBe(401);
    // The challenge names the OAuth metadata (RFC 9728), where a hosted agent learns how to connect (docs/mcp.md, "OAuth").
    expect(res.headers.get('www-authenticate')).toBe('Bearer resource_metadata="http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp"');
    expect((await res.json()).error.code).toBe('invalid_key');
    expect((await fetch(`${baseUrl}/mcp`)).status).toBe(405);
  });
});

describe('Streamable HTTP', () => {
  it('a notification is accepted: 202 with no body', async () => {
    await createWorkspace(ctx.app, cookie, 'mcp-notify');
    const key = await activeKey(ctx.app, cookie, 'mcp-notify', { scopes: ['runs:read'] });
    const res = await fetch(`${baseUrl}/mcp`, {
      method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      headers: { ...key.bearer, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    });
    expect(res.status).toBe(202);
    expect(res.headers.get('content-type')).toBeNull();
    expect(await res.text()).toBe('');
  });
});

describe('quotes across server processes', () => {
  it('a quote made by one server is honoured once by another on the same database; racing redemptions act once', async () => {
    await fundedWorkspace('mcp-procs');
    const key = await activeKey(ctx.app, cookie, 'mcp-procs', { scopes: [...SCOPES] });
    const second = await createTestApp({}, ctx.database);
    try {
      await second.app.listen({ host: '127.0.0.1', port: 0 });
      const address = second.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      const first = await httpClient(key.secret);
      const other = new Client({ name: 'mcp-test', version: '1.0.0' });
      await other.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${address.port}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key.secret}` } } }));
      const quoted = await call(first, 'start_page_evaluation', { url: 'https://acme.com/' });
      const { quoteId } = (quoted.structuredContent as { quote: { quoteId: string } }).quote;
      const acted = await call(other, 'start_page_evaluation', { url: 'https://acme.com/', quoteId });
      expect(acted.isError).toBeFalsy();
      expect(text(await call(first, 'start_page_evaluation', { url: 'https://acme.com/', quoteId }))).toMatch(/^invalid_quote: .*already used/);
      await waitForJob('mcp-procs', (acted.structuredContent as { result: { id: string } }).result.id);
      await other.close();

      // The single conditional UPDATE decides between simultaneous redemptions.
      const again = (await call(first, 'start_page_evaluation', { url: 'https://acme.com/' })).structuredContent as { quote: { quoteId: string } };
      const quotes = createQuotes({ db: ctx.database.db, clock: systemClock });
      const redeem = () => quotes.redeem({ quoteId: again.quote.quoteId, keyId: key.keyId, tool: 'start_page_evaluation', args: { url: 'https://acme.com/' } });
      const outcomes = await Promise.allSettled([redeem(), redeem(), redeem(), redeem()]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 60_000);
});
