import type { CaseLanguage, SentimentCase, SentimentLabel } from './eval.cases.ts';

// The scorer of the labelled sentiment set (eval/sentiment/, read by eval.cases.ts): label accuracy,
// precision and recall per label, negative recall, per language and per kind of text.

/** The tracked names every item is analysed with (the first labelled one is the brand); the
 *  set's schema allows only these as label keys. */
export const CASE_ENTITIES = ['Acme', 'Globex', 'Initech', 'Hooli', 'Vandelay', 'Zentrix', 'Pixelo'];
export const LABELS: SentimentLabel[] = ['positive', 'neutral', 'negative', 'mixed'];

/** What a scorer under test says about one entity of one case (null: not found or no opinion). */
export type Predict = (c: SentimentCase) => Record<string, SentimentLabel | null>;

export interface LabelStats { support: number; predicted: number; precision: number; recall: number }
export interface GroupStats { items: number; accuracy: number; negativeRecall: number }
export interface SentimentReport extends GroupStats {
  perLabel: Record<SentimentLabel, LabelStats>;
  perLanguage: Record<CaseLanguage, GroupStats>;
  perKind: Record<string, GroupStats>;
  /** the items it got wrong, for reading */
  misses: Array<{ language: CaseLanguage; kind: string; entity: string; expected: SentimentLabel; got: SentimentLabel | null; answer: string }>;
}

interface Item { language: CaseLanguage; kind: string; entity: string; expected: SentimentLabel; got: SentimentLabel | null; answer: string }

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

function group(items: Item[]): GroupStats {
  const negatives = items.filter((i) => i.expected === 'negative');
  return {
    items: items.length,
    accuracy: ratio(items.filter((i) => i.got === i.expected).length, items.length),
    negativeRecall: ratio(negatives.filter((i) => i.got === 'negative').length, negatives.length),
  };
}

function groupBy<K extends string>(items: Item[], key: (i: Item) => K): Record<K, GroupStats> {
  const out = {} as Record<K, Item[]>;
  for (const i of items) (out[key(i)] ??= []).push(i);
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, group(v as Item[])])) as Record<K, GroupStats>;
}

/** Pure: runs `predict` over every case and scores it against the labels. */
export function scoreSentimentCases(predict: Predict, cases: SentimentCase[]): SentimentReport {
  const items: Item[] = cases.flatMap((c) => {
    const got = predict(c);
    return Object.entries(c.labels).map(([entity, expected]) => ({
      language: c.language, kind: c.kind, entity, expected, got: got[entity] ?? null, answer: c.answer,
    }));
  });
  const perLabel = Object.fromEntries(LABELS.map((label) => {
    const support = items.filter((i) => i.expected === label).length;
    const predicted = items.filter((i) => i.got === label).length;
    const hits = items.filter((i) => i.got === label && i.expected === label).length;
    return [label, { support, predicted, precision: ratio(hits, predicted), recall: ratio(hits, support) }];
  })) as Record<SentimentLabel, LabelStats>;
  return {
    ...group(items),
    perLabel,
    perLanguage: groupBy(items, (i) => i.language),
    perKind: groupBy(items, (i) => i.kind),
    misses: items.filter((i) => i.got !== i.expected),
  };
}

const pct = (x: number) => x.toFixed(2);

/** A plain-text table of a report, for scripts. */
export function formatSentimentReport(name: string, r: SentimentReport): string {
  const lines = [`${name}: accuracy ${pct(r.accuracy)}, negative recall ${pct(r.negativeRecall)} (n=${r.items})`];
  lines.push(`  per language: ${Object.entries(r.perLanguage).map(([k, g]) => `${k} ${pct(g.accuracy)}/${pct(g.negativeRecall)} (n=${g.items})`).join(', ')}`);
  lines.push(`  per label (P/R): ${Object.entries(r.perLabel).map(([k, s]) => `${k} ${pct(s.precision)}/${pct(s.recall)} (n=${s.support})`).join(', ')}`);
  lines.push(`  per kind: ${Object.entries(r.perKind).map(([k, g]) => `${k} ${pct(g.accuracy)}`).join(', ')}`);
  return lines.join('\n');
}

/** The analysis profile a case is read with: its first labelled entity is the brand, the rest of the pool competitors. */
export function caseProfile(c: SentimentCase) {
  const brand = Object.keys(c.labels)[0]!;
  const entity = (name: string) => ({ name, aliases: [], domains: [], ambiguous: false });
  return { brand: entity(brand), competitors: CASE_ENTITIES.filter((n) => n !== brand).map(entity), industry: null };
}

/** Labels of the analysis under test for a case: each tracked entity's `sentimentLabel`. */
export function predictWith(analyze: (profile: ReturnType<typeof caseProfile>, answer: string) => { entities: Array<{ name: string; sentimentLabel: SentimentLabel | null }> }): Predict {
  return (c) => Object.fromEntries(analyze(caseProfile(c), c.answer).entities.map((e) => [e.name, e.sentimentLabel]));
}
