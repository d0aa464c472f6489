import { describe, expect, it } from 'vitest';
import { dataForSeoAnswer, dataForSeoResult } from './dataforseo.fns.ts';
import { serpAnswer } from './serpapi.fns.ts';
import * as wire from './wire/recorded.ts';

// The product-surface engines behind results providers: SerpAPI's Bing Copilot and DataForSEO's
// AI Mode SERP and LLM scrapers, from bodies written after the providers' documentation.

const clone = <T>(v: T): T => structuredClone(v);
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('documented wire responses', () => {
  it('SerpAPI Bing Copilot: header and blocks as the answer, references ranked, blocks cite theirs with their line as span', () => {
    const { text, sources, trace } = serpAnswer(wire.serpCopilot, 'copilot');
    expect(text).toBe('Best CRM for small teams\nAcme is the easiest to adopt.\nAlternatives\n- Globex: cheaper, fewer integrations');
    expect(sources.map((s) => s.url)).toEqual(['https://acme.com/pricing', 'https://globex.com/', 'https://www.reddit.com/r/sales/', 'https://capterra.com/crm']);
    expect(trace.retrieved.map((s) => [s.domain, s.rank])).toEqual([['acme.com', 1], ['globex.com', 2], ['reddit.com', 3], ['capterra.com', 4]]);
    expect(trace.cited.map((c) => [c.domain, c.span && text.slice(c.span.start, c.span.end)])).toEqual([
      ['acme.com', 'Acme is the easiest to adopt.'], ['globex.com', '- Globex: cheaper, fewer integrations'], ['reddit.com', '- Globex: cheaper, fewer integrations'], ['capterra.com', null],
    ]);
    expect(trace).toMatchObject({ surface: 'product', format: 'serpapi-bing-copilot', modelVersion: null, usage: null, missing: ['queries', 'modelVersion', 'usage'], warnings: [] });
  });

  it('DataForSEO AI Mode: elements as lines citing their references, the panel plus element references as retrieved', () => {
    const { text, sources, trace } = dataForSeoAnswer(wire.dataforseoAiMode, 'ai-mode');
    expect(text).toBe('Acme leads for small teams.\nGlobex is cheaper.');
    expect(trace.retrieved.map((s) => [s.url, s.domain, s.rank])).toEqual([
      ['https://www.g2.com/categories/crm', 'g2.com', 1], ['https://acme.com/pricing', 'acme.com', 2], ['https://globex.com/', 'globex.com', 3],
    ]);
    expect(trace.cited.map((c) => [c.domain, c.span && text.slice(c.span.start, c.span.end)])).toEqual([
      ['acme.com', 'Acme leads for small teams.'], ['globex.com', 'Globex is cheaper.'], ['g2.com', null],
    ]);
    expect(sources.map((s) => s.url)).toEqual(['https://acme.com/pricing', 'https://globex.com/', 'https://www.g2.com/categories/crm']);
    expect(trace).toMatchObject({ surface: 'product', format: 'dataforseo-ai-mode', modelVersion: null, missing: ['queries', 'modelVersion', 'usage'], warnings: [] });
  });

  it('DataForSEO ChatGPT scraper: fan-out queries, search results ranked, text items cite their sources, model named', () => {
    const { text, trace } = dataForSeoAnswer(wire.dataforseoChatgpt, 'chatgpt');
    expect(text).toBe('Acme is the best choice for small teams.\nGlobex is slower.');
    expect(trace.queries).toEqual(['best crm 2026', 'crm for small teams']);
    expect(trace.retrieved.map((s) => [s.domain, s.rank])).toEqual([['g2.com', 1], ['acme.com', 2], ['reddit.com', 3]]);
    expect(trace.cited).toEqual([{ url: 'https://acme.com/pricing', title: 'Acme pricing', domain: 'acme.com', span: { start: 0, end: 40, text: 'Acme is the best choice for small teams.' } }]);
    expect(trace).toMatchObject({ format: 'dataforseo-chatgpt-scraper', modelVersion: 'gpt-5', missing: ['usage'], warnings: [] });
  });

  it('DataForSEO Gemini scraper: cited sources only, so queries and retrieval are missing, not empty', () => {
    const { trace } = dataForSeoAnswer(wire.dataforseoGemini, 'gemini');
    expect(trace.cited.map((c) => [c.domain, c.span?.start ?? null])).toEqual([['globex.com', 0], ['wikipedia.org', null]]);
    expect(trace).toMatchObject({ format: 'dataforseo-gemini-scraper', modelVersion: 'gemini-3-flash', retrieved: [], missing: ['queries', 'retrieved', 'usage'] });
  });
});

describe('DataForSEO task status: the envelope answers 200, the task says what happened', () => {
  const withTask = (status_code: number, status_message = 'x') => ({ ...clone(wire.dataforseoAiMode), tasks: [{ ...clone(wire.dataforseoAiMode).tasks[0]!, status_code, status_message, result: null }] });
  it.each([
    [20000, null, null],
    [40202, 429, null],
    [40101, 400, null],
    [50000, 500, null],
    [40501, 400, null],
    [40102, null, /40102/],
  ] as const)('task status %i → failure status %s', (code, status, note) => {
    const body = code === 20000 ? wire.dataforseoAiMode : withTask(code);
    const got = dataForSeoResult(body);
    expect(got.failure?.status ?? null).toBe(status);
    if (note) expect(got.note).toMatch(note);
  });
  it('no tasks at all fails with 502 (an answer that cannot be read is the provider’s fault)', () => {
    expect(dataForSeoResult({ status_code: 20000 }).failure).toBeNull();
    expect(dataForSeoResult('oops').failure?.status).toBe(502);
  });
});

describe('partial and malformed metadata: what parsed is kept, with a warning', () => {
  it.each([
    ['Copilot without text blocks', () => serpAnswer({ header: 'Acme', references: [{ link: 'https://acme.com/' }] }, 'copilot').trace, { retrieved: 1, cited: 1, warning: /no text blocks/ }],
    ['Copilot block pointing at a reference not listed', () => {
      const b = clone(wire.serpCopilot) as Body;
      b.text_blocks[0].reference_indexes = [0, 9];
      return serpAnswer(b, 'copilot').trace;
    }, { retrieved: 4, cited: 4, warning: /reference 9/ }],
    ['Copilot list items as bare strings and a reference without link', () => {
      const b = clone(wire.serpCopilot) as Body;
      b.text_blocks[2].list = ['Globex', 'Initech'];
      b.references[3].link = null;
      return serpAnswer(b, 'copilot').trace;
    }, { retrieved: 3, cited: 3, warning: /without a usable URL/ }],
    ['Copilot body that is not an object', () => serpAnswer('<html>', 'copilot').trace, { retrieved: 0, warning: /not an object/ }],
    ['DataForSEO AI Mode without an ai_overview item', () => {
      const b = clone(wire.dataforseoAiMode) as Body;
      b.tasks[0].result[0].items = [{ type: 'organic' }];
      return dataForSeoAnswer(b, 'ai-mode').trace;
    }, { retrieved: 0, cited: 0, warning: /no AI Mode answer/ }],
    ['DataForSEO reference without URL', () => {
      const b = clone(wire.dataforseoAiMode) as Body;
      b.tasks[0].result[0].items[0].references[0].url = 'javascript:void(0)';
      return dataForSeoAnswer(b, 'ai-mode').trace;
    }, { retrieved: 2, cited: 2, warning: /without a usable URL/ }],
    ['DataForSEO ChatGPT with search_results not a list and no text items', () => {
      const b = clone(wire.dataforseoChatgpt) as Body;
      b.tasks[0].result[0].search_results = 'n/a';
      b.tasks[0].result[0].items = null;
      return dataForSeoAnswer(b, 'chatgpt').trace;
    }, { retrieved: 0, cited: 1, warning: null }],
    ['DataForSEO "no search results" task', () => {
      const b = clone(wire.dataforseoGemini) as Body;
      Object.assign(b.tasks[0], { status_code: 40102, status_message: 'No Search Results.', result: null });
      return dataForSeoAnswer(b, 'gemini').trace;
    }, { retrieved: 0, cited: 0, warning: /No Search Results/ }],
  ] as const)('%s', (_name, parse, expected) => {
    const t = parse();
    expect(t.retrieved).toHaveLength(expected.retrieved);
    if ('cited' in expected) expect(t.cited).toHaveLength(expected.cited);
    if (expected.warning) expect(t.warnings.join(' | ')).toMatch(expected.warning);
    else expect(t.warnings).toEqual([]);
  });

  it('the ChatGPT scraper without search_results reports retrieval missing, its text from the result markdown', () => {
    const b = clone(wire.dataforseoChatgpt) as Body;
    delete b.tasks[0].result[0].search_results;
    b.tasks[0].result[0].items = [];
    const { text, trace } = dataForSeoAnswer(b, 'chatgpt');
    expect(text).toBe('Acme is the best choice for small teams.\n\nGlobex is slower.');
    expect(trace.missing).toEqual(['retrieved', 'usage']);
    expect(trace.cited.map((c) => c.span)).toEqual([null]);
  });
});
