import { arr, isObj, num, safely, str, usageFrom, type AnswerTrace } from './trace.ts';

// Gemini `generateContent` with Google Search grounding: the first candidate's `groundingMetadata`
// has `webSearchQueries` (the fan-out), `groundingChunks[] {web: {uri, title, domain?}}` (the pages
// read, in order) and `groundingSupports[] {segment {startIndex, endIndex, text},
// groundingChunkIndices}` (which chunks support which span: those chunks are the cited ones).
// `uri` is usually a vertexaisearch redirect; the page's domain is then its `domain` or `title`.
// Offsets are in bytes of the UTF-8 text; we convert them to string offsets.

export function parseGemini(body: unknown): AnswerTrace {
  return safely('gemini-generate-content', 'api', (b) => {
    if (!isObj(body)) throw new Error('the body is not an object');
    b.modelVersion = str(body.modelVersion);
    b.usage = usageFrom(body.usageMetadata, { input: 'promptTokenCount', output: 'candidatesTokenCount', total: 'totalTokenCount' });
    const candidate = arr(body.candidates)?.[0];
    if (!isObj(candidate)) throw new Error('no candidate');
    const parts = isObj(candidate.content) ? arr(candidate.content.parts) ?? [] : [];
    const text = parts.map((p) => (isObj(p) && typeof p.text === 'string' && !p.thought ? p.text : '')).join('');
    const meta = candidate.groundingMetadata;
    if (!isObj(meta)) return b.warn('the answer carries no grounding metadata (no search was run)');
    const queries = arr(meta.webSearchQueries);
    if (queries) {
      b.reported.add('queries');
      for (const q of queries) b.query(q);
    }
    const chunks = arr(meta.groundingChunks);
    if (chunks) b.reported.add('retrieved');
    const web = (chunks ?? []).map((c) => (isObj(c) && isObj(c.web) ? c.web : null));
    web.forEach((w, i) => (w ? b.source(w.uri, w.title, i + 1, null, w.domain ?? w.title) : b.warn(`grounding chunk ${i} is not a web chunk`)));
    const supports = arr(meta.groundingSupports);
    if (!supports) return;
    b.reported.add('cited');
    const bytes = Buffer.from(text, 'utf8');
    for (const s of supports) {
      if (!isObj(s)) continue;
      const seg = isObj(s.segment) ? s.segment : {};
      const span = spanOf(text, bytes, num(seg.startIndex) ?? 0, num(seg.endIndex), str(seg.text));
      for (const idx of arr(s.groundingChunkIndices) ?? []) {
        const w = typeof idx === 'number' ? web[idx] : null;
        if (!w) b.warn(`a grounding support points at chunk ${String(idx)}, which does not exist`);
        else b.cite(w.uri, w.title, span, w.domain ?? w.title);
      }
    }
  });
}

function spanOf(text: string, bytes: Buffer, startByte: number, endByte: number | null, segText: string | null) {
  if (endByte === null || startByte < 0 || endByte < startByte || endByte > bytes.length) {
    // Offsets unusable: place the segment by its text when it occurs in the answer, else no span.
    const at = segText ? text.indexOf(segText) : -1;
    return segText && at >= 0 ? { start: at, end: at + segText.length, text: segText } : null;
  }
  const start = bytes.subarray(0, startByte).toString('utf8').length;
  const segment = bytes.subarray(startByte, endByte).toString('utf8');
  return { start, end: start + segment.length, text: segment };
}
