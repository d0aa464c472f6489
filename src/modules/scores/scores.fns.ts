// GEO score v1 (docs/scoring.md), pure. Inputs are the answered results of one run, reduced to
// what the formulas need; every component carries its sample size, proportions a 95% Wilson interval.

export const VERSION = 'geo-score-v1';
export const COMPONENTS = ['visibility', 'relativeSov', 'position', 'sentiment', 'volume'] as const;
export type ComponentKey = (typeof COMPONENTS)[number];
export const WEIGHTS: Record<ComponentKey, number> = { visibility: 0.25, relativeSov: 0.35, position: 0.15, sentiment: 0.1, volume: 0.15 };

export interface Answer {
  engine: string;
  /** entityId → first-mention rank (1-based) and sentiment of the sentences naming it. */
  mentions: Record<string, { rank: number | null; sentiment: number | null }>;
  /** Cited domains' owners: entityIds (brand or competitors) cited at least once, and whether anything was cited. */
  citedEntities: string[];
  cited: boolean;
}

export interface Component {
  value: number | null;
  n: number;
  interval?: [number, number];
}

/** 95% Wilson score interval of k successes in n trials, in percent. */
export function wilson(k: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 100];
  const p = k / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [round(100 * Math.max(0, centre - half)), round(100 * Math.min(1, centre + half))];
}

export const round = (x: number, digits = 4) => Number(x.toFixed(digits));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The five components from one entity's point of view (the brand's, or a competitor's). */
/** Answers mentioning the most-mentioned of the entities: relativeSov's denominator. */
export function topMentions(answers: Answer[], allEntityIds: string[]): number {
  const counts = new Map<string, number>();
  for (const a of answers) for (const id of Object.keys(a.mentions)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return Math.max(0, ...allEntityIds.map((id) => counts.get(id) ?? 0));
}

/** `top` may be passed when computing many entities over the same answers (the scoreboard). */
export function components(answers: Answer[], entityId: string, allEntityIds: string[], top = topMentions(answers, allEntityIds)): Record<ComponentKey, Component> {
  const n = answers.length;
  const mentioning = answers.filter((a) => a.mentions[entityId]);
  const ranks = mentioning.map((a) => a.mentions[entityId]!.rank).filter((r): r is number => r !== null);
  const tones = mentioning.map((a) => a.mentions[entityId]!.sentiment).filter((s): s is number => s !== null);
  const citing = answers.filter((a) => a.cited);
  const owned = citing.filter((a) => a.citedEntities.includes(entityId)).length;
  return {
    visibility: n ? { value: round((100 * mentioning.length) / n), n, interval: wilson(mentioning.length, n) } : { value: null, n: 0 },
    relativeSov: top ? { value: round((100 * mentioning.length) / top), n: top, interval: wilson(mentioning.length, top) } : { value: null, n: 0 },
    position: ranks.length ? { value: round(100 * mean(ranks.map((r) => 1 / r))), n: ranks.length } : { value: null, n: 0 },
    sentiment: tones.length ? { value: round(50 * (1 + mean(tones))), n: tones.length } : { value: null, n: 0 },
    volume: citing.length ? { value: round((100 * owned) / citing.length), n: citing.length, interval: wilson(owned, citing.length) } : { value: null, n: 0 },
  };
}

/** score = Σ w·v / Σ w over the components that have data; the weights shown are renormalised. */
export function composite(parts: Record<ComponentKey, Component>) {
  const present = COMPONENTS.filter((k) => parts[k].value !== null);
  const total = present.reduce((sum, k) => sum + WEIGHTS[k], 0);
  const score = total ? present.reduce((sum, k) => sum + WEIGHTS[k] * parts[k].value!, 0) / total : null;
  return {
    score: score === null ? null : round(score, 2),
    weights: Object.fromEntries(COMPONENTS.map((k) => [k, present.includes(k) ? round(WEIGHTS[k] / total, 6) : 0])) as Record<ComponentKey, number>,
    missingComponents: COMPONENTS.filter((k) => !present.includes(k)),
  };
}

/** Two readings differ beyond noise when their 95% intervals do not overlap. */
export function significant(a?: [number, number], b?: [number, number]): boolean {
  return Boolean(a && b && (a[0] > b[1] || b[0] > a[1]));
}
