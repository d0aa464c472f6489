import type { EngineAnswer } from '../simulated.fns.ts';
import { arr, isObj, num, safely, str, type AnswerTrace, type Json } from './trace.ts';

// SerpAPI's Google AI Overview (`engine=google`, the `ai_overview` object, or
// `engine=google_ai_overview` for its follow-up page), Google AI Mode (`engine=google_ai_mode`,
// top-level `text_blocks` and `references`) and Microsoft's Bing Copilot (`engine=bing_copilot`:
// a top-level `header`, then `text_blocks` and `references` as AI Mode's): the consumer answer as
// served (surface `product`).
// Blocks name the references they rest on (`reference_indexes`); the references are the sources
// shown with the answer. Neither reports the queries searched, the model or token usage: those are
// recorded as missing. Text is built here so that citation spans are offsets into the stored answer.

export type SerpMode = 'ai-overview' | 'ai-mode' | 'copilot';
const FORMAT: Record<SerpMode, string> = { 'ai-overview': 'serpapi-ai-overview', 'ai-mode': 'serpapi-ai-mode', copilot: 'serpapi-bing-copilot' };

interface Line {
  text: string;
  refs: number[];
}

function linesOf(blocks: unknown[], depth = 0): Line[] {
  const out: Line[] = [];
  for (const block of blocks) {
    // Some list items come as bare strings (seen in Copilot lists): kept as lines without references.
    if (depth > 0 && str(block)) out.push({ text: `- ${block as string}`, refs: [] });
    if (!isObj(block)) continue;
    const refs = (arr(block.reference_indexes) ?? []).filter((i): i is number => num(i) !== null);
    const snippet = str(block.snippet);
    const title = str(block.title);
    if (depth === 0 && snippet) out.push({ text: snippet, refs });
    else if (depth > 0 && (title || snippet)) out.push({ text: `- ${[title, snippet].filter(Boolean).join(': ')}`, refs });
    if (arr(block.list)) out.push(...linesOf(block.list as unknown[], depth + 1));
  }
  return out;
}

/** The answer text and sources of a SerpAPI response, with the trace of what it showed. */
export function serpAnswer(body: unknown, mode: SerpMode): EngineAnswer & { trace: AnswerTrace } {
  let text = '';
  let sources: EngineAnswer['sources'] = [];
  const trace = safely(FORMAT[mode], 'product', (b) => {
    if (!isObj(body)) throw new Error('the body is not an object');
    const holder: Json | null = mode !== 'ai-overview' ? body : isObj(body.ai_overview) ? body.ai_overview : null;
    if (!holder) return b.warn('the results page has no AI overview');
    if (str(holder.error)) b.warn(`the results provider says: ${holder.error as string}`);
    if (mode !== 'ai-overview' && !arr(holder.text_blocks)) b.warn('the answer has no text blocks');
    // Copilot's headline is part of the answer as shown (it may name a brand); it cites nothing.
    const header = mode === 'copilot' && str(holder.header) ? [{ text: holder.header as string, refs: [] }] : [];
    const lines = [...header, ...linesOf(arr(holder.text_blocks) ?? [])];
    text = lines.map((l) => l.text).join('\n');
    const refs = arr(holder.references);
    if (!refs) return b.warn('the answer lists no references');
    b.reported.add('retrieved');
    b.reported.add('cited');
    const byIndex = new Map<number, Json>();
    refs.forEach((r, i) => {
      if (!isObj(r)) return;
      byIndex.set(num(r.index) ?? i, r);
      b.source(r.link, r.title, i + 1, null);
    });
    sources = refs.filter(isObj).flatMap((r) => (str(r.link) ? [{ url: r.link as string, ...(str(r.title) ? { title: r.title as string } : {}) }] : []));
    // Each block cites its references with its own line as the span; references shown but tied to
    // no block are cited without a span.
    let offset = 0;
    const spanned = new Set<Json>();
    for (const line of lines) {
      for (const i of line.refs) {
        const r = byIndex.get(i);
        if (!r) b.warn(`a block points at reference ${i}, which is not listed`);
        else {
          spanned.add(r);
          b.cite(r.link, r.title, { start: offset, end: offset + line.text.length, text: line.text });
        }
      }
      offset += line.text.length + 1;
    }
    for (const r of byIndex.values()) if (!spanned.has(r)) b.cite(r.link, r.title, null);
  });
  return { text, sources, trace };
}

/** AI Overview answers sometimes come back as a token for a second request (`engine=google_ai_overview`). */
export function overviewPageToken(body: unknown): string | null {
  return isObj(body) && isObj(body.ai_overview) && !arr(body.ai_overview.text_blocks) ? str(body.ai_overview.page_token) : null;
}
