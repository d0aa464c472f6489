import { getDomain } from 'tldts';
import { analyzeAnswer } from './analyze.fns.ts';
import type { AnalysisCase, CaseEntity } from './eval.cases.ts';

// Scores an analyzer against the labelled answers, dimension by dimension, beside a naive
// baseline (case-insensitive substring for mentions and rank, a URL regex for citations), so
// that every change to the rules is measured (`npm run analyze:eval`).

export type SentimentLabel = 'positive' | 'negative' | 'neutral' | 'mixed';
export interface Prediction {
  mentioned: string[];
  brandRank: number | null;
  citedDomains: string[];
  sentiment: SentimentLabel | null;
}
export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}
export interface Tally {
  mentions: Counts;
  ambiguous: Counts;
  rank: { exact: number; n: number };
  order: { exact: number; n: number };
  citations: Counts;
  sentiment: { correct: number; n: number; negatives: number; negativesFound: number; confusion: Confusion };
}
/** Labelled sentiment (rows) against the analyzer's (columns; `none` when it gave no label). */
export type Confusion = Record<SentimentLabel, Record<SentimentLabel | 'none', number>>;
export const SENTIMENT_LABELS: SentimentLabel[] = ['positive', 'neutral', 'negative', 'mixed'];
const emptyConfusion = (): Confusion => Object.fromEntries(SENTIMENT_LABELS.map((l) => [l, { positive: 0, neutral: 0, negative: 0, mixed: 0, none: 0 }])) as Confusion;

export const emptyTally = (): Tally => ({
  mentions: { tp: 0, fp: 0, fn: 0 }, ambiguous: { tp: 0, fp: 0, fn: 0 }, rank: { exact: 0, n: 0 }, order: { exact: 0, n: 0 },
  citations: { tp: 0, fp: 0, fn: 0 }, sentiment: { correct: 0, n: 0, negatives: 0, negativesFound: 0, confusion: emptyConfusion() },
});

export function prf({ tp, fp, fn }: Counts): { precision: number; recall: number; f1: number } {
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

function addSets(into: Counts, predicted: Set<string>, labelled: Set<string>) {
  for (const p of predicted) if (labelled.has(p)) into.tp++; else into.fp++;
  for (const l of labelled) if (!predicted.has(l)) into.fn++;
}

/** Adds one case's comparison to a tally (mutates and returns it). */
export function tallyCase(t: Tally, c: AnalysisCase, p: Prediction): Tally {
  const entities = [c.workspace.brand, ...c.workspace.competitors];
  const labelled = new Set(c.expect.mentioned);
  addSets(t.mentions, new Set(p.mentioned), labelled);
  const ambiguous = new Set(entities.filter((e) => e.ambiguous).map((e) => e.name));
  const only = (xs: Iterable<string>) => new Set([...xs].filter((x) => ambiguous.has(x)));
  addSets(t.ambiguous, only(p.mentioned), only(labelled));
  t.rank.n++;
  if (p.brandRank === c.expect.brandRank) t.rank.exact++;
  t.order.n++;
  if (p.mentioned.join('\u0000') === c.expect.mentioned.join('\u0000')) t.order.exact++;
  if (c.expect.citations) addSets(t.citations, new Set(p.citedDomains), new Set(c.expect.citations.map((x) => x.domain)));
  const label = c.expect.brandSentiment;
  if (label && c.expect.mentioned.includes(c.workspace.brand.name)) {
    t.sentiment.n++;
    t.sentiment.confusion[label][p.sentiment ?? 'none']++;
    if (p.sentiment === label) t.sentiment.correct++;
    if (label === 'negative') {
      t.sentiment.negatives++;
      if (p.sentiment === 'negative') t.sentiment.negativesFound++;
    }
  }
  return t;
}

/** A score in [-1, 1] as a label (the analyzer's own label when it gives one). */
export function sentimentLabel(score: number | null, label?: string | null): SentimentLabel | null {
  if (label === 'positive' || label === 'negative' || label === 'neutral' || label === 'mixed') return label;
  if (score === null) return null;
  return score > 0.05 ? 'positive' : score < -0.05 ? 'negative' : 'neutral';
}

export function analyzerPrediction(c: AnalysisCase): Prediction {
  const r = analyzeAnswer(c.workspace, c.answer, c.sources ?? [], { prompt: c.prompt, language: c.language });
  const brand = r.brand as typeof r.brand & { sentimentLabel?: string | null; label?: string | null };
  return {
    mentioned: r.mentioned, brandRank: r.brand.rank, citedDomains: r.citedDomains.map((d) => d.domain),
    sentiment: sentimentLabel(brand.sentiment, brand.sentimentLabel ?? brand.label),
  };
}

const registrable = (url: string) => {
  try {
    const host = new URL(url).hostname;
    return getDomain(host) ?? host;
  } catch {
    return null;
  }
};

/** Naive: any name, alias or domain as a case-insensitive substring, ranked by first occurrence. */
export function substringPrediction(c: AnalysisCase): Prediction {
  const text = c.answer.toLowerCase();
  const sources = (c.sources ?? []).map((s) => s.url.toLowerCase());
  const firstAt = (e: CaseEntity) => {
    const positions = [e.name, ...e.aliases, ...e.domains].map((t) => text.indexOf(t.toLowerCase())).filter((i) => i >= 0);
    if (positions.length) return Math.min(...positions);
    const source = sources.findIndex((u) => e.domains.some((d) => u.includes(d.toLowerCase())));
    return source >= 0 ? text.length + source : null;
  };
  const found = [c.workspace.brand, ...c.workspace.competitors]
    .map((e) => ({ e, at: firstAt(e) })).filter((f) => f.at !== null).sort((a, b) => a.at! - b.at!);
  const rank = found.findIndex((f) => f.e === c.workspace.brand);
  const urls = [...(c.sources ?? []).map((s) => s.url), ...(c.answer.match(/https?:\/\/[^\s)\]>"']+/g) ?? [])];
  return {
    mentioned: found.map((f) => f.e.name), brandRank: rank >= 0 ? rank + 1 : null,
    citedDomains: [...new Set(urls.map(registrable).filter((d): d is string => !!d))], sentiment: null,
  };
}

export interface Row {
  dimension: string;
  n: number;
  analyzer: { precision: number; recall: number; f1: number } | { accuracy: number };
  baseline: { precision: number; recall: number; f1: number } | { accuracy: number } | null;
}

/** The printed rows: one per dimension, analyzer beside baseline. */
export function rowsOf(a: Tally, b: Tally): Row[] {
  const n = (x: Counts) => x.tp + x.fn;
  return [
    { dimension: 'mentions (brand × answer)', n: n(a.mentions), analyzer: prf(a.mentions), baseline: prf(b.mentions) },
    { dimension: 'ambiguous-name mentions', n: n(a.ambiguous), analyzer: prf(a.ambiguous), baseline: prf(b.ambiguous) },
    { dimension: 'brand rank exact', n: a.rank.n, analyzer: { accuracy: a.rank.exact / (a.rank.n || 1) }, baseline: { accuracy: b.rank.exact / (b.rank.n || 1) } },
    { dimension: 'mention order exact', n: a.order.n, analyzer: { accuracy: a.order.exact / (a.order.n || 1) }, baseline: { accuracy: b.order.exact / (b.order.n || 1) } },
    { dimension: 'cited domains', n: n(a.citations), analyzer: prf(a.citations), baseline: prf(b.citations) },
    { dimension: 'sentiment label', n: a.sentiment.n, analyzer: { accuracy: a.sentiment.correct / (a.sentiment.n || 1) }, baseline: null },
    { dimension: 'negative sentiment recall', n: a.sentiment.negatives, analyzer: { accuracy: a.sentiment.negativesFound / (a.sentiment.negatives || 1) }, baseline: null },
    // Recall per label: of the answers labelled so, the share the analyzer labels so.
    ...SENTIMENT_LABELS.map((l) => {
      const row = a.sentiment.confusion[l];
      const n = Object.values(row).reduce((x, y) => x + y, 0);
      return { dimension: `sentiment: ${l} (recall)`, n, analyzer: { accuracy: row[l] / (n || 1) }, baseline: null };
    }),
  ];
}

export interface Evaluation {
  overall: Row[];
  /** Over all languages, and per language. */
  confusion: { overall: Confusion; byLanguage: Record<string, Confusion> };
  byLanguage: Record<string, Row[]>;
  failures: Array<{ name: string; language: string; expected: Prediction; got: Prediction }>;
}

export function evaluate(cases: AnalysisCase[], predict = analyzerPrediction, baseline = substringPrediction): Evaluation {
  const all = { a: emptyTally(), b: emptyTally() };
  const per = new Map<string, { a: Tally; b: Tally }>();
  const failures: Evaluation['failures'] = [];
  for (const c of cases) {
    const p = predict(c);
    const q = baseline(c);
    const lang = per.get(c.language) ?? { a: emptyTally(), b: emptyTally() };
    per.set(c.language, lang);
    for (const t of [all, lang]) {
      tallyCase(t.a, c, p);
      tallyCase(t.b, c, q);
    }
    const citationsDiffer = c.expect.citations && c.expect.citations.map((x) => x.domain).join() !== p.citedDomains.join();
    if (p.mentioned.join() !== c.expect.mentioned.join() || p.brandRank !== c.expect.brandRank || citationsDiffer) {
      failures.push({
        name: c.name, language: c.language, got: p,
        expected: { mentioned: c.expect.mentioned, brandRank: c.expect.brandRank, citedDomains: c.expect.citations?.map((x) => x.domain) ?? [], sentiment: c.expect.brandSentiment ?? null },
      });
    }
  }
  return {
    confusion: { overall: all.a.sentiment.confusion, byLanguage: Object.fromEntries([...per].map(([l, t]) => [l, t.a.sentiment.confusion])) },
    overall: rowsOf(all.a, all.b), byLanguage: Object.fromEntries([...per].map(([l, t]) => [l, rowsOf(t.a, t.b)])), failures };
}
