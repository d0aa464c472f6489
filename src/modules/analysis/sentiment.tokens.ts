import { foldWithOffsets } from './text.fns.ts';

// One pass over an answer: folded words with their original spans, entity mentions collapsed into
// one token each, and the sentence structure the sentiment rules need (sentences, clauses'
// punctuation, paragraphs, headings, list items and table rows).

export const T = { WORD: 0, ENTITY: 1, SOFT: 2, HARD: 3 } as const;
export type TokenType = (typeof T)[keyof typeof T];

export interface Span { start: number; end: number }
export interface EntitySpans { id: string; spans: Span[] }

export interface Tokens {
  text: string[];
  type: TokenType[];
  /** entity index (into the mentions given) for ENTITY tokens, -1 otherwise */
  entity: number[];
  start: number[];
  end: number[];
}

export type LineKind = 'plain' | 'heading' | 'list' | 'table';
export interface SentenceInfo {
  from: number;
  to: number;
  line: number;
  lineKind: LineKind;
  indent: number;
  /** first sentence of its line */
  lineStart: boolean;
  /** a blank line before it */
  paragraphStart: boolean;
}

const PUNCTUATION = new Set([',', ':', '|', '(', ')', '\u2013', '\u2014', '-']);
// A run of stops is a token only from its first stop ((?<![.!?])): whether it is one depends on
// what follows the run, the same from any stop in it, and retrying each was quadratic on "…x".
export const TOKEN_RE = /\n|[\p{L}\p{N}]+(?:·[\p{L}\p{N}]+)*|(?<![.!?])[.!?]+(?=\s|$|[*_)"'\]])|[,:|()\u2013\u2014]|;|(?<=\s)-(?=\s)/gu;

function lineKindAt(folded: string, at: number): { kind: LineKind; indent: number } {
  let i = at;
  while (folded[i] === ' ' || folded[i] === '\t') i++;
  const indent = i - at;
  const c = folded[i];
  if (c === '#') return { kind: 'heading', indent };
  if (c === '|') return { kind: 'table', indent };
  if ((c === '-' || c === '*' || c === '+') && folded[i + 1] === ' ') return { kind: 'list', indent };
  if (c !== undefined && c >= '0' && c <= '9' && /^\d+[.)]\s/.test(folded.slice(i, i + 5))) return { kind: 'list', indent };
  return { kind: 'plain', indent };
}

export function tokenize(answer: string, mentions: EntitySpans[]): { tokens: Tokens; sentences: SentenceInfo[] } {
  const { folded, offsets } = foldWithOffsets(answer);
  const orig = (i: number) => (offsets ? (offsets[i] ?? answer.length) : i);
  // Mention spans in text order; where two overlap, the earlier (then longer) one wins.
  const marks: Array<{ start: number; end: number; entity: number }> = [];
  mentions.forEach((m, entity) => {
    for (const s of m.spans) marks.push({ start: s.start, end: s.end, entity });
  });
  marks.sort((a, b) => a.start - b.start || b.end - a.end);

  const tokens: Tokens = { text: [], type: [], entity: [], start: [], end: [] };
  const sentences: SentenceInfo[] = [];
  let mark = 0;
  let lastMark = -1;
  let line = 0;
  let newlines = 0;
  let sentenceFrom = 0;
  let lineInfo = lineKindAt(folded, 0);
  let lineStart = true;
  let paragraphStart = true;
  const close = () => {
    const to = tokens.text.length;
    if (to > sentenceFrom) {
      sentences.push({ from: sentenceFrom, to, line, lineKind: lineInfo.kind, indent: lineInfo.indent, lineStart, paragraphStart });
      lineStart = false;
      paragraphStart = false;
    }
    sentenceFrom = to;
  };
  const push = (text: string, type: TokenType, entity: number, from: number, to: number) => {
    tokens.text.push(text);
    tokens.type.push(type);
    tokens.entity.push(entity);
    tokens.start.push(orig(from));
    tokens.end.push(orig(to - 1) + 1);
  };

  TOKEN_RE.lastIndex = 0;
  for (let m = TOKEN_RE.exec(folded); m; m = TOKEN_RE.exec(folded)) {
    const raw = m[0];
    const at = m.index;
    const c = raw.charCodeAt(0);
    if (raw === '\n') {
      close();
      line++;
      if (++newlines >= 2) paragraphStart = true;
      lineInfo = lineKindAt(folded, at + 1);
      lineStart = true;
      continue;
    }
    newlines = 0;
    if (c === 46 || c === 33 || c === 63) { // . ! ?
      // Not after the number that opens a line ("1. **Acme**", "### 2. Globex") nor inside a table row.
      const numbered = tokens.text.length === sentenceFrom + 1 && lineStart && /^\d+$/.test(tokens.text[sentenceFrom]!);
      if (lineInfo.kind !== 'table' && !numbered) close();
      continue;
    }
    if (raw === ';') {
      push(raw, T.HARD, -1, at, at + 1);
      continue;
    }
    if (raw.length === 1 && PUNCTUATION.has(raw)) {
      push(raw, T.SOFT, -1, at, at + 1);
      continue;
    }
    const start = orig(at);
    while (mark < marks.length && marks[mark]!.end <= start) mark++;
    const hit = marks[mark];
    if (hit && start >= hit.start && start < hit.end) {
      if (lastMark !== mark) push(raw, T.ENTITY, hit.entity, at, at + raw.length);
      else tokens.end[tokens.end.length - 1] = orig(at + raw.length - 1) + 1;
      lastMark = mark;
      continue;
    }
    // "isn't" → "is" "not"; French and Catalan elisions (l', d', n') stay words of their own.
    if (folded[at + raw.length] === "'" && folded[at + raw.length + 1] === 't' && raw.endsWith('n') && raw.length > 2) {
      push(raw.slice(0, -1), T.WORD, -1, at, at + raw.length - 1);
      push('not', T.WORD, -1, at + raw.length - 1, at + raw.length + 2);
      TOKEN_RE.lastIndex = at + raw.length + 2;
      continue;
    }
    push(raw, T.WORD, -1, at, at + raw.length);
  }
  close();
  return { tokens, sentences };
}

/** The sentence holds nothing but entity names, numbers and punctuation. */
export function onlyNames(tokens: Tokens, s: SentenceInfo): boolean {
  for (let i = s.from; i < s.to; i++) {
    if (tokens.type[i] === T.WORD && !/^\d+$/.test(tokens.text[i]!)) return false;
  }
  return true;
}

/** +1 for a line that is only "Pros:"/"Ventajas:"…, −1 for "Cons:"/"Inconvénients:"…, else 0. */
export function frameOf(tokens: Tokens, s: SentenceInfo, lex: { frames: Map<string, number> }): number {
  if (s.to - s.from > 6) return 0;
  let key = '';
  for (let i = s.from; i < s.to; i++) {
    if (tokens.type[i] === T.WORD) key += key ? ` ${tokens.text[i]}` : tokens.text[i];
    else if (tokens.type[i] !== T.SOFT) return 0;
  }
  return lex.frames.get(key) ?? 0;
}

/**
 * A line that opens with a frame and a colon ("**Cons:** Apple only", "- Pros: free"): the frame's
 * sign and where the framed words start; null for any other sentence.
 */
export function inlineFrameOf(tokens: Tokens, s: SentenceInfo, lex: { frames: Map<string, number> }): { sign: number; from: number } | null {
  if (!s.lineStart) return null;
  let key = '';
  for (let i = s.from, words = 0; i < s.to && words <= 3; i++) {
    if (tokens.type[i] === T.WORD) {
      key += key ? ` ${tokens.text[i]}` : tokens.text[i];
      words++;
    } else if (tokens.type[i] !== T.SOFT) return null;
    else if (tokens.text[i] === ':') {
      const sign = lex.frames.get(key);
      return sign && i + 1 < s.to ? { sign, from: i + 1 } : null;
    }
  }
  return null;
}

/** The cells of a table row, as token ranges with their column index. */
export function cells(tokens: Tokens, s: SentenceInfo): Array<SentenceInfo & { index: number }> {
  const out: Array<SentenceInfo & { index: number }> = [];
  let index = -1;
  let from = s.from;
  for (let i = s.from; i <= s.to; i++) {
    if (i === s.to || (tokens.type[i] === T.SOFT && tokens.text[i] === '|')) {
      if (index >= 0 && i > from) out.push({ ...s, from, to: i, index });
      index++;
      from = i + 1;
    }
  }
  return out;
}

/** Entities of a header row by column, when at least two columns name one; else null. */
export function headerColumns(tokens: Tokens, s: SentenceInfo): number[][] | null {
  const columns: number[][] = [];
  let named = 0;
  for (const cell of cells(tokens, s)) {
    const entities: number[] = [];
    for (let i = cell.from; i < cell.to; i++) if (tokens.type[i] === T.ENTITY && !entities.includes(tokens.entity[i]!)) entities.push(tokens.entity[i]!);
    columns[cell.index] = entities;
    if (entities.length) named++;
  }
  return named >= 2 ? columns : null;
}
