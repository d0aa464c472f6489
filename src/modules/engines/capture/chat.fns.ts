import { arr, isObj, num, safely, str, usageFrom, type AnswerTrace, type Surface, type TraceBuilder } from './trace.ts';

// Chat-completions answers with sources: Perplexity's Sonar (`search_results[] {title, url, date}`,
// the older `citations[]` URL list, and `[n]` markers in the text that point at the n-th result),
// and OpenAI-compatible servers, which may add OpenAI's `message.annotations[]` of type
// `url_citation` (with `start_index`/`end_index`) or Perplexity-style lists. Neither reports the
// queries it searched: they are recorded as missing.

const MARKER = /\[(\d{1,3})\]/g;

export function parseChatCompletions(body: unknown, format = 'openai-chat', surface: Surface = 'api'): AnswerTrace {
  return safely(format, surface, (b) => {
    if (!isObj(body)) throw new Error('the body is not an object');
    b.modelVersion = str(body.model);
    const usage = isObj(body.usage) ? body.usage : null;
    b.usage = usageFrom(usage, { input: 'prompt_tokens', output: 'completion_tokens', total: 'total_tokens', searches: usage ? num(usage.num_search_queries) : null });
    const choice = arr(body.choices)?.[0];
    const message = isObj(choice) && isObj(choice.message) ? choice.message : null;
    if (!message) b.warn('the answer has no message');
    const text = message && typeof message.content === 'string' ? message.content : '';
    // The numbered list the text's [n] markers refer to: search_results, else citations.
    const results = arr(body.search_results);
    const flat = arr(body.citations);
    const numbered: Array<{ url: unknown; title: unknown }> = results
      ? results.map((r) => (isObj(r) ? { url: r.url, title: r.title } : { url: null, title: null }))
      : (flat ?? []).map((c) => ({ url: c, title: null }));
    if (results || flat) {
      b.reported.add('retrieved');
      numbered.forEach((r, i) => b.source(r.url, r.title, i + 1, null));
    }
    const annotations = message ? arr(message.annotations) : null;
    if (annotations) {
      b.reported.add('cited');
      for (const a of annotations) {
        const c = isObj(a) && a.type === 'url_citation' ? (isObj(a.url_citation) ? a.url_citation : a) : null;
        if (c) b.cite(c.url, c.title, spanOf(text, num(c.start_index), num(c.end_index)));
      }
    }
    if (numbered.length) citeMarkers(b, text, numbered);
  });
}

/**
 * `[n]` markers cite the n-th listed result; the span is the sentence part before the marker, up
 * to the markers and white space right before it ("Fast [1] [2]": both cite "Fast"). One pass:
 * the answer's text is untrusted and may hold thousands of markers, so nothing here scans back
 * over the whole text for each marker.
 */
function citeMarkers(b: TraceBuilder, text: string, numbered: Array<{ url: unknown; title: unknown }>) {
  let any = false;
  let prevEnd = -1;
  let prevBeforeEnd = 0;
  // Where the last ". " and line break before `seen` are.
  let seen = 0;
  let lastDot = -1;
  let lastBreak = -1;
  for (const m of text.matchAll(MARKER)) {
    const at = m.index;
    // Only white space since the previous marker: the same sentence part as that marker's.
    let beforeEnd = prevEnd >= 0 && isSpace(text, prevEnd, at) ? prevBeforeEnd : at;
    if (beforeEnd === at) while (beforeEnd > 0 && /\s/.test(text[beforeEnd - 1]!)) beforeEnd--;
    prevEnd = at + m[0].length;
    prevBeforeEnd = beforeEnd;
    for (; seen < beforeEnd; seen++) {
      if (text[seen] === '\n') lastBreak = seen;
      if (seen > 0 && text[seen - 1] === '.' && text[seen] === ' ') lastDot = seen - 1;
    }
    const n = Number(m[1]);
    const ref = numbered[n - 1];
    if (!ref) {
      b.warn(`the text cites [${n}], which is not in the source list of ${numbered.length}`);
      continue;
    }
    any = true;
    const start = Math.max(lastDot < 0 ? 0 : lastDot + 2, lastBreak + 1);
    b.cite(ref.url, ref.title, beforeEnd > start ? { start, end: beforeEnd, text: text.slice(start, beforeEnd) } : null);
  }
  if (any) b.reported.add('cited');
  else if (!b.reported.has('cited')) b.warn('the text has no [n] markers: which listed sources the answer used is not reported');
}

/** Whether text[from, to) is all white space. */
function isSpace(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!/\s/.test(text[i]!)) return false;
  return true;
}

function spanOf(text: string, start: number | null, end: number | null) {
  if (start === null || end === null || start < 0 || end < start || end > text.length) return null;
  return { start, end, text: text.slice(start, end) };
}
