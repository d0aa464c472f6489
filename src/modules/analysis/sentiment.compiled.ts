import * as L from './sentiment.lexicon.ts';
import { fold } from './text.fns.ts';

// The lexicon compiled once into maps per language: one Map lookup per word at run time, and
// multi-word cues indexed by their first word.

export const F = {
  NEG: 1, KEEP: 2, INT: 4, DOWN: 8, MORE: 16, LESS: 32, THAN: 64, ANAPHOR: 128, FINITE: 256, OBJECT_VERB: 512,
  FEATURE_VERB: 1024, JOINER: 2048, CONDITIONAL: 4096, NEEDS_OBJECT: 8192, EXCESS: 16384, CAPABILITY: 32768,
} as const;

export type CueKind = 'polar' | 'contrast' | 'concessive' | 'break' | 'compared' | 'compare-verb' | 'comparative' | 'advice' | 'keep';
export interface Cue { words: string[]; kind: CueKind; weight: number; predicative: boolean }

export interface CompiledLexicon {
  lang: L.Lang;
  flags: Map<string, number>;
  /** cues by first word, longest first; single polar words live here too */
  cues: Map<string, Cue[]>;
  /** list frames ("Pros:", "Cons:") by their folded words, with their sign */
  frames: Map<string, number>;
  /** flags and cues of a word in one lookup */
  words: Map<string, { flags: number; cues: Cue[] | undefined }>;
  /** a library's word polarities, consulted for words with no cue (cached) */
  extra?: (word: string) => number | undefined;
}

/** A word polarity source other than the hand lexicon (a library's), for the comparison bench. */
export type PolarityLookup = (lang: L.Lang, word: string) => number | undefined;
export interface LexiconOptions {
  /** use the hand-written opinion words (default true) */
  hand?: boolean;
  /** consulted for words the hand lexicon does not have */
  extra?: PolarityLookup;
}

const split = (s: string) => s.split(/\s+/).filter(Boolean).map((w) => fold(w));
const wordsOf = (phrase: string) => fold(phrase).split(/[^\p{L}\p{N}·]+/u).filter(Boolean);

function weighted(list: string, sign: 1 | -1): Array<[string, number]> {
  return split(list).map((item) => {
    const [word, w] = item.split(':');
    return [word!, sign * (w ? Number(w) : 1)];
  });
}

export function compileLexicon(lang: L.Lang, options: LexiconOptions = {}): CompiledLexicon {
  const flags = new Map<string, number>();
  const flag = (list: string | undefined, f: number) => {
    for (const w of split(list ?? '')) flags.set(w, (flags.get(w) ?? 0) | f);
  };
  flag(L.NEGATORS[lang], F.NEG);
  flag(L.INTENSIFIERS[lang], F.INT);
  flag(L.DOWNTONERS[lang], F.DOWN);
  flag(L.EXCESS[lang], F.EXCESS);
  flag(L.MORE[lang], F.MORE);
  flag(L.LESS[lang], F.LESS);
  flag(L.THAN[lang], F.THAN);
  flag(L.ANAPHORS[lang], F.ANAPHOR);
  flag(L.FINITE_VERBS[lang], F.FINITE);
  flag(L.OBJECT_VERBS[lang], F.OBJECT_VERB);
  flag(L.FEATURE_VERBS[lang], F.FEATURE_VERB);
  flag(L.CAPABILITY_VERBS[lang], F.CAPABILITY);
  flag([...L.JOINERS].join(' '), F.JOINER);
  flag(L.CONDITIONALS[lang], F.CONDITIONAL);
  flag(L.SELECTION_VERBS[lang], F.NEEDS_OBJECT | F.OBJECT_VERB);

  const cues = new Map<string, Cue[]>();
  const add = (phrase: string, kind: CueKind, weight = 0, predicative = false) => {
    const words = wordsOf(phrase);
    if (!words.length) return;
    const list = cues.get(words[0]!) ?? [];
    // The first entry of a phrase wins: this language's before the others', the hand lexicon before a library's.
    if (!list.some((c) => c.words.join(' ') === words.join(' '))) list.push({ words, kind, weight, predicative });
    cues.set(words[0]!, list);
  };
  const pairs = (items: string[], kind: CueKind, keep: (phrase: string) => boolean) => {
    for (const item of items) {
      const [phrase, w] = item.split(':');
      if (keep(phrase!)) add(phrase!, kind, Number(w ?? 1));
    }
  };
  const all = () => true;
  for (const p of L.CONTRAST[lang]) add(p, 'contrast');
  for (const p of L.CONCESSIVE[lang]) add(p, 'concessive');
  for (const p of L.CLAUSE_BREAKS[lang]) add(p, 'break');
  for (const p of L.COMPARED_WITH[lang]) add(p, 'compared');
  for (const p of L.NEGATION_KEEPERS[lang]) add(p, 'keep');
  // Then the opinion cues: this language's, then the other languages' where they are no word
  // of this language's rules (answers mix languages, and a short one can be misread).
  const foreign = (p: string) => !flags.has(fold(p)) && !L.FALSE_FRIENDS.has(fold(p));
  for (const l of [lang, ...L.LANGS.filter((x) => x !== lang)]) {
    const keep = l === lang ? all : foreign;
    for (const p of L.ADVICE_AGAINST[l]) if (keep(p)) add(p, 'advice', -1.5, L.PREDICATIVE_ADVICE.has(p));
    pairs(L.COMPARE_PHRASES[l], 'compare-verb', keep);
    pairs(split(L.COMPARE_VERBS[l]), 'compare-verb', keep);
    pairs(split(L.COMPARATIVES[l]), 'comparative', keep);
    pairs(L.PHRASES[l], 'polar', keep);
    if (options.hand !== false) {
      for (const [w, weight] of [...weighted(L.POSITIVE[l], 1), ...weighted(L.NEGATIVE[l], -1)]) if (keep(w)) add(w, 'polar', weight);
    }
    if (l !== lang) {
      for (const w of split(L.NEGATORS[l])) if (foreign(w)) flags.set(w, (flags.get(w) ?? 0) | F.NEG);
      for (const w of split(L.THAN[l])) if (foreign(w)) flags.set(w, (flags.get(w) ?? 0) | F.THAN);
    }
  }
  for (const list of cues.values()) list.sort((a, b) => b.words.length - a.words.length);
  const frames = new Map<string, number>();
  for (const l of [lang, ...L.LANGS.filter((x) => x !== lang)]) {
    for (const item of L.FRAMES[l]) {
      const [phrase, sign] = item.split(':');
      const key = wordsOf(phrase!).join(' ');
      if (!frames.has(key)) frames.set(key, Number(sign));
    }
  }
  const words = new Map<string, { flags: number; cues: Cue[] | undefined }>();
  for (const w of new Set([...flags.keys(), ...cues.keys()])) words.set(w, { flags: flags.get(w) ?? 0, cues: cues.get(w) });
  const lookup = options.extra;
  if (!lookup) return { lang, flags, cues, frames, words };
  const cache = new Map<string, number | undefined>();
  const extra = (word: string) => {
    if (!cache.has(word)) cache.set(word, lookup(lang, word));
    return cache.get(word);
  };
  return { lang, flags, cues, frames, words, extra };
}

// Language of an answer: the most frequent marker words among its first 200 words.
// Each marker word counts 1, each word of the language's own opinion lexicon 0.5 (ties are common
// in one-sentence answers: Catalan and Spanish share `es`, `el`, `que`). One map lookup per word.
const languageVotes = new Map<string, number[]>();
L.LANGS.forEach((l, li) => {
  const vote = (w: string, weight: number) => {
    const v = languageVotes.get(w) ?? [0, 0, 0, 0];
    if (v[li] === 0) v[li] = weight;
    languageVotes.set(w, v);
  };
  for (const w of split(L.LANGUAGE_MARKERS[l])) vote(w, 1);
  for (const [w] of [...weighted(L.POSITIVE[l], 1), ...weighted(L.NEGATIVE[l], -1)]) vote(w, 0.5);
});
/** The language of an answer from its first 200 words (en when nothing tells). */
export function detectLanguage(tokens: { text: string[]; type: number[] }): L.Lang {
  const counts = [0, 0, 0, 0];
  for (let i = 0, seen = 0; i < tokens.text.length && seen < 200; i++) {
    if (tokens.type[i] !== 0) continue;
    seen++;
    const v = languageVotes.get(tokens.text[i]!);
    if (v) for (let l = 0; l < 4; l++) counts[l]! += v[l]!;
  }
  let best = 0;
  for (let l = 1; l < 4; l++) if (counts[l]! > counts[best]!) best = l;
  return L.LANGS[best]!;
}

const defaults = new Map<L.Lang, CompiledLexicon>();
/** The default (hand-written) lexicon of a language, compiled on first use. */
export function defaultLexicon(lang: L.Lang): CompiledLexicon {
  let lex = defaults.get(lang);
  if (!lex) defaults.set(lang, (lex = compileLexicon(lang)));
  return lex;
}
