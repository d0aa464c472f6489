import { wilsonPercent } from '../../lib/stats/wilson.ts';
import { analyzeAnswer } from './analyze.fns.ts';
import type { Language } from './lexicon.fns.ts';

// The blind set (eval/blind/, docs/analysis.md "The blind set"): answers written and labelled by
// people who never read the analyser, scored here once per change. Its labels are the guide's
// four stances plus `unknown` (the engine does not know the brand).

export const BLIND_LABELS = ['positive', 'negative', 'mixed', 'neutral', 'unknown'] as const;
export type BlindLabel = (typeof BLIND_LABELS)[number];

export interface BlindEntity { name: string; aliases: string[]; domains: string[] }
export interface BlindAnswer {
  id: string; language: Language; industry: string; shapes: string[]; prompt: string; answer: string;
  workspace: { brand: BlindEntity; competitors: BlindEntity[] };
}
export interface BlindLabelLine { id: string; label: BlindLabel; why?: string }

/**
 * The label each answer is scored against: the two labellers' label where they agree, else the
 * settled one (the guide's reading of the disagreement). An answer with neither is an error:
 * the set is not ready to score.
 */
export function goldLabels(a: BlindLabelLine[], b: BlindLabelLine[], settled: BlindLabelLine[]): Map<string, BlindLabel> {
  const byB = new Map(b.map((l) => [l.id, l.label]));
  const bySettled = new Map(settled.map((l) => [l.id, l.label]));
  const out = new Map<string, BlindLabel>();
  for (const { id, label } of a) {
    const other = byB.get(id);
    if (other === undefined) throw new Error(`${id}: labelled by A only`);
    const gold = label === other ? label : bySettled.get(id);
    if (!gold) throw new Error(`${id}: A says ${label}, B says ${other}, and no settled label`);
    out.set(id, gold);
  }
  return out;
}

/** What the analyser says of one blind answer, on the blind set's scale; `none`: it found no mention of the brand at all. */
export function analyserLabel(c: BlindAnswer): BlindLabel | 'none' {
  const entity = (e: BlindEntity) => ({ ...e, ambiguous: false });
  const r = analyzeAnswer({ brand: entity(c.workspace.brand), competitors: c.workspace.competitors.map(entity) }, c.answer, [], { prompt: c.prompt, language: c.language });
  if (r.unknownToEngine) return 'unknown';
  return r.brand.mentioned ? (r.brand.sentimentLabel ?? 'neutral') : 'none';
}

export interface Accuracy { n: number; correct: number; accuracy: number; interval: [number, number] | null }
const accuracy = (rows: Array<{ gold: string; got: string }>): Accuracy => {
  const correct = rows.filter((r) => r.gold === r.got).length;
  const interval = wilsonPercent(correct, rows.length);
  return { n: rows.length, correct, accuracy: rows.length ? correct / rows.length : 0, interval: interval && [interval[0] / 100, interval[1] / 100] };
};

/** The analyser against the gold labels: overall and per language, the stance among known answers, the unknown flag, and the confusion. */
export function scoreBlind(cases: BlindAnswer[], gold: Map<string, BlindLabel>, label: (c: BlindAnswer) => BlindLabel | 'none' = analyserLabel) {
  const rows = cases.map((c) => ({ id: c.id, language: c.language, gold: gold.get(c.id)!, got: label(c) }));
  const languages = [...new Set(rows.map((r) => r.language))];
  const known = (rs: typeof rows) => rs.filter((r) => r.gold !== 'unknown');
  const flag = (rs: typeof rows) => {
    const tp = rs.filter((r) => r.gold === 'unknown' && r.got === 'unknown').length;
    const flagged = rs.filter((r) => r.got === 'unknown').length;
    const actual = rs.filter((r) => r.gold === 'unknown').length;
    return { flagged, actual, precision: flagged ? tp / flagged : null, recall: actual ? tp / actual : null };
  };
  const confusion: Record<string, Record<string, number>> = {};
  for (const r of rows) (confusion[r.gold] ??= {})[r.got] = (confusion[r.gold]![r.got] ?? 0) + 1;
  return {
    overall: { label: accuracy(rows), stance: accuracy(known(rows)), unknown: flag(rows) },
    byLanguage: Object.fromEntries(languages.map((l) => {
      const rs = rows.filter((r) => r.language === l);
      return [l, { label: accuracy(rs), stance: accuracy(known(rs)), unknown: flag(rs) }];
    })),
    confusion,
    wrong: rows.filter((r) => r.gold !== r.got),
  };
}
