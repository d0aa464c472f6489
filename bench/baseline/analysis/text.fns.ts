// Text helpers for analysis: folding that keeps offsets, URL spans, sentences.

/**
 * Lowercase without accents, with a map from each folded index back to the original index
 * (`offsets: null` means the identity, the common ASCII case, which costs one toLowerCase).
 */
export function foldWithOffsets(text: string): { folded: string; offsets: number[] | null } {
  if (/^[\x00-\x7f]*$/.test(text)) return { folded: text.toLowerCase(), offsets: null };
  let folded = '';
  const offsets: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      folded += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : text[i];
      offsets.push(i);
      continue;
    }
    let c = text[i]!;
    if (c === '\u2019' || c === '\u2018') c = "'";
    const piece = c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (const p of piece) {
      folded += p;
      offsets.push(i);
    }
  }
  return { folded, offsets };
}

// Names, aliases and lexicon words repeat across answers: fold each once.
const folds = new Map<string, string>();
export function fold(text: string): string {
  let out = folds.get(text);
  if (out === undefined) {
    out = foldWithOffsets(text).folded;
    if (text.length <= 200) {
      if (folds.size > 50_000) folds.clear();
      folds.set(text, out);
    }
  }
  return out;
}

export const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

// http(s) URLs and www. hosts, up to whitespace or a closing bracket/quote.
const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>()"'\]\[]+/giu;

export interface UrlSpan {
  url: string;
  start: number;
  end: number;
}

/** Every URL in the text with its span; trailing punctuation is not part of a URL. */
export function urlSpans(text: string): UrlSpan[] {
  const spans: UrlSpan[] = [];
  for (const m of text.matchAll(URL_RE)) {
    const url = m[0].replace(/[.,;:!?*_]+$/, '');
    spans.push({ url, start: m.index!, end: m.index! + url.length });
  }
  return spans;
}

export function hostOf(url: string): string | null {
  try {
    return new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
}

export interface Sentence {
  text: string;
  start: number;
  end: number;
}

/**
 * Sentences for sentiment: split at . ! ? followed by space, at line breaks (list items and table
 * rows are sentences of their own) and at table cell borders.
 */
export function sentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  const re = /[^\n.!?|]+(?:[.!?]+(?=\s|$)|[.!?](?=\S)[^\n.!?|]*)*[.!?]*/g;
  for (const m of text.matchAll(re)) {
    const raw = m[0];
    const trimmed = raw.trim();
    if (!trimmed || /^[-:\s|*#>]+$/.test(trimmed)) continue;
    const start = m.index! + raw.indexOf(trimmed);
    out.push({ text: trimmed, start, end: start + trimmed.length });
  }
  return out;
}
