import { type CompiledLexicon, type Cue, F } from './sentiment.compiled.ts';
import { T, type Tokens } from './sentiment.tokens.ts';

// One sentence: its opinion cues (with negation, intensity and the clause's weight) and whom each
// is about. Two passes: the first reads cues and marks comparison objects ("than B", "compared
// with B", "A outperforms B"), the second gives each cue to its entity or entities.

export interface ClauseSpan { from: number; to: number; clause: { weight: number; entities: number[] } }
export type EvidenceRule = 'opinion' | 'negated' | 'comparative' | 'advice-against' | 'missing-feature';
/** `weight` includes the clause's weight (contrast), which `clauseWeight` says, so that the label can look past it. */
export type Give = (targets: number[], weight: number, clauseWeight: number, cueFrom: number, cueTo: number, rule: EvidenceRule) => void;

export interface SentenceContext {
  tokens: Tokens;
  clauses: ClauseSpan[];
  lex: CompiledLexicon;
  /** who the sentence is about when it names no entity (may be empty) */
  fallback: number[];
  /** the lexicon's flags of each token, and the cue starting at each token (this sentence) */
  flags: Int32Array;
  cueAt: Array<Cue | undefined>;
  /** comparison objects found in this sentence (entity token indexes), filled here */
  objects: Set<number>;
  members: (entityToken: number) => number[];
  give: Give;
}

type Kind = 'polar' | 'comparative' | 'compare-verb' | 'advice' | 'feature';
interface Event {
  kind: Kind; from: number; to: number; clause: number; weight: number; negated: boolean;
  objectVerb: boolean; predicative: boolean; object: number;
}

const NEGATION_SCOPE = 3;
const DEFINITE = new Set(['the', 'most', 'el', 'la', 'le', 'l', 'mas', 'mes', 'plus']);
const WINDOW = 5;
const INTENSITY = 1.5;
const DOWNTONE = 0.6;

/** A negated opinion: praise denied reads as criticism; criticism denied is only faint praise. */
const negate = (w: number) => (w > 0 ? -0.9 * w : -0.75 * w);

export function scoreSentence(ctx: SentenceContext): void {
  const { tokens, clauses, lex, objects } = ctx;
  const events: Event[] = [];
  const compared: number[] = clauses.map(() => -1);

  clauses.forEach((c, ci) => {
    let negLeft = 0;
    let boost = 1;
    /** After "too": the next opinion word, if a virtue, reads as a fault. */
    let excess = false;
    let degree = 0;
    let thanLeft = 0;
    let comparedLeft = 0;
    let lastComparative: Event | null = null;
    let pendingObject: Event | null = null;
    let pendingLeft = 0;
    let conditional = false;
    const event = (kind: Kind, from: number, to: number, weight: number, extra: Partial<Event> = {}): Event => {
      const negated = negLeft > 0 && kind !== 'advice' && kind !== 'feature';
      // "not the best", "no es la mejor": a denied superlative is a faint criticism.
      const superlative = negated && weight > 0 && DEFINITE.has(tokens.text[from - 1] ?? '');
      const excessive = excess && !negated && weight > 0 && kind === 'polar';
      const w = (negated ? negate(weight) * (superlative ? 0.5 : 1) : excessive ? -weight : weight) * (kind === 'advice' ? 1 : boost) * c.clause.weight;
      const e: Event = { kind, from, to, clause: ci, weight: w, negated, objectVerb: false, predicative: false, object: -1, ...extra };
      events.push(e);
      boost = 1;
      excess = false;
      return e;
    };
    for (let i = c.from; i < c.to; i++) {
      const type = tokens.type[i];
      if (type === T.ENTITY) {
        if (thanLeft > 0 && lastComparative) {
          lastComparative.object = i;
          objects.add(i);
          thanLeft = 0;
        } else if (pendingLeft > 0 && pendingObject) {
          pendingObject.object = i;
          objects.add(i);
          pendingObject = null;
        } else if (comparedLeft > 0) {
          compared[ci] = i;
          objects.add(i);
          comparedLeft = 0;
        }
        continue;
      }
      if (type !== T.WORD) {
        if (tokens.text[i] !== '-') conditional = false;
        negLeft = 0;
        boost = 1;
        excess = false;
        degree = 0;
        continue;
      }
      const cue = ctx.cueAt[i];
      const word = tokens.text[i]!;
      const f = ctx.flags[i]!;
      let consumed = false;
      if (cue && !(cue.kind === 'keep' && negLeft === 0 && !(f & F.NEG))) {
        const to = i + cue.words.length - 1;
        consumed = true;
        switch (cue.kind) {
          case 'keep':
            negLeft = NEGATION_SCOPE + 1;
            break;
          case 'compared':
            comparedLeft = WINDOW;
            break;
          case 'compare-verb':
            pendingObject = event('compare-verb', i, to, cue.weight);
            pendingLeft = WINDOW + cue.words.length;
            break;
          case 'comparative':
            lastComparative = event('comparative', i, to, cue.weight);
            thanLeft = 4;
            break;
          case 'advice':
            event('advice', i, to, cue.weight, { predicative: cue.predicative });
            negLeft = 0;
            break;
          case 'polar':
            if (degree !== 0) {
              lastComparative = event('comparative', i, to, cue.weight * degree);
              thanLeft = 4;
              degree = 0;
            } else if (!conditional) event('polar', i, to, cue.weight, { objectVerb: (f & F.OBJECT_VERB) !== 0 && cue.words.length === 1 });
            break;
          default: // contrast, concession, clause breaks: the clauses already hold them
            negLeft = 0;
        }
        i = to;
      }
      if (!consumed) {
        if (f & F.NEG) negLeft = NEGATION_SCOPE + 1;
        if (f & F.CONDITIONAL) conditional = true;
        if (f & F.INT) boost = INTENSITY;
        if (f & F.DOWN) boost = DOWNTONE;
        if (f & F.EXCESS) excess = true;
        if (f & F.MORE) degree = 1;
        if (f & F.LESS) degree = -1;
        if (f & F.THAN && lastComparative) thanLeft = 3;
        if (f & F.FEATURE_VERB && negLeft > 0) event('feature', i, i, -0.5);
        else if (!f && lex.extra) {
          const w = lex.extra(word);
          if (w) {
            if (degree !== 0) {
              lastComparative = event('comparative', i, i, w * degree);
              thanLeft = 4;
              degree = 0;
            } else if (!conditional) event('polar', i, i, w);
          }
        }
      }
      if (negLeft > 0) negLeft--;
      if (thanLeft > 0) thanLeft--;
      if (comparedLeft > 0) comparedLeft--;
      if (pendingLeft > 0) pendingLeft--;
    }
  });

  for (const e of events) give(ctx, e, compared);
}

function give(ctx: SentenceContext, e: Event, compared: number[]) {
  const { tokens, clauses } = ctx;
  const c = clauses[e.clause]!;
  const cw = c.clause.weight;
  switch (e.kind) {
    case 'advice': {
      const object = entityAfter(tokens, c, e.to + 1);
      if (object >= 0) return ctx.give(ctx.members(object), e.weight, cw, e.from, e.to, 'advice-against');
      if (e.predicative || refersAhead(ctx, e.to + 1, c.to)) return ctx.give(subjectOf(ctx, e), e.weight, cw, e.from, e.to, 'advice-against');
      return;
    }
    case 'compare-verb':
    case 'comparative': {
      const object = e.object >= 0 ? e.object : compared[e.clause]!;
      const subject = subjectOf(ctx, e);
      ctx.give(subject, e.weight, cw, e.from, e.to, 'comparative');
      if (object >= 0) {
        const others = ctx.members(object).filter((x) => !subject.includes(x));
        ctx.give(others, -e.weight, cw, e.from, e.to, 'comparative');
      }
      return;
    }
    case 'feature':
      return ctx.give(subjectOf(ctx, e), e.weight, cw, e.from, e.to, 'missing-feature');
    default: {
      if (e.objectVerb) {
        const object = entityAfter(tokens, c, e.to + 1);
        if (object >= 0) return ctx.give(ctx.members(object), e.weight, cw, e.from, e.to, e.negated ? 'negated' : 'opinion');
        // "choose Data and click Export": a choice with no entity after it says nothing of anyone.
        if (ctx.flags[e.from]! & F.NEEDS_OBJECT) return;
      }
      ctx.give(subjectOf(ctx, e), e.weight, cw, e.from, e.to, e.negated ? 'negated' : 'opinion');
    }
  }
}

/** The first entity within WINDOW tokens from `from`, in the clause; -1 if none. */
function entityAfter(tokens: Tokens, c: ClauseSpan, from: number): number {
  for (let i = from; i < Math.min(c.to, from + WINDOW + 1); i++) if (tokens.type[i] === T.ENTITY) return i;
  return -1;
}

/** A pronoun right after `avoid` ("avoid it"): the advice is about the entity the sentence is about. */
function refersAhead(ctx: SentenceContext, from: number, to: number): boolean {
  for (let i = from; i < Math.min(to, from + 3); i++) {
    if (ctx.flags[i]! & F.ANAPHOR) return true;
  }
  return false;
}

/** The entity an opinion at `e` is said of: nearest before it in its clause, else the subject of an earlier clause, else the next one named, else the sentence's fallback. */
function subjectOf(ctx: SentenceContext, e: Event): number[] {
  const { clauses, objects } = ctx;
  const own = clauses[e.clause]!.clause.entities.filter((t) => !objects.has(t));
  for (let k = own.length - 1; k >= 0; k--) if (own[k]! < e.from) return ctx.members(own[k]!);
  for (let ci = e.clause - 1; ci >= 0; ci--) {
    const first = clauses[ci]!.clause.entities.find((t) => !objects.has(t));
    if (first !== undefined) return ctx.members(first);
  }
  const next = own.find((t) => t > e.to);
  if (next !== undefined) return ctx.members(next);
  for (const cl of clauses) {
    const any = cl.clause.entities.find((t) => !objects.has(t));
    if (any !== undefined) return ctx.members(any);
  }
  return ctx.fallback;
}
