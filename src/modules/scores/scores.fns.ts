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
/** What the components need of one entity, gathered in one pass over the answers. */
export interface Tally {
  mentions: number;
  inverseRanks: number[];
  tones: number[];
  citedIn: number;
}

export function tallies(answers: Answer[], entityIds: string[]): { byEntity: Map<string, Tally>; citing: number; top: number } {
  const byEntity = new Map(entityIds.map((id) => [id, { mentions: 0, inverseRanks: [] as number[], tones: [] as number[], citedIn: 0 }]));
  let citing = 0;
  for (const a of answers) {
    for (const [id, m] of Object.entries(a.mentions)) {
      const t = byEntity.get(id);
      if (!t) continue;
      t.mentions++;
      if (m.rank !== null) t.inverseRanks.push(1 / m.rank);
      if (m.sentiment !== null) t.tones.push(m.sentiment);
    }
    if (a.cited) {
      citing++;
      for (const id of a.citedEntities) {
        const t = byEntity.get(id);
        if (t) t.citedIn++;
      }
    }
  }
  const top = Math.max(0, ...[...byEntity.values()].map((t) => t.mentions));
  return { byEntity, citing, top };
}

export function componentsFromTally(t: Tally, n: number, top: number, citing: number): Record<ComponentKey, Component> {
  return {
    visibility: n ? { value: round((100 * t.mentions) / n), n, interval: wilson(t.mentions, n) } : { value: null, n: 0 },
    relativeSov: top ? { value: round((100 * t.mentions) / top), n: top, interval: wilson(t.mentions, top) } : { value: null, n: 0 },
    position: t.inverseRanks.length ? { value: round(100 * mean(t.inverseRanks)), n: t.inverseRanks.length } : { value: null, n: 0 },
    sentiment: t.tones.length ? { value: round(50 * (1 + mean(t.tones))), n: t.tones.length } : { value: null, n: 0 },
    volume: citing ? { value: round((100 * t.citedIn) / citing), n: citing, interval: wilson(t.citedIn, citing) } : { value: null, n: 0 },
  };
}

/** The five components from one entity's point of view (the brand's, or a competitor's). */
export function components(answers: Answer[], entityId: string, allEntityIds: string[]): Record<ComponentKey, Component> {
  const { byEntity, citing, top } = tallies(answers, allEntityIds.includes(entityId) ? allEntityIds : [...allEntityIds, entityId]);
  return componentsFromTally(byEntity.get(entityId)!, answers.length, top, citing);
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
