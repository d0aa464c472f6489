import { describe, expect, it } from 'vitest';
import { parseAnthropic } from './anthropic.fns.ts';
import { parseChatCompletions } from './chat.fns.ts';
import { parseGemini } from './gemini.fns.ts';
import { parseResponses } from './responses.fns.ts';
import { serpAnswer } from './serpapi.fns.ts';
import { traceOf } from './capture.ts';
import * as wire from './wire/recorded.ts';

const clone = <T>(v: T): T => structuredClone(v);

describe('capture from documented wire responses', () => {
  it('OpenAI Responses: fan-out in order, sources ranked per search, url_citation spans, model, usage', () => {
    const t = parseResponses(wire.openaiResponses);
    expect(t.queries).toEqual(['best crm', 'crm reviews reddit', 'crm for startups']);
    expect(t.retrieved.map((s) => [s.url, s.domain, s.rank, s.query])).toEqual([
      ['https://acme.com/pricing', 'acme.com', 1, 'best crm'],
      ['https://www.g2.com/categories/crm', 'g2.com', 2, 'best crm'],
      ['https://reddit.com/r/crm', 'reddit.com', 1, 'crm reviews reddit'],
      ['https://globex.com/features', 'globex.com', null, null],
    ]);
    expect(t.cited).toEqual([{ url: 'https://acme.com/pricing', title: 'Acme pricing', domain: 'acme.com', span: { start: 0, end: 23, text: 'Acme is the best choice' } }]);
    expect(t.modelVersion).toBe('gpt-4.1-mini-2025-04-14');
    expect(t.usage).toMatchObject({ inputTokens: 310, outputTokens: 42, totalTokens: 352, searches: 3 });
    expect(t.usage?.raw['input_tokens_details.cached_tokens']).toBe(0);
    expect(t).toMatchObject({ surface: 'api', simulated: false, missing: [], warnings: [] });
  });

  it('xAI Responses: the query from JSON arguments, citations without span, sources missing', () => {
    const t = parseResponses(wire.xaiResponses, 'xai-responses');
    expect(t.queries).toEqual(['best crm 2026']);
    expect(t.cited.map((c) => [c.domain, c.span])).toEqual([['globex.com', null]]);
    expect(t.missing).toEqual(['retrieved']);
    expect(t.warnings[0]).toMatch(/no sources/);
    expect(t.modelVersion).toBe('grok-4.3-0709');
  });

  it('Anthropic: server_tool_use queries, ranked results tied to their query, citations spanning their text block', () => {
    const t = parseAnthropic(wire.anthropicMessages);
    expect(t.queries).toEqual(['best crm']);
    expect(t.retrieved.map((s) => [s.url, s.rank, s.query])).toEqual([['https://g2.com/crm', 1, 'best crm'], ['https://acme.com/', 2, 'best crm']]);
    expect(t.cited).toEqual([{ url: 'https://g2.com/crm', title: 'G2 CRM', domain: 'g2.com', span: { start: 0, end: 25, text: 'Acme is the best choice; ' } }]);
    expect(t.usage).toMatchObject({ inputTokens: 900, outputTokens: 60, totalTokens: 960, searches: 1 });
    expect(t.modelVersion).toBe('claude-sonnet-4-5-20250929');
    expect(t.missing).toEqual([]);
  });

  it('Gemini: webSearchQueries, chunks with the real domain behind the redirect, supports as cited spans', () => {
    const t = parseGemini(wire.geminiGenerate);
    expect(t.queries).toEqual(['best crm', 'crm comparison 2026']);
    expect(t.retrieved.map((s) => [s.domain, s.rank])).toEqual([['techradar.com', 1], ['acme.com', 2]]);
    expect(t.cited).toEqual([{ url: wire.geminiGenerate.candidates[0]!.groundingMetadata.groundingChunks[0]!.web.uri, title: 'techradar.com', domain: 'techradar.com', span: { start: 0, end: 23, text: 'Acme is the best choice' } }]);
    expect(t.modelVersion).toBe('gemini-2.5-flash-001');
    expect(t.usage).toMatchObject({ inputTokens: 10, outputTokens: 12, totalTokens: 22 });
  });

  it('Gemini byte offsets become string offsets in non-ASCII text', () => {
    const body = clone(wire.geminiGenerate);
    body.candidates[0]!.content.parts[0]!.text = 'Café Acme es la mejor opción.';
    const start = Buffer.byteLength('Café ');
    body.candidates[0]!.groundingMetadata.groundingSupports[0]!.segment = { startIndex: start, endIndex: start + 4, text: 'Acme' };
    expect(parseGemini(body).cited[0]!.span).toEqual({ start: 5, end: 9, text: 'Acme' });
  });

  it('Perplexity Sonar: search_results ranked, [n] markers cite the n-th result with the sentence before them; no queries reported', () => {
    const t = parseChatCompletions(wire.perplexitySonar, 'perplexity-chat');
    expect(t.retrieved.map((s) => [s.title, s.rank])).toEqual([['Acme', 1], ['Globex features', 2], ['r/crm', 3], ['Capterra CRM', 4]]);
    expect(t.cited.map((c) => [c.domain, c.span?.text])).toEqual([['acme.com', 'Acme is the best choice'], ['globex.com', 'Globex is slower'], ['reddit.com', 'Globex is slower']]);
    expect(t.missing).toEqual(['queries']);
    expect(t.usage).toMatchObject({ totalTokens: 22, searches: 1 });
  });

  it.each([
    ['Acme is fast [1]. Globex too  [2] [2]\n[1] x', [['Acme is fast', 'a'], ['Globex too', 'b'], ['Globex too', 'a']]],
    ['Ok. [1][9] Next [2]', [['Ok.', 'a'], ['[1][9] Next', 'b']]],
    ['Acme [[1]] [2]', [['Acme [', 'a'], ['Acme [[1]]', 'b']]],
    ['A. b [1]\n\n [2] c. [1] [2]', [['b', 'a'], ['b', 'b'], [' [2] c.', 'a'], [' [2] c.', 'b']]],
    [' [1] x [2]. [1]', [[null, 'a'], [' [1] x', 'b'], [' [1] x [2].', 'a']]],
  ])('[n] markers in %j cite the sentence part before them, markers and spaces before them aside', (content, cites) => {
    const body = { model: 'sonar', choices: [{ message: { content } }], search_results: [{ url: 'https://a.example/', title: 'a' }, { url: 'https://b.example/', title: 'b' }] };
    expect(parseChatCompletions(body, 'perplexity-chat').cited.map((c) => [c.span?.text ?? null, c.title])).toEqual(cites);
  });

  it('[n] markers: an answer of 50 000 characters of markers is read in one pass', () => {
    const content = `Acme ${'[1]'.repeat(50_000 / 3)}`;
    const body = { model: 'sonar', choices: [{ message: { content } }], search_results: [{ url: 'https://a.example/', title: 'a' }] };
    const cited = parseChatCompletions(body, 'perplexity-chat').cited;
    expect(cited).toHaveLength(1); // one per URL
    expect(cited[0]!.span?.text).toBe('Acme');
  });

  it('Perplexity without search_results falls back to the citations list', () => {
    const body: Record<string, unknown> = clone(wire.perplexitySonar);
    delete body.search_results;
    const t = parseChatCompletions(body, 'perplexity-chat');
    expect(t.retrieved.map((s) => [s.url, s.title])).toEqual([['https://acme.com/', null], ['https://globex.com/features', null], ['https://reddit.com/r/crm', null]]);
    expect(t.cited).toHaveLength(3);
  });

  it('Perplexity Agent API (Responses format): search_results items give queries and ranked results', () => {
    const t = parseResponses(wire.perplexityAgent, 'perplexity-agent');
    expect(t.queries).toEqual(['best crm']);
    expect(t.retrieved.map((s) => s.url)).toEqual(['https://acme.com/']);
    expect(t.cited[0]!.span).toEqual({ start: 0, end: 4, text: 'Acme' });
  });

  it('OpenAI-compatible chat: url_citation annotations with spans; queries and retrieved missing', () => {
    const t = parseChatCompletions(wire.openaiChat);
    expect(t.cited).toEqual([{ url: 'https://acme.com/', title: 'Acme', domain: 'acme.com', span: { start: 0, end: 4, text: 'Acme' } }]);
    expect(t.missing).toEqual(['queries', 'retrieved']);
    expect(t.modelVersion).toBe('deepseek-chat-v3');
  });

  it('SerpAPI AI Overview: references ranked, blocks cite their references with their line as the span', () => {
    const { text, sources, trace } = serpAnswer(wire.serpOverview, 'ai-overview');
    expect(text).toBe('Acme is the best choice for most teams.\n- Globex: slower but cheaper');
    expect(sources.map((s) => s.url)).toEqual(['https://acme.com/', 'https://reddit.com/r/crm', 'https://en.wikipedia.org/wiki/CRM']);
    expect(trace.cited.map((c) => [c.domain, c.span && text.slice(c.span.start, c.span.end)])).toEqual([
      ['acme.com', 'Acme is the best choice for most teams.'], ['reddit.com', '- Globex: slower but cheaper'], ['wikipedia.org', null],
    ]);
    expect(trace).toMatchObject({ surface: 'product', format: 'serpapi-ai-overview', modelVersion: null, usage: null, missing: ['queries', 'modelVersion', 'usage'] });
  });

  it('SerpAPI AI Mode: top-level blocks and references', () => {
    const { text, trace } = serpAnswer(wire.serpAiMode, 'ai-mode');
    expect(text).toBe('Acme leads for small teams.\n- Globex: cheaper');
    expect(trace.retrieved.map((s) => s.domain)).toEqual(['acme.com', 'g2.com', 'globex.com']);
    expect(trace.cited.map((c) => [c.domain, c.span?.start])).toEqual([['acme.com', 0], ['g2.com', 0], ['globex.com', 28]]);
  });
});

describe('partial and malformed metadata: what parsed is kept, with a warning', () => {
  it.each([
    ['a body that is not JSON object', () => parseResponses('oops'), { retrieved: 0, warning: /not an object/ }],
    ['a web_search_call without action', () => {
      const b = clone(wire.openaiResponses);
      (b.output[0] as Record<string, unknown>).action = undefined;
      return parseResponses(b);
    }, { retrieved: 2, warning: /no readable action/ }],
    ['a source without URL', () => {
      const b = clone(wire.openaiResponses);
      b.output[0]!.action!.sources = [{ type: 'url', url: 'not a url' }, { type: 'url', url: 'https://acme.com/x' }];
      return parseResponses(b);
    }, { retrieved: 3, warning: /without a usable URL/ }],
    ['an annotation with offsets outside the text', () => {
      const b = clone(wire.openaiResponses);
      b.output[3]!.content![0]!.annotations[0]!.end_index = 999;
      return parseResponses(b);
    }, { retrieved: 4, cited: 1, warning: null }],
    ['an Anthropic search error', () => {
      const b = clone(wire.anthropicMessages) as { content: unknown[] };
      b.content[1] = { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' } };
      return parseAnthropic(b);
    }, { retrieved: 0, cited: 1, warning: /max_uses_exceeded/ }],
    ['Anthropic content that is not a list', () => parseAnthropic({ model: 'claude', content: 'x', usage: { input_tokens: 1, output_tokens: 2 } }), { retrieved: 0, warning: /content/ }],
    ['a Gemini support pointing at a missing chunk', () => {
      const b = clone(wire.geminiGenerate);
      b.candidates[0]!.groundingMetadata.groundingSupports[0]!.groundingChunkIndices = [0, 7];
      return parseGemini(b);
    }, { retrieved: 2, cited: 1, warning: /chunk 7/ }],
    ['Gemini without grounding metadata', () => {
      const b = clone(wire.geminiGenerate) as { candidates: Array<Record<string, unknown>> };
      delete b.candidates[0]!.groundingMetadata;
      return parseGemini(b);
    }, { retrieved: 0, warning: /no grounding metadata/ }],
    ['Perplexity markers beyond the list', () => {
      const b = clone(wire.perplexitySonar);
      b.choices[0]!.message.content = 'Acme [9].';
      return parseChatCompletions(b, 'perplexity-chat');
    }, { retrieved: 4, cited: 0, warning: /\[9\]/ }],
    ['SerpAPI without an overview', () => serpAnswer({ organic_results: [] }, 'ai-overview').trace, { retrieved: 0, warning: /no AI overview/ }],
    ['a missing body', () => traceOf('chatgpt', undefined), { retrieved: 0, warning: /not available/ }],
    ['a body as text', () => traceOf('claude', JSON.stringify(wire.anthropicMessages)), { retrieved: 2, cited: 1, warning: null }],
  ] as const)('%s', (_name, parse, expected) => {
    const t = parse();
    expect(t.retrieved).toHaveLength(expected.retrieved);
    if ('cited' in expected) expect(t.cited).toHaveLength(expected.cited);
    if (expected.warning) expect(t.warnings.join(' | ')).toMatch(expected.warning);
    else expect(t.warnings).toEqual([]);
  });

  it('a field never reported is listed as missing, not filled in', () => {
    const t = parseResponses({ output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'x', annotations: [] }] }] });
    expect(t).toMatchObject({ modelVersion: null, usage: null, queries: [], retrieved: [] });
    expect(t.missing).toEqual(['queries', 'retrieved', 'modelVersion', 'usage']);
  });
});
