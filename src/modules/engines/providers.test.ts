import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineId } from './catalogue.ts';
import type { Database } from '../../lib/db.ts';
import { openTestDatabase } from '../../../test/helpers/app.ts';
import { realEngine, type Guard } from './providers.ts';
import { createPacer, keyId } from './limits/pacer.ts';
import { guardedCaller } from './limits/guard.ts';
import { defaultEngineLimits, type PacedProvider } from './limits/limits.config.ts';
import * as wire from './capture/wire/recorded.ts';

// Each real engine against a local server speaking its provider's wire format, so the real SDKs
// (and our SERP client) are exercised: the answer text and the cited sources come through, and
// a 429 is retried.

const ANSWER = 'Acme is the best choice; Globex is slower.';
const bodies: Record<string, unknown> = {
  '/openai/responses': {
    id: 'resp_1', object: 'response', created_at: 1_760_000_000, model: 'gpt-4.1-mini', status: 'completed',
    output: [
      { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'best crm' } },
      { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: ANSWER, annotations: [{ type: 'url_citation', url: 'https://acme.com/pricing', title: 'Acme pricing', start_index: 0, end_index: 4 }] }] },
    ],
    usage: { input_tokens: 10, output_tokens: 12, total_tokens: 22, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } },
  },
  '/anthropic/messages': {
    id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', stop_reason: 'end_turn', stop_sequence: null,
    content: [
      { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'best crm' } },
      { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [{ type: 'web_search_result', url: 'https://g2.com/crm', title: 'G2 CRM', encrypted_content: 'x', page_age: null }] },
      { type: 'text', text: ANSWER, citations: [{ type: 'web_search_result_location', url: 'https://g2.com/crm', title: 'G2 CRM', cited_text: 'Acme', encrypted_index: 'y' }] },
    ],
    usage: { input_tokens: 10, output_tokens: 12 },
  },
  '/perplexity/chat/completions': {
    id: 'ppl_1', model: 'sonar', created: 1_760_000_000, object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content: ANSWER }, finish_reason: 'stop' }],
    citations: ['https://globex.com/features'], usage: { prompt_tokens: 10, completion_tokens: 12, total_tokens: 22 },
  },
  '/gemini/models/gemini-2.5-flash:generateContent': {
    candidates: [{ content: { role: 'model', parts: [{ text: ANSWER }] }, finishReason: 'STOP', index: 0, groundingMetadata: { groundingChunks: [{ web: { uri: 'https://techradar.com/best-crm', title: 'TechRadar' } }], webSearchQueries: ['best crm'] } }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 12, totalTokenCount: 22 },
  },
  '/serpapi/search.json': {
    search_metadata: { status: 'Success' },
    ai_overview: {
      text_blocks: [{ type: 'paragraph', snippet: 'Acme is the best choice for most teams.' }, { type: 'list', list: [{ title: 'Globex', snippet: 'slower but cheaper' }] }],
      references: [{ link: 'https://acme.com/', title: 'Acme' }, { link: 'https://reddit.com/r/crm', title: 'Reddit' }],
    },
  },
  '/dataforseo/v3/serp/google/ai_mode/live/advanced': wire.dataforseoAiMode,
  // A task DataForSEO refuses (HTTP 200, task status 40501 "invalid field"): it would fail again.
  '/dataforseo/v3/ai_optimization/gemini/llm_scraper/live/advanced': { status_code: 20000, tasks: [{ status_code: 40501, status_message: 'Invalid Field: \'language_code\'.', result: null }] },
};

let server: Server;
let database: Database;
/** The guard a real engine runs under (pacing on the test database, retries with a short base). */
function guard(provider: string): Guard {
  const limits = { ...defaultEngineLimits(), retryBaseMs: 5 };
  const guarded = guardedCaller({ pacer: createPacer({ db: database.db, limits }), limits, provider: provider as PacedProvider, keyId: keyId('test-key-123'), model: 'm' });
  return (attempt, tokens, signal) => guarded(attempt, tokens, signal);
}
let base: string;
const hits = new Map<string, number>();
const seen: Array<{ path: string; auth: string | undefined; body: string }> = [];

beforeAll(async () => {
  database = await openTestDatabase();
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = req.url!.split('?')[0]!;
      seen.push({ path, auth: req.headers.authorization ?? (req.headers['x-api-key'] as string) ?? (req.headers['x-goog-api-key'] as string), body });
      const count = (hits.get(path) ?? 0) + 1;
      hits.set(path, count);
      if (count === 1) return void res.writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': '10' }).end('{"error":{"message":"slow down"}}');
      const reply = bodies[path];
      res.writeHead(reply ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(reply ?? { error: 'no such route' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.close();
  await database.close();
});

const providerOf: Partial<Record<EngineId, string>> = { chatgpt: 'openai', claude: 'anthropic', perplexity: 'perplexity', gemini: 'gemini', 'google-aio': 'serpapi' };

describe('real engines against their wire formats', () => {
  it.each([
    ['chatgpt', ANSWER, ['https://acme.com/pricing']],
    ['claude', ANSWER, ['https://g2.com/crm']],
    ['perplexity', ANSWER, ['https://globex.com/features']],
    ['gemini', ANSWER, ['https://techradar.com/best-crm']],
    ['google-aio', 'Acme is the best choice for most teams.\n- Globex: slower but cheaper', ['https://acme.com/', 'https://reddit.com/r/crm']],
  ] as const)('%s answers with text and sources, after retrying a 429', async (id, text, urls) => {
    const ask = realEngine(id, 'test-key-123', { apiKey: undefined, baseUrl: `${base}/${providerOf[id]}` }, guard(providerOf[id]!));
    const answer = await ask({ text: 'best crm', language: 'en' }, new AbortController().signal);
    expect(answer.text).toBe(text);
    expect(answer.sources.map((s) => s.url)).toEqual(urls);
    const calls = seen.filter((s) => s.path.startsWith(`/${providerOf[id]}`));
    expect(calls.length).toBe(2);
    expect(calls.at(-1)!.auth ?? calls.at(-1)!.path).toBeDefined();
  });

  it('DataForSEO: HTTP Basic with login:password and one Live task; a refused task fails at once with its status, not retried', async () => {
    const ask = realEngine('dataforseo-ai-mode', 'geo@example.com:pw-12345', { apiKey: undefined, baseUrl: `${base}/dataforseo` }, guard('dataforseo'));
    const answer = await ask({ text: 'best crm', language: 'es' }, new AbortController().signal);
    expect(answer.text).toBe('Acme leads for small teams.\nGlobex is cheaper.');
    expect(answer.trace?.format).toBe('dataforseo-ai-mode');
    const sent = seen.filter((s) => s.path.startsWith('/dataforseo/v3/serp')).at(-1)!;
    expect(sent.auth).toBe(`Basic ${Buffer.from('geo@example.com:pw-12345').toString('base64')}`);
    expect(JSON.parse(sent.body)).toEqual([{ keyword: 'best crm', language_code: 'es', location_code: 2840 }]);
    const refused = realEngine('dataforseo-gemini', 'geo@example.com:pw-12345', { apiKey: undefined, baseUrl: `${base}/dataforseo` }, guard('dataforseo'));
    await expect(refused({ text: 'best crm', language: 'en' }, new AbortController().signal)).rejects.toThrow(/40501: Invalid Field.*not retried/);
    expect(seen.filter((s) => s.path.includes('/gemini/llm_scraper')).length).toBe(2); // the first answered 429 (HTTP), the second the task error
  });

  it('a call is abandoned when its signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    const ask = realEngine('chatgpt', 'k', { apiKey: undefined, baseUrl: `${base}/openai` }, guard('openai'));
    await expect(ask({ text: 'x', language: 'en' }, controller.signal)).rejects.toThrow();
  });
});
