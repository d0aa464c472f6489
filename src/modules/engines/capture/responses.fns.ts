import { arr, isObj, num, safely, str, usageFrom, type AnswerTrace, type Json, type Surface } from './trace.ts';

// The Responses wire format (OpenAI `POST /responses`; xAI's and Perplexity's Agent API follow
// it): `web_search_call` items carry the fan-out (`action.query`, `action.queries`, or xAI's
// JSON `arguments`) and, when the request includes `web_search_call.action.sources`, the URLs
// read; `message` items carry `output_text` parts whose `url_citation` annotations point at the
// span they support (`start_index`/`end_index` into that part's text). Perplexity's Agent API
// adds `search_results` items (`queries`, `results[] {url, title}`).

export function parseResponses(body: unknown, format = 'openai-responses', surface: Surface = 'api'): AnswerTrace {
  return safely(format, surface, (b) => {
    if (!isObj(body)) throw new Error('the body is not an object');
    b.modelVersion = str(body.model);
    const u = body.usage;
    const searches = arr(body.output)?.filter((i) => isObj(i) && i.type === 'web_search_call').length ?? null;
    b.usage = usageFrom(u, { input: 'input_tokens', output: 'output_tokens', total: 'total_tokens', searches });
    const output = arr(body.output);
    if (!output) throw new Error('`output` is not a list');
    let offset = 0;
    let sawSearch = false;
    let sawSources = false;
    let sawMessage = false;
    for (const item of output) {
      if (!isObj(item)) {
        b.warn('an output item that is not an object was skipped');
        continue;
      }
      if (item.type === 'web_search_call') {
        sawSearch = true;
        const action = isObj(item.action) ? item.action : argumentsOf(item.arguments);
        if (!action) {
          b.warn(`web_search_call ${str(item.id) ?? ''} has no readable action`.trim());
          continue;
        }
        const queries = [...(str(action.query) ? [action.query] : []), ...(arr(action.queries) ?? [])].filter((q, i, all) => all.indexOf(q) === i);
        for (const q of queries) b.query(q);
        const sources = arr(action.sources);
        if (sources) {
          sawSources = true;
          sources.forEach((s, i) => {
            if (isObj(s)) b.source(s.url, s.title, i + 1, str(action.query) ?? str(queries[0]));
          });
        }
        // An `open_page` action reads one page: retrieved, unranked.
        if (action.type === 'open_page' && str(action.url)) {
          sawSources = true;
          b.source(action.url, null, null, null);
        }
      } else if (item.type === 'search_results') {
        sawSearch = true;
        sawSources = true;
        for (const q of arr(item.queries) ?? []) b.query(q);
        (arr(item.results) ?? []).forEach((r, i) => isObj(r) && b.source(r.url, r.title, i + 1, null));
      } else if (item.type === 'message') {
        sawMessage = true;
        for (const part of arr(item.content) ?? []) {
          if (!isObj(part) || part.type !== 'output_text') continue;
          const text = typeof part.text === 'string' ? part.text : '';
          for (const a of arr(part.annotations) ?? []) {
            if (!isObj(a) || a.type !== 'url_citation') continue;
            b.cite(a.url, a.title, spanOf(text, offset, a));
          }
          offset += text.length;
        }
      }
    }
    if (sawSearch) b.reported.add('queries');
    if (sawSources) b.reported.add('retrieved');
    else if (sawSearch) b.warn('the search calls list no sources (request `include: ["web_search_call.action.sources"]`)');
    if (sawMessage) b.reported.add('cited');
    // xAI also lists the cited URLs at the top level; without annotations they are cited without a span.
    const flat = arr(body.citations);
    if (flat && !b.cited.length) {
      b.reported.add('cited');
      for (const c of flat) b.cite(isObj(c) ? c.url : c, isObj(c) ? c.title : null, null);
    }
  });
}

function argumentsOf(raw: unknown): Json | null {
  if (typeof raw !== 'string') return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    return isObj(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function spanOf(text: string, offset: number, a: Json) {
  const start = num(a.start_index);
  const end = num(a.end_index);
  if (start === null || end === null || start < 0 || end < start || end > text.length) return null;
  return { start: offset + start, end: offset + end, text: text.slice(start, end) };
}
