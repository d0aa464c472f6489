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
 * Sentences for sentiment: line breaks (list items and table rows are sentences of their own) and
 * table cell borders cut first; within each piece, Unicode's sentence boundaries (UAX #29 through
 * ICU's `Intl.Segmenter`: 。！？ and ¿¡ too, no cut before a lower-case word, "4.5" and "acme.com"
 * kept whole), less the cuts ICU makes after an abbreviation or inside a word (sentenceCuts).
 */
export function sentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  for (const [pieceFrom, pieceTo] of pieceRanges(text)) {
    for (const [from, to] of sentenceCuts(text, pieceFrom, pieceTo)) {
      // A sentence starts after any stops left over from the one before ("...and Acme").
      let lead = from;
      while (lead < to && (isStop(text[lead]) || /\s/.test(text[lead]!))) lead++;
      const raw = text.slice(lead, to);
      const trimmed = raw.trimEnd();
      if (!trimmed || /^[-:\s|*#>]+$/.test(trimmed) || /^[\s\p{Sentence_Terminal}]+$/u.test(trimmed)) continue;
      out.push({ text: trimmed, start: lead, end: lead + trimmed.length });
    }
  }
  return out;
}

const isStop = (c: string | undefined) => c === '.' || c === '!' || c === '?';
const isBreak = (c: string | undefined) => c === '\n' || c === '|';

/** The pieces between line breaks and table borders, one scan. */
function pieceRanges(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (isBreak(text[i])) { i++; continue; }
    const from = i;
    while (i < n && !isBreak(text[i])) i++;
    out.push([from, i]);
  }
  return out;
}

// V8 ignores the `-u-ss-standard` locale key (ICU's own abbreviation suppressions), and ICU's
// sentence rules do not depend on the language otherwise: one segmenter serves every answer.
const SEGMENTER = new Intl.Segmenter('en', { granularity: 'sentence' });
const TERMINAL = /\p{Sentence_Terminal}/u;

// Words that an answer ends with a full stop inside a sentence ("Dr. Smith", "Acme vs. Globex",
// "p. ej. Acme", "Sra. López"), lower-case, without their stop. Not "etc.", "Inc." or "Ltd.",
// which end sentences as often as not.
const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'mt', 'vs', 'cf', 'approx', 'no', 'nos', 'fig', 'vol', 'ca', // en
  'sr', 'sra', 'srta', 'dra', 'núm', 'pág', 'aprox', 'ej', 'ex', 'mme', 'mlle', 'env', // es, ca, fr
]);
// An initialism ("U.S.", "e.g.", "i.e.", "p.ej.") or a single capital initial ("John F. Kennedy", "M. Dupont").
// bounded: matched against at most the last 12 characters of a sentence (runsOn).
const INITIALS = /(?:^|[^\p{L}])(?:(?:\p{L}\.){2,}|\p{Lu}\.)$/u;
const ABBREVIATION_END = /(?:^|[^\p{L}])(\p{L}+)\.$/u;

/** Whether the sentence ICU ended at `end` (trailing white space included) should run on. */
function runsOn(text: string, from: number, end: number): boolean {
  const before = text[end - 1]!;
  // "?x=1" in a URL, "Acme!Globex": an ASCII stop with no space after it ends no sentence.
  if (isStop(before) && !/\s/.test(text[end] ?? ' ')) return true;
  let last = end;
  while (last > from && /\s/.test(text[last - 1]!)) last--;
  if (text[last - 1] !== '.') return false;
  const tail = text.slice(Math.max(from, last - 12), last);
  if (INITIALS.test(tail)) return true;
  const word = ABBREVIATION_END.exec(tail)?.[1];
  return word !== undefined && ABBREVIATIONS.has(word.toLowerCase());
}

/** The sentence ranges of one piece: ICU's boundaries, each kept only where a sentence ends. */
function sentenceCuts(text: string, from: number, to: number): Array<[number, number]> {
  const piece = text.slice(from, to);
  // Most list items and table cells hold no terminal punctuation: one sentence, no segmenter.
  if (!TERMINAL.test(piece)) return [[from, to]];
  const out: Array<[number, number]> = [];
  let start = from;
  for (const { index, segment } of SEGMENTER.segment(piece)) {
    const end = from + index + segment.length;
    if (end < to && runsOn(text, start, end)) continue;
    out.push([start, end]);
    start = end;
  }
  return out;
}
