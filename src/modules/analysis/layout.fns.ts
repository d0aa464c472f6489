// Where a word sits in an answer's markdown: list item, table cell, heading or prose; at the
// head of its line or cell, at the start of a sentence or in the middle of one; bold or not;
// which words stand before and after it. The mention rules weigh these positions as evidence.

export type LineKind = 'list' | 'table' | 'heading' | 'text' | 'blank';
export interface Line {
  start: number;
  end: number;
  kind: LineKind;
  /** Where the line's content starts, after quote, heading, list or numbering markers. */
  contentStart: number;
  /** Lines of one list or one table share a block number (blank lines inside a list allowed). */
  block: number;
}

const MARKER = /^(\s*(?:>\s*)*)(#{1,6}\s+(?:\d+[.)]\s+)?|(?:[-*+•]|\d+[.)])\s+(?:\[[ xX]\]\s+)?|\|)?/;

export function layoutOf(text: string): Line[] {
  const lines: Line[] = [];
  let at = 0;
  let block = 0;
  let lastKind: LineKind = 'blank';
  for (const raw of text.split('\n')) {
    const m = MARKER.exec(raw)!;
    const marker = m[2] ?? '';
    const kind: LineKind = !raw.trim() ? 'blank' : marker.startsWith('#') ? 'heading' : marker === '|' ? 'table' : marker ? 'list' : 'text';
    if (kind !== 'blank' && kind !== lastKind) block++;
    if (kind !== 'blank') lastKind = kind;
    lines.push({ start: at, end: at + raw.length, kind, contentStart: at + m[0].length, block });
    at += raw.length + 1;
  }
  return lines;
}

export function lineAt(lines: Line[], index: number): Line {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid]!.start <= index) lo = mid;
    else hi = mid - 1;
  }
  return lines[lo]!;
}

export interface Position {
  line: Line;
  /** First words of a list item, heading, table cell or line, markdown emphasis aside. */
  head: boolean;
  /** After the name: a separator (– — : | ( ,), a closing emphasis, or the end of the line. */
  separatorAfter: boolean;
  bold: boolean;
  tableCell: boolean;
  /** First word of a sentence that is not the head of a line. */
  sentenceInitial: boolean;
  prevWords: string[];
  /** The word right after the name (empty when punctuation stands between). */
  nextWord: string;
  /** Up to four words after the name in its sentence. */
  nextWords: string[];
  /** The previous / next word stands right beside the name (one space, no punctuation). */
  prevAdjacent: boolean;
  nextAdjacent: boolean;
  /** Line text before the name, markdown markers aside (for co-listing in a sentence). */
  sentenceText: string;
  /** A capitalised name enumerated with this one ("Kayak, Skyscanner and …"), if any. */
  enumeratedWith: string | null;
}

const LIST_AFTER = /^(?:'s)?(?:\*\*|__)?\s*(?:,|&|\/|\s(?:and|or|vs\.?|y|o|i|et|ou)\s)\s*(?:\*\*|__|\[)?(\p{Lu}[\p{L}\p{N}.]+)/u;
// What stands before a name is read from its end by the scans below, not by patterns anchored
// with $: a pattern like /(\p{Lu}[\p{L}\p{N}.]+)…$/ is retried at every start of a line of an
// answer, quadratic on a long one.
const LIST_WORDS = ['and', 'or', 'vs.', 'vs', 'y', 'o', 'i', 'et', 'ou'];
const isSpace = (c: string) => /^\s$/u.test(c);
const isNameChar = (c: string) => /^[\p{L}\p{N}.]$/u.test(c);
const isWordChar = (c: string) => /^[\p{L}\p{N}'’-]$/u.test(c);
const isLetterOrDigit = (c: string) => /^[\p{L}\p{N}]$/u.test(c);

/** Where the run of code points passing `test` that ends at `end` starts. */
function runStart(s: string, end: number, test: (c: string) => boolean): number {
  let i = end;
  while (i > 0) {
    const low = s.charCodeAt(i - 1);
    const pair = low >= 0xdc00 && low <= 0xdfff && i > 1 && s.charCodeAt(i - 2) >= 0xd800 && s.charCodeAt(i - 2) <= 0xdbff;
    const from = pair ? i - 2 : i - 1;
    if (!test(s.slice(from, i))) break;
    i = from;
  }
  return i;
}

const trimSpaceEnd = (s: string, end: number) => runStart(s, end, isSpace);

/**
 * The capitalised name a list separator before the end of `s` follows ("Kayak, ", "Kayak and
 * **"), or null: /(\p{Lu}[\p{L}\p{N}.]+)(?:\*\*|__|\])?\s*(?:,|&|\/|\s(?:and|or|vs\.?|y|o|i|et|ou))\s*(?:\*\*|__|\[)?$/u
 * read from the end.
 */
export function listNameBefore(s: string): string | null {
  let end = s.endsWith('**') || s.endsWith('__') ? s.length - 2 : s.endsWith('[') ? s.length - 1 : s.length;
  end = trimSpaceEnd(s, end);
  const head = s.slice(0, end);
  if (head.endsWith(',') || head.endsWith('&') || head.endsWith('/')) end -= 1;
  else {
    const word = LIST_WORDS.find((w) => head.endsWith(w) && end > w.length && isSpace(head[end - w.length - 1]!));
    if (!word) return null;
    end -= word.length + 1;
  }
  end = trimSpaceEnd(s, end);
  const name = s.slice(0, end);
  if (name.endsWith('**') || name.endsWith('__')) end -= 2;
  else if (name.endsWith(']')) end -= 1;
  const run = s.slice(runStart(s, end, isNameChar), end);
  // The leftmost capital with at least one name character after it.
  const at = /\p{Lu}[\p{L}\p{N}.]/u.exec(run)?.index;
  return at === undefined ? null : run.slice(at);
}

/**
 * The last word of `s` and where it starts: /([\p{L}\p{N}'’-]+)[^\p{L}\p{N}]*$/u read from the
 * end. The word runs to the last letter or digit (and the apostrophes and hyphens right after
 * it); without a letter or digit, it is the first run of apostrophes and hyphens.
 */
export function wordBefore(s: string): { word: string; index: number } | null {
  const lastEnd = runStart(s, s.length, (c) => !isLetterOrDigit(c));
  let index: number;
  let end: number;
  if (lastEnd > 0) {
    index = runStart(s, lastEnd, isWordChar);
    end = lastEnd;
  } else {
    index = s.search(/['’-]/);
    if (index === -1) return null;
    end = index;
  }
  while (end < s.length && "'’-".includes(s[end]!)) end++;
  return { word: s.slice(index, end), index };
}

/** The position of the word at [start, end) (end includes a possessive ending). */
export function positionOf(text: string, lines: Line[], start: number, end: number): Position {
  const line = lineAt(lines, start);
  let cellStart = line.contentStart;
  let cellEnd = line.end;
  if (line.kind === 'table') {
    cellStart = text.lastIndexOf('|', start - 1) + 1;
    const close = text.indexOf('|', end);
    cellEnd = close === -1 || close > line.end ? line.end : close;
  }
  const before = text.slice(cellStart, start);
  const head = !/[^*_["“‘'(\s]/.test(before);
  const after = text.slice(end, cellEnd);
  const separatorAfter = /^(?:\*\*|__|\]\([^)]*\)|\])?\s*(?:$|[–—:|(,]|-\s|\*\*|\]|\s\()/.test(after);
  const bold = /(?:\*\*|__)$/.test(text.slice(Math.max(0, start - 2), start)) && /^[:.,]?(?:\*\*|__)/.test(after);
  // The sentence so far on this line: after the last . ! ? followed by a space.
  const lineBefore = text.slice(line.contentStart, start);
  const lastStop = Math.max(lineBefore.lastIndexOf('. '), lineBefore.lastIndexOf('! '), lineBefore.lastIndexOf('? '));
  const sentenceBefore = lastStop === -1 ? lineBefore : lineBefore.slice(lastStop + 2);
  const sentenceInitial = !head && sentenceBefore.replace(/[*_["“‘'(\s]/g, '') === '';
  const prevWords: string[] = [];
  let rest = sentenceBefore;
  for (let i = 0; i < 2; i++) {
    const m = wordBefore(rest);
    if (!m) break;
    prevWords.push(m.word);
    rest = rest.slice(0, m.index);
  }
  const stop = after.search(/[.!?](?:\s|$)|\n/);
  const nextWords = [...(stop === -1 ? after : after.slice(0, stop)).replace(/^(?:\*\*|__)/, '').slice(0, 80).matchAll(/[\p{L}\p{N}'’-]+/gu)]
    .slice(0, 4).map((m) => m[0]);
  const nextWord = /^[^\p{L}\p{N}\n|]{0,3}[\p{L}\p{N}]/u.test(after.replace(/^(?:\*\*|__)/, '')) ? nextWords[0] ?? '' : '';
  return {
    prevAdjacent: /[\p{L}\p{N}] $/u.test(sentenceBefore), nextAdjacent: /^ [\p{L}\p{N}]/u.test(after),
    line, head, separatorAfter, bold, tableCell: line.kind === 'table', sentenceInitial, prevWords, nextWord, nextWords,
    sentenceText: sentenceBefore + text.slice(start, stop === -1 ? cellEnd : end + stop),
    enumeratedWith: LIST_AFTER.exec(after)?.[1] ?? listNameBefore(sentenceBefore),
  };
}
