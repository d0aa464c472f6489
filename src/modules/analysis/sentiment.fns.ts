import { type CompiledLexicon, type Cue, defaultLexicon, detectLanguage, F } from './sentiment.compiled.ts';
import type { Lang } from './sentiment.lexicon.ts';
import { type ClauseSpan, type EvidenceRule, scoreSentence } from './sentiment.sentence.ts';
import { cells, type EntitySpans, frameOf, headerColumns, inlineFrameOf, onlyNames, type SentenceInfo, T, type Tokens, tokenize } from './sentiment.tokens.ts';

export type { EvidenceRule };

// Sentiment per entity (docs/analysis.md, "Sentiment per entity"). Each opinion cue of an answer — a word,
// a phrase, a comparative, advice against — is weighed (negation, intensity, contrast) and given
// to the entity it is about: the nearest entity of its clause, the object of `avoid`/`praise`,
// both sides of a comparison, or, in a sentence naming no entity, the entity it refers back to
// (a pronoun, a feature noun, a Spanish/Catalan verb with no subject, a section or list head).

export type SentimentLabel = 'positive' | 'neutral' | 'negative' | 'mixed';
export interface SentimentEvidence {
  /** index of the sentence in the answer (sentences as split here: table rows are one) */
  sentence: number;
  /** the words of the answer that carried it */
  cue: string;
  weight: number;
  rule: EvidenceRule;
  /** the entity was not named in that sentence but referred back to */
  carried: boolean;
}
export interface EntitySentiment {
  score: number;
  label: SentimentLabel;
  positive: number;
  negative: number;
  evidence: SentimentEvidence[];
}

export const MAX_EVIDENCE = 5;
export const MIXED_RATIO = 0.4;
interface Acc { positive: number; negative: number; rawPositive: number; rawNegative: number; evidence: SentimentEvidence[] }

/**
 * Label and score from the summed evidence. The score, (P − N) / (P + N + 1), and the side follow
 * the weighted sums (the clause after `but` counts more); mixed is decided on the sums before
 * contrast weighting: both sides clear (≥ 0.5) and the weaker at least MIXED_RATIO of the stronger.
 */
export function labelOf(positive: number, negative: number, rawPositive = positive, rawNegative = negative): { score: number; label: SentimentLabel } {
  const score = Math.max(-1, Math.min(1, (positive - negative) / (positive + negative + 1)));
  if (positive < 0.5 && negative < 0.5) return { score, label: 'neutral' };
  const low = Math.min(rawPositive, rawNegative);
  const high = Math.max(rawPositive, rawNegative);
  if ((low >= 0.5 && low / high >= MIXED_RATIO) || positive === negative) return { score, label: 'mixed' };
  return { score, label: positive > negative ? 'positive' : 'negative' };
}

function matchCue(tokens: Tokens, i: number, to: number, list: Cue[]): Cue | undefined {
  for (const cue of list) {
    if (i + cue.words.length > to) continue;
    let ok = true;
    for (let k = 1; k < cue.words.length && ok; k++) ok = tokens.type[i + k] === T.WORD && tokens.text[i + k] === cue.words[k];
    if (ok) return cue;
  }
  return undefined;
}

/**
 * Per-entity sentiment of an answer. `mentions[i].spans` are the entity's mentions in the text
 * (original offsets). Returns one result per entry of `mentions`, null for an entity with no
 * span in the text.
 */
export function entitySentiments(answer: string, mentions: EntitySpans[], lexiconFor: (lang: Lang) => CompiledLexicon = defaultLexicon): Array<EntitySentiment | null> {
  if (!mentions.some((m) => m.spans.length)) return mentions.map(() => null);
  const { tokens, sentences } = tokenize(answer, mentions);
  const n = tokens.text.length;
  const lex = lexiconFor(detectLanguage(tokens));
  const flags = new Int32Array(n);
  const cueLists: Array<Cue[] | undefined> = new Array(n);
  for (let i = 0; i < n; i++) {
    if (tokens.type[i] !== T.WORD) continue;
    const entry = lex.words.get(tokens.text[i]!);
    if (entry) {
      flags[i] = entry.flags;
      cueLists[i] = entry.cues;
    }
  }
  const nullSubject = lex.lang === 'es' || lex.lang === 'ca';
  const cueAt: Array<Cue | undefined> = new Array(n);
  const acc: Acc[] = mentions.map(() => ({ positive: 0, negative: 0, rawPositive: 0, rawNegative: 0, evidence: [] }));
  const groupOf = new Int32Array(n).fill(-1);
  const objects = new Set<number>();
  const members = (t: number) => groupMembers(tokens, groupOf, objects, t);

  // Discourse state: who a sentence naming no entity is about.
  let subject: number[] = [];
  let section: { subject: number[]; indent: number; kind: 'heading' | 'list'; line: number } | null = null;
  let si = 0;
  let carried = false;
  const give = (targets: number[], weight: number, clauseWeight: number, cueFrom: number, cueTo: number, rule: EvidenceRule) => {
    if (!targets.length || weight === 0) return;
    const cue = answer.slice(tokens.start[cueFrom]!, tokens.end[cueTo]!);
    for (const e of targets) {
      const a = acc[e]!;
      if (weight > 0) {
        a.positive += weight;
        a.rawPositive += weight / clauseWeight;
      } else {
        a.negative -= weight;
        a.rawNegative -= weight / clauseWeight;
      }
      a.evidence.push({ sentence: si, cue, weight: Math.round(weight * 100) / 100, rule, carried });
    }
  };

  const scoreSpan = (s: SentenceInfo, fallback: number[]): ClauseSpan[] => {
    objects.clear();
    for (let i = s.from; i < s.to; i++) cueAt[i] = cueLists[i] && matchCue(tokens, i, s.to, cueLists[i]!);
    const clauses = readClauses(tokens, s, cueAt);
    for (const c of clauses) assignGroups(tokens, c, groupOf);
    scoreSentence({ tokens, clauses, lex, flags, cueAt, fallback, objects, give, members });
    return clauses;
  };
  // "Acme lets you post to ten networks, but its analytics are basic": the writer sets the
  // capability against the fault as a strength, so Acme is mixed, not negative. Only a capability
  // with no opinion and no negation of its own, before a contrast whose clause criticised.
  const contrastStrength = (clauses: ClauseSpan[], before: Float64Array) => {
    const k = clauses.findIndex((c, i) => i > 0 && c.clause.weight === 1.5);
    if (k < 0) return;
    const prior = clauses[k - 1]!;
    let verb = -1;
    for (let i = prior.from; i < prior.to; i++) {
      if (flags[i]! & F.NEG || (cueAt[i] && cueAt[i]!.kind !== 'keep')) return;
      if (flags[i]! & F.CAPABILITY && verb < 0) verb = i;
    }
    if (verb < 0) return;
    const targets: number[] = [];
    for (let e = 0; e < acc.length; e++) if (acc[e]!.negative > before[2 * e + 1]! && acc[e]!.positive === before[2 * e]!) targets.push(e);
    give(targets, 0.5, 1, verb, verb, 'opinion');
  };
  // A comparison table whose header row names entities (| Feature | Acme | Globex |): each
  // column's cells are about its entity.
  let columns: number[][] | null = null;
  // "Pros:" / "Cons:" lines frame the list items under them.
  let frame = 0;
  // One buffer for the answer, refilled per sentence: a typed array made per sentence was the
  // analysis's costliest line (its allocation, not its use).
  const sides = new Float64Array(2 * acc.length);

  for (si = 0; si < sentences.length; si++) {
    const s = sentences[si]!;
    let named = false;
    for (let i = s.from; i < s.to && !named; i++) named = tokens.type[i] === T.ENTITY;
    // Headings and list heads open a section whose lines continue their subject.
    // A line that is only a name ("**2. Globex**") heads what follows, as a heading does.
    const head = named && s.lineStart && (si + 1 === sentences.length || sentences[si + 1]!.lineStart) && onlyNames(tokens, s);
    if ((s.lineKind === 'heading' || head) && s.lineStart) section = null;
    if (section && s.lineKind === 'list' && s.lineStart && s.indent <= section.indent && section.kind === 'list') section = null;
    let inline: { sign: number; from: number } | null = null;
    if (!named) {
      const f = frameOf(tokens, s, lex);
      if (f !== 0) {
        frame = f;
        continue;
      }
      inline = inlineFrameOf(tokens, s, lex);
    }
    if (s.lineKind !== 'list' || named) frame = 0;
    if (s.lineKind !== 'table') columns = null;
    else if (s.lineStart && sentences[si - 1]?.lineKind !== 'table') columns = headerColumns(tokens, s);
    else if (columns && !named) {
      carried = true;
      for (const cell of cells(tokens, s)) if (columns[cell.index]?.length) scoreSpan(cell, columns[cell.index]!);
      continue;
    }
    let fallback: number[] = [];
    // A table row speaks of the entity in its own cells; a header row of no one.
    if (!named && s.lineKind === 'table') continue;
    if (!named) {
      const inSection = section !== null && (section.kind === 'heading' || section.line === s.line || s.indent > section.indent);
      if (inSection) fallback = section!.subject;
      else if (subject.length && refersBack(flags, s, nullSubject)) fallback = subject;
      if (s.lineKind === 'heading' && s.lineStart) subject = [];
      // A sentence about no one says nothing this analysis can use.
      if (!fallback.length) continue;
    }
    carried = !named;
    if (columns && named) continue; // the header row itself
    // A framed item: a list item under "Cons:", or the words after an inline "Cons:".
    const itemFrame = inline ? inline.sign : frame;
    const span = inline ? { ...s, from: inline.from } : s;
    const before = itemFrame === 0 ? 0 : side(acc, fallback, itemFrame);
    // Each entity's sides before this sentence (a loop: flatMap's small arrays cost 10% of the analysis).
    for (let e = 0; e < acc.length; e++) {
      sides[2 * e] = acc[e]!.positive;
      sides[2 * e + 1] = acc[e]!.negative;
    }
    const clauses = scoreSpan(span, fallback);
    contrastStrength(clauses, sides);
    // An item under "Cons:" with no criticism of its own ("Reporting is basic") is still a con.
    if (itemFrame !== 0 && side(acc, fallback, itemFrame) === before) {
      let first = span.from;
      while (first < s.to - 1 && tokens.type[first] === T.SOFT) first++;
      give(fallback, 0.7 * itemFrame, 1, first, s.to - 1, 'opinion');
    }
    if (named) {
      let first = -1;
      for (const c of clauses) {
        first = c.clause.entities.find((t) => !objects.has(t)) ?? -1;
        if (first >= 0) break;
      }
      if (first < 0) first = clauses.find((c) => c.clause.entities.length)!.clause.entities[0]!;
      subject = members(first);
      if (head) section = { subject, indent: s.indent, kind: 'heading', line: s.line };
      else if ((s.lineKind === 'heading' || s.lineKind === 'list') && s.lineStart) {
        section = { subject, indent: s.indent, kind: s.lineKind, line: s.line };
      }
    }
  }

  return mentions.map((m, i) => {
    if (!m.spans.length) return null;
    const a = acc[i]!;
    const { score, label } = labelOf(a.positive, a.negative, a.rawPositive, a.rawNegative);
    const evidence = a.evidence.sort((x, y) => Math.abs(y.weight) - Math.abs(x.weight)).slice(0, MAX_EVIDENCE).sort((x, y) => x.sentence - y.sentence);
    return { score: Math.round(score * 1e4) / 1e4, label, positive: round2(a.positive), negative: round2(a.negative), evidence };
  });
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Sum of one side (+1 positive, −1 negative) of the evidence gathered for some entities. */
function side(acc: Acc[], entities: number[], sign: number): number {
  let sum = 0;
  for (const e of entities) sum += sign > 0 ? acc[e]!.positive : acc[e]!.negative;
  return sum;
}

/** Splits a sentence into clauses at contrast, concession, `whereas` and `;`, and groups entities. */
function readClauses(tokens: Tokens, s: SentenceInfo, cueAt: Array<Cue | undefined>): ClauseSpan[] {
  const out: ClauseSpan[] = [];
  let current: ClauseSpan = { from: s.from, to: s.to, clause: { weight: 1, entities: [] } };
  let concessiveUntilComma = false;
  const open = (at: number, weight: number) => {
    current.to = at;
    if (current.to > current.from || current.clause.entities.length) out.push(current);
    current = { from: at, to: s.to, clause: { weight, entities: [] } };
  };
  for (let i = s.from; i < s.to; i++) {
    const type = tokens.type[i];
    if (type === T.ENTITY) current.clause.entities.push(i);
    else if (type === T.HARD) open(i + 1, 1);
    else if (type === T.SOFT && concessiveUntilComma && tokens.text[i] === ',') {
      concessiveUntilComma = false;
      open(i + 1, 1);
    } else if (type === T.WORD) {
      const cue = cueAt[i];
      if (!cue) continue;
      if (cue.kind === 'contrast') open(i, 1.5);
      else if (cue.kind === 'break') open(i, 1);
      else if (cue.kind === 'concessive') {
        open(i, 0.75);
        concessiveUntilComma = i === s.from;
      }
      i += cue.words.length - 1;
    }
  }
  current.to = s.to;
  out.push(current);
  return out;
}

/** Entity tokens joined by `and`, `,`, `or`… form a group that shares the opinions said of it. */
function groupMembers(tokens: Tokens, groupOf: Int32Array, objects: Set<number>, token: number): number[] {
  const g = groupOf[token]!;
  const object = objects.has(token);
  const out: number[] = [];
  for (let i = g; i < tokens.text.length && i >= 0; i++) {
    if (tokens.type[i] === T.ENTITY) {
      if (groupOf[i] !== g) break;
      // "Compared with B, A is…": a comparison object never shares a group with a subject.
      if (objects.has(i) === object && !out.includes(tokens.entity[i]!)) out.push(tokens.entity[i]!);
    } else if (!(tokens.type[i] === T.SOFT && tokens.text[i] === ',') && !(tokens.type[i] === T.WORD && JOIN.has(tokens.text[i]!))) break;
  }
  return out;
}
const JOIN = new Set(['and', 'or', 'y', 'e', 'o', 'i', 'et', 'ou', 'u', 'both', 'as', 'well']);

function assignGroups(tokens: Tokens, clause: ClauseSpan, groupOf: Int32Array) {
  let group = -1;
  let joinable = false;
  for (let i = clause.from; i < clause.to; i++) {
    const type = tokens.type[i];
    if (type === T.ENTITY) {
      if (!joinable || group < 0) group = i;
      groupOf[i] = group;
      joinable = true;
    } else if (type === T.SOFT && tokens.text[i] === ',') continue;
    else if (type === T.WORD && JOIN.has(tokens.text[i]!)) continue;
    else joinable = false;
  }
}

function refersBack(flags: Int32Array, s: SentenceInfo, nullSubject: boolean): boolean {
  const mask = nullSubject ? F.ANAPHOR | F.FINITE : F.ANAPHOR;
  for (let i = s.from; i < s.to; i++) if (flags[i]! & mask) return true;
  return false;
}

