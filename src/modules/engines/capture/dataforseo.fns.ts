import type { EngineAnswer } from '../simulated.fns.ts';
import { arr, isObj, str, TraceBuilder, type AnswerTrace, type Json } from './trace.ts';

// DataForSEO (docs.dataforseo.com v3), the consumer answer as served (surface `product`):
// - Google AI Mode SERP, `POST /v3/serp/google/ai_mode/live/advanced`: `result[0].items[]` holds an
//   `ai_overview` item with `items[]` (`ai_overview_element`: `text`/`markdown` and the
//   `references` that element rests on) and `references[]` (`source`, `domain`, `url`, `title`).
// - LLM Scraper for ChatGPT and Gemini, `POST /v3/ai_optimization/{chat_gpt|gemini}/llm_scraper/live/advanced`:
//   `result[0]` has `model`, `markdown`, `items[]` (`chat_gpt_text` / `gemini_text` with `markdown`
//   and their `sources`), `sources[]` ("the sources the model actually cited or relied on") and,
//   for ChatGPT only, `search_results[]` (everything its searches returned) and `fan_out_queries[]`.
// Every answer comes in the envelope `{status_code, cost, tasks: [{status_code, result: [...]}]}`;
// 20000 is success at both levels. Neither reports token usage: usage is recorded as missing and
// the call's cost is the envelope's `cost` (limits/usage.fns.ts).

export type DataForSeoKind = 'ai-mode' | 'chatgpt' | 'gemini';
const FORMAT: Record<DataForSeoKind, string> = { 'ai-mode': 'dataforseo-ai-mode', chatgpt: 'dataforseo-chatgpt-scraper', gemini: 'dataforseo-gemini-scraper' };

/** A task-level failure, as an HTTP-like status the guard classifies (429 and 5xx retried, other 4xx not). */
export interface DataForSeoFailure {
  status: number;
  message: string;
}

/** The task's result object, or why there is none; "no search results" (40102) is an empty answer, not a failure. */
export function dataForSeoResult(body: unknown): { result: Json | null; failure: DataForSeoFailure | null; note: string | null } {
  if (!isObj(body)) return { result: null, failure: { status: 502, message: 'DataForSEO answered a body that is not an object' }, note: null };
  const task = isObj(arr(body.tasks)?.[0]) ? (arr(body.tasks)![0] as Json) : null;
  const code = typeof task?.status_code === 'number' ? task.status_code : typeof body.status_code === 'number' ? body.status_code : null;
  const message = `DataForSEO status ${code ?? 'missing'}: ${str(task?.status_message) ?? str(body.status_message) ?? 'no message'}`;
  if (code === 20000) {
    const result = arr(task?.result)?.[0];
    return isObj(result) ? { result, failure: null, note: null } : { result: null, failure: null, note: 'the task succeeded with no result' };
  }
  if (code === 40102) return { result: null, failure: null, note: message };
  // 40202: the per-minute limit (DataForSEO's errors appendix); 5xxxx: its own errors; both pass.
  // Anything else (40101 "Internal SE Server Error" is billed and already retried by DataForSEO;
  // an invalid field fails again) fails the call.
  const status = code === 40202 ? 429 : code !== null && code >= 50000 ? 500 : code === null ? 502 : 400;
  return { result: null, failure: { status, message }, note: null };
}

interface Line {
  text: string;
  refs: unknown[];
}

/** The answer as lines (one per text element, with the sources it rests on), so that spans are offsets into the stored text. */
function linesOf(kind: DataForSeoKind, result: Json): Line[] {
  if (kind === 'ai-mode') {
    const overview = (arr(result.items) ?? []).find((i) => isObj(i) && i.type === 'ai_overview') as Json | undefined;
    if (!overview) return [];
    const lines = (arr(overview.items) ?? []).flatMap((el) => {
      if (!isObj(el)) return [];
      const text = str(el.text) ?? str(el.markdown);
      return text ? [{ text, refs: arr(el.references) ?? [] }] : [];
    });
    return lines.length ? lines : str(overview.markdown) ? [{ text: overview.markdown as string, refs: [] }] : [];
  }
  const textType = kind === 'chatgpt' ? 'chat_gpt_text' : 'gemini_text';
  const lines = (arr(result.items) ?? []).flatMap((el) => {
    if (!isObj(el) || el.type !== textType) return [];
    const text = str(el.markdown) ?? str(el.original_text) ?? str(el.text);
    return text ? [{ text, refs: arr(el.sources) ?? [] }] : [];
  });
  return lines.length ? lines : str(result.markdown) ? [{ text: result.markdown as string, refs: [] }] : [];
}

const urlOf = (s: unknown) => (isObj(s) ? str(s.url) : null);

/** The answer text and sources of a DataForSEO response, with the trace of what it searched, read and cited. */
export function dataForSeoAnswer(body: unknown, kind: DataForSeoKind): EngineAnswer & { trace: AnswerTrace } {
  const b = new TraceBuilder(FORMAT[kind], 'product');
  let text = '';
  let sources: EngineAnswer['sources'] = [];
  try {
    const { result, note } = dataForSeoResult(body);
    if (note) b.warn(note);
    if (result) {
      if (kind !== 'ai-mode') b.modelVersion = str(result.model);
      const lines = linesOf(kind, result);
      if (!lines.length) b.warn(kind === 'ai-mode' ? 'the results page has no AI Mode answer' : 'the answer has no text');
      text = lines.map((l) => l.text).join('\n');
      if (kind === 'chatgpt') {
        const fanOut = arr(result.fan_out_queries);
        if (fanOut) {
          b.reported.add('queries');
          fanOut.forEach((q) => b.query(q));
        }
      }
      // Retrieved: ChatGPT's search results (every page its searches returned), AI Mode's reference
      // panel; Gemini's scraper reports only what was cited, so its retrieval stays missing.
      // AI Mode: the panel, then the references of its elements that the panel does not list.
      const panel = kind === 'ai-mode' ? referencesOf(result) : null;
      const pool = kind === 'chatgpt' ? arr(result.search_results)
        : panel ? [...panel, ...lines.flatMap((l) => l.refs).filter((r, i, all) => !panel.some((p) => urlOf(p) === urlOf(r)) && all.findIndex((o) => urlOf(o) === urlOf(r)) === i)] : null;
      if (pool) {
        b.reported.add('retrieved');
        pool.forEach((s, i) => b.source(urlOf(s), isObj(s) ? s.title : null, i + 1, null, isObj(s) ? s.domain : null));
      }
      const cited = kind === 'ai-mode' ? referencesOf(result) : arr(result.sources);
      if (cited || lines.some((l) => l.refs.length)) b.reported.add('cited');
      // Each text element cites its own sources with its line as the span; the others listed with
      // the answer are cited without a span.
      let offset = 0;
      const spanned = new Set<string>();
      for (const line of lines) {
        for (const r of line.refs) {
          const url = urlOf(r);
          if (url) spanned.add(url);
          b.cite(url ?? r, isObj(r) ? r.title : null, { start: offset, end: offset + line.text.length, text: line.text }, isObj(r) ? r.domain : null);
        }
        offset += line.text.length + 1;
      }
      for (const r of cited ?? []) if (!spanned.has(urlOf(r) ?? '')) b.cite(urlOf(r) ?? r, isObj(r) ? r.title : null, null, isObj(r) ? r.domain : null);
      const seen = new Set<string>();
      sources = b.cited.flatMap((c) => (seen.has(c.url) ? [] : (seen.add(c.url), [{ url: c.url, ...(c.title ? { title: c.title } : {}) }])));
    }
  } catch (err) {
    b.warn(`the response metadata could not be read completely: ${(err as Error).message}`);
  }
  return { text, sources, trace: b.done() };
}

function referencesOf(result: Json): unknown[] | null {
  const overview = (arr(result.items) ?? []).find((i) => isObj(i) && i.type === 'ai_overview') as Json | undefined;
  return overview ? arr(overview.references) : null;
}
