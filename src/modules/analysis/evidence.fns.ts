import {
  ARTICLES, AUXILIARIES, BRAND_VERBS, DETERMINERS, OBJECT_STARTERS, PRODUCT_SUFFIXES, SKIP_BEFORE_VERB, TIME_NOUNS,
  TIME_PREPOSITIONS, VERB_CUES,
  categoryWordOf, isCalendarWord, isOrdinaryIn, type Language,
} from './lexicon.fns.ts';
import type { Position } from './layout.fns.ts';
import { fold } from './text.fns.ts';

// Whether one occurrence of an ambiguous name (a common word) names the entity, from layered
// evidence: each signal adds or takes away weight and is named in the result, so every
// decision can be read back. A match counts when its weight reaches THRESHOLD.
//
// Weights: a signal that alone makes a proper name of a common word (a capital in mid-sentence,
// the head of a list item or table cell, the domain or full name elsewhere in the answer) is
// worth 3; company (a category word, other brands in the same list or sentence) 2; weak hints
// (first word of a sentence, a product verb after it) 1. Against: lowercase use -4, a verb or
// date reading -3 (-5 for a weekday or month in temporal company), an article or adjective before it -1/-2, an ordinary word of the answer's
// language -1, a weekday or month -2 more.

export const THRESHOLD = 2;

export const WEIGHTS = {
  'domain-in-answer': 3, 'full-name-in-answer': 3, 'alias-in-answer': 3, 'named-in-prompt': 2,
  'list-head': 3, 'table-cell': 3, 'heading': 3, 'bold': 2, 'capitalised-mid-sentence': 3, 'sentence-start': 1,
  'opening-words': 1, 'short-sentence': 1, 'alone-in-sentence': 3, 'subject-of-verb': 2, 'verb-after': 1, 'brand-verb': 1,
  'category': 2, 'prompt-topic': 1, 'co-listed-with': 2, 'versus': 1, 'market-context': 1,
  'lowercase': -4, 'ordinary-word': -1, 'calendar-word': -2, 'temporal-context': -5, 'determiner-before': -2,
  'article-before': -1, 'adjective-before': -2, 'part-of-longer-name': -3, 'verb-use': -3,
} as const;
export type Signal = keyof typeof WEIGHTS;

export interface AnswerSupport {
  /** Answer-wide support: the entity's domain, full name or a distinctive alias appears. */
  answerWide: string[];
  language: Language;
  industryWords: Set<string>;
  promptWords: Set<string>;
}

export interface Candidate {
  /** The name as configured and as written. */
  configured: string;
  matched: string;
  position: Position;
  /** Offset of the match from the start of the answer's text (0 = first word). */
  start: number;
  /** Other entities' names in the same list, table or sentence. */
  coListed: string[];
  /** Capitalised words that belong to tracked names ("Acme" in "Acme Monday"): not a longer name. */
  trackedWords: Set<string>;
}

const SUBJECT_VERBS = new Set([...BRAND_VERBS, ...['is', 'was', 'has', 'remains', 'offers', 'es', 'tiene', 'sigue', 'te', 'segueix', 'est', 'a', 'reste', 'ha']]);
const VERSUS = new Set(['vs', 'versus', 'contra', 'face', 'or', 'and', 'o', 'y', 'i', 'ou', 'et']);
const isCapitalised = (w: string) => /^\p{Lu}/u.test(w);

/** The signals one candidate carries, each with its weight's name. */
export function signalsOf(c: Candidate, support: AnswerSupport): string[] {
  const out: string[] = [...support.answerWide];
  const p = c.position;
  const name = fold(c.configured);
  const configuredLower = c.configured === c.configured.toLowerCase();
  const lowercase = !configuredLower && c.matched === c.matched.toLowerCase();
  const capitalised = !lowercase;
  const [prev = '', prev2 = ''] = p.prevWords.map((w) => fold(w));
  const next = fold(p.nextWord);
  const sentenceTokens = fold(p.sentenceText).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

  if (lowercase) out.push('lowercase');
  if (isOrdinaryIn(name, support.language)) out.push('ordinary-word');
  const calendar = isCalendarWord(name);
  if (calendar) out.push('calendar-word');
  if ((calendar && TIME_PREPOSITIONS.has(prev)) || TIME_NOUNS.has(next)) out.push('temporal-context');
  // The verb after a subject, past adverbs and clitics ("Slack now has", "Loom ho permet").
  const verb = p.nextWords.map((w) => fold(w)).find((w) => !SKIP_BEFORE_VERB.has(w)) ?? '';
  const subjectSlot = p.sentenceInitial || (p.head && !p.separatorAfter);
  if (capitalised) {
    if (p.line.kind === 'table' && p.head) out.push('table-cell');
    // A label at the head of a list item or paragraph: "- **Bear** – …", "**Notion:** …", "Kit — …".
    else if ((p.line.kind === 'list' || p.line.kind === 'text') && p.head && p.separatorAfter && p.nextWord !== '') out.push('list-head');
    else if (p.line.kind === 'heading' && p.head) out.push('heading');
    else if (p.bold) out.push('bold');
    if (!p.head && !p.sentenceInitial) out.push('capitalised-mid-sentence');
    if (p.sentenceInitial || (p.head && !p.separatorAfter && p.line.kind !== 'table')) out.push('sentence-start');
    if (c.start < 3 || (p.head && p.line.start === 0)) out.push('opening-words');
    if (sentenceTokens.length <= 1 && !p.tableCell && !p.head) out.push('alone-in-sentence');
    else if (sentenceTokens.length <= 4) out.push('short-sentence');
    if (subjectSlot && (SUBJECT_VERBS.has(verb) || AUXILIARIES.has(verb) || /^n'/.test(verb))) out.push('subject-of-verb');
    else if (BRAND_VERBS.has(verb)) out.push('brand-verb');
    // English third person: "Basecamp keeps", "Loom embeds" (a bare common noun rarely starts a sentence).
    // (Not a label such as "Next steps:", a noun phrase.)
    else if (subjectSlot && support.language === 'en' && /^[a-z]{3,}[^s]s$/.test(verb) && !fold(p.sentenceText).includes(`${verb}:`)) {
      out.push('verb-after');
    }
  }
  if (DETERMINERS.has(prev)) out.push('determiner-before');
  else if (ARTICLES.has(prev)) out.push('article-before');
  // English puts adjectives before the noun ("a blank canvas"); es/ca/fr put the name after it.
  else if (support.language === 'en' && prev && !isCapitalised(p.prevWords[0]!) && (DETERMINERS.has(prev2) || ARTICLES.has(prev2))) {
    out.push('adjective-before');
  }
  if ((VERB_CUES.has(prev) || subjectSlot) && OBJECT_STARTERS.has(next)) out.push('verb-use');
  if (capitalised && p.line.kind !== 'heading' && !p.head && !p.sentenceInitial) {
    const before = p.prevWords[0] ?? '';
    const beforeIsProper = p.prevAdjacent && isCapitalised(before) && p.prevWords.length > 1 && !c.trackedWords.has(fold(before));
    const after = p.nextWord;
    const afterIsProper = p.nextAdjacent && isCapitalised(after) && after !== after.toUpperCase() && !PRODUCT_SUFFIXES.has(next) && !c.trackedWords.has(next)
      && !categoryWordOf(next, support.industryWords);
    if (beforeIsProper || afterIsProper) out.push('part-of-longer-name');
  }
  if (VERSUS.has(prev) && c.coListed.length) out.push('versus');
  for (const other of c.coListed.slice(0, 2)) out.push(`co-listed-with:${other}`);
  // Known brands that are not tracked: a capitalised name enumerated with it ("Kayak, Skyscanner").
  if (!c.coListed.length && p.enumeratedWith && capitalised) out.push(`co-listed-with:${p.enumeratedWith}`);
  const category = sentenceTokens.map((t) => (t === name ? null : categoryWordOf(t, support.industryWords))).find(Boolean);
  if (category) out.push(`category:${category}`);
  else {
    const topic = sentenceTokens.find((t) => t !== name && support.promptWords.has(t));
    if (topic) out.push(`prompt-topic:${topic}`);
  }
  return out;
}

export function weightOf(signal: string): number {
  const key = signal.includes(':') ? signal.slice(0, signal.indexOf(':')) : signal;
  return (WEIGHTS as Record<string, number>)[key] ?? 0;
}

/** Counted or not, with the signals that decided it. Co-listing counts once however many. */
export function decide(signals: string[]): { counted: boolean; score: number } {
  let score = 0;
  let coListed = false;
  for (const s of signals) {
    if (s.startsWith('co-listed-with:')) {
      if (coListed) continue;
      coListed = true;
    }
    score += weightOf(s);
  }
  return { counted: score >= THRESHOLD, score };
}
