// Text helpers for analysis: folding that keeps offsets, URL spans, sentences.
import { trimEndOf } from '../../lib/text/trim.ts';

// One non-ASCII character folded: curly quotes to ', the Catalan middle dot dropped (l·l, ŀl and
// ll fold alike), accents stripped, lowercase. Cached: answers reuse a few dozen such characters.
const pieces = new Map<string, string>();
function foldChar(c: string): string {
  if (c === '\u2019' || c === '\u2018') return "'";
  if (c === '\u00b7' || c === '\u2027') return '';
  if (c === '\u0140') return 'l';
  return c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Lowercase without accents, with a map from each folded index back to the original index
 * (`offsets: null` means the identity, the common ASCII case, which costs one toLowerCase).
 */
export function foldWithOffsets(text: string): { folded: string; offsets: number[] | null } {
  // The mentions and the sentiment fold the same answer one after the other: the second is
  // served from here (the result is only read, never changed, by its callers).
  if (text === last.text) return last.result;
  last.result = foldText(text);
  last.text = text;
  return last.result;
}
const last: { text: string | null; result: { folded: string; offsets: number[] | null } } = { text: null, result: { folded: '', offsets: null } };

function foldText(text: string): { folded: string; offsets: number[] | null } {
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
    const c = text[i]!;
    let piece = pieces.get(c);
    if (piece === undefined) {
      piece = foldChar(c);
      if (pieces.size > 5_000) pieces.clear();
      pieces.set(c, piece);
    }
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
  // A short ASCII word (most lookups) folds by toLowerCase, cheaper than hashing it for the cache.
  if (text.length <= 32) {
    let ascii = true;
    for (let i = 0; i < text.length && ascii; i++) ascii = text.charCodeAt(i) < 0x80;
    if (ascii) return text.toLowerCase();
  }
  let out = folds.get(text);
  if (out === undefined) {
    // Not through foldWithOffsets: a sentence folded here would take the answer's place in its slot.
    out = foldText(text).folded;
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
  // Most answers have no URL in their text: two literal searches instead of the pattern's scan.
  if (!text.includes('://') && !/www\./i.test(text)) return spans;
  for (const m of text.matchAll(URL_RE)) {
    const url = trimEndOf(m[0], '.,;:!?*_');
    spans.push({ url, start: m.index!, end: m.index! + url.length });
  }
  return spans;
}

// Linear on any answer, which is untrusted: a fence is its whole run of ``` or ~~~ ((?!`),
// (?!~)), so a fence line without a line feed after it fails once, not once per shorter run; a
// fence opens only after a line feed ((?<![^\n]), where ^ also took a lone CR, so each "~~~\r"
// rescanned the rest of the text for a line feed); an inline span starts where a run of
// backticks starts ((?<!`)): from inside a run it fails or succeeds as from the run's start.
const CODE_SPAN = /(?<![^\n]) {0,3}(```+(?!`)|~~~+(?!~))[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\n]*$|(?![\s\S]))|(?<!`)`+[^`\n]+`+/gm;

/** Fenced code blocks and inline code: URLs there are examples, not sources. */
export function codeSpans(text: string): Array<{ start: number; end: number }> {
  if (!text.includes('`') && !text.includes('~~~')) return [];
  const spans: Array<{ start: number; end: number }> = [];
  for (const m of text.matchAll(CODE_SPAN)) {
    spans.push({ start: m.index!, end: m.index! + m[0].length });
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
  for (const [from, to] of sentenceRanges(text)) {
    const raw = text.slice(from, to);
    const trimmed = raw.trim();
    if (!trimmed || /^[-:\s|*#>]+$/.test(trimmed)) continue;
    const start = from + raw.indexOf(trimmed);
    out.push({ text: trimmed, start, end: start + trimmed.length });
  }
  return out;
}

const isStop = (c: string | undefined) => c === '.' || c === '!' || c === '?';
const isBreak = (c: string | undefined) => c === '\n' || c === '|';

/**
 * The raw sentence ranges, one scan. A sentence starts at a character that is neither a stop
 * (. ! ?) nor a break (line break, table border) and runs to the next break, or to the end of a
 * run of stops followed by white space or the end. A run of stops followed by anything else
 * ("4.5", "acme.com", "?!x") stays inside the sentence. A loop, not a pattern: the pattern
 * retried every stop of a run against the rest of it, quadratic on "a" + "." × n + "x".
 */
function sentenceRanges(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (isStop(text[i]) || isBreak(text[i])) { i++; continue; }
    const from = i;
    while (i < n && !isStop(text[i]) && !isBreak(text[i])) i++;
    while (isStop(text[i])) {
      while (isStop(text[i])) i++;
      if (i === n || /\s/.test(text[i]!)) break;
      while (i < n && !isStop(text[i]) && !isBreak(text[i])) i++;
    }
    out.push([from, i]);
  }
  return out;
}
