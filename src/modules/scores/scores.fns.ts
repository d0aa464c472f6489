// GEO score v1 (docs/scoring.md), pure. Inputs are answered results reduced to what the formulas
// need; every component carries its sample size and a 95% interval: Wilson for proportions, the
// normal approximation for means.
import { wilsonPercent } from '../../lib/stats/wilson.ts';

export const VERSION = 'geo-score-v1';
export const COMPONENTS = ['visibility', 'relativeSov', 'position', 'sentiment', 'volume'] as const;
export type ComponentKey = (typeof COMPONENTS)[number];
export const WEIGHTS: Record<ComponentKey, number> = { visibility: 0.25, relativeSov: 0.35, position: 0.15, sentiment: 0.1, volume: 0.15 };
const Z = 1.96;

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

export const round = (x: number, digits = 4) => Number(x.toFixed(digits));

/** 95% Wilson score interval of k successes in n trials, in percent (lib/stats/wilson.js, which the dashboard shares); the whole range without trials. */
export function wilson(k: number, n: number, z = Z): [number, number] {
  const interval = wilsonPercent(k, n, z);
  return interval ? [round(interval[0]), round(interval[1])] : [0, 100];
}

/**
 * 95% interval of a mean on a 0-100 scale from its sufficient statistics (count, Σx, Σx²), by the
 * normal approximation mean ± 1.96·s/√n, clipped to 0-100; the whole range below two values.
 */
export function meanInterval(n: number, sum: number, sumSq: number, scale: (x: number) => number): [number, number] {
  if (n < 2) return [0, 100];
  const mean = sum / n;
  const variance = Math.max(0, (sumSq - n * mean * mean) / (n - 1));
  const half = (Z * Math.sqrt(variance)) / Math.sqrt(n);
  const [a, b] = [scale(mean - half), scale(mean + half)].sort((x, y) => x - y) as [number, number];
  return [round(Math.max(0, a)), round(Math.min(100, b))];
}

/** What the components need of one entity: counts and sums, so that days and runs add up. */
export interface Tally {
  mentions: number;
  /** Σ 1/rank, Σ (1/rank)², answers with a rank. */
  irSum: number;
  irSq: number;
  ranked: number;
  /** Σ rank, for the scoreboard's average position. */
  rankSum: number;
  /** Σ sentiment, Σ sentiment², answers with a sentiment. */
  toneSum: number;
  toneSq: number;
  toned: number;
  /** Citing answers that cite this entity's domains, and its citations (links) in all. */
  citedIn: number;
  citations: number;
}
export const emptyTally = (): Tally => ({ mentions: 0, irSum: 0, irSq: 0, ranked: 0, rankSum: 0, toneSum: 0, toneSq: 0, toned: 0, citedIn: 0, citations: 0 });

/** Adds one answer's mention of an entity to its tally. */
export function addMention(t: Tally, m: { rank: number | null; sentiment: number | null }) {
  t.mentions++;
  if (m.rank !== null) {
    t.irSum += 1 / m.rank;
    t.irSq += 1 / (m.rank * m.rank);
    t.ranked++;
    t.rankSum += m.rank;
  }
  if (m.sentiment !== null) {
    t.toneSum += m.sentiment;
    t.toneSq += m.sentiment * m.sentiment;
    t.toned++;
  }
}

export function tallies(answers: Answer[], entityIds: string[]): { byEntity: Map<string, Tally>; citing: number; top: number } {
  const byEntity = new Map(entityIds.map((id) => [id, emptyTally()]));
  let citing = 0;
  for (const a of answers) {
    for (const [id, m] of Object.entries(a.mentions)) {
      const t = byEntity.get(id);
      if (t) addMention(t, m);
    }
    if (a.cited) {
      citing++;
      for (const id of a.citedEntities) {
        const t = byEntity.get(id);
        if (t) t.citedIn++;
      }
    }
  }
  return { byEntity, citing, top: topMentions(byEntity.values()) };
}

export const topMentions = (ts: Iterable<Tally>) => Math.max(0, ...[...ts].map((t) => t.mentions));

const positionScale = (x: number) => 100 * x;
const sentimentScale = (x: number) => 50 * (1 + x);

export function componentsFromTally(t: Tally, n: number, top: number, citing: number): Record<ComponentKey, Component> {
  return {
    visibility: n ? { value: round((100 * t.mentions) / n), n, interval: wilson(t.mentions, n) } : { value: null, n: 0 },
    relativeSov: top ? { value: round((100 * t.mentions) / top), n: top, interval: wilson(t.mentions, top) } : { value: null, n: 0 },
    position: t.ranked ? { value: round(positionScale(t.irSum / t.ranked)), n: t.ranked, interval: meanInterval(t.ranked, t.irSum, t.irSq, positionScale) } : { value: null, n: 0 },
    sentiment: t.toned ? { value: round(sentimentScale(t.toneSum / t.toned)), n: t.toned, interval: meanInterval(t.toned, t.toneSum, t.toneSq, sentimentScale) } : { value: null, n: 0 },
    volume: citing ? { value: round((100 * t.citedIn) / citing), n: citing, interval: wilson(t.citedIn, citing) } : { value: null, n: 0 },
  };
}

/** The five components from one entity's point of view (the brand's, or a competitor's). */
export function components(answers: Answer[], entityId: string, allEntityIds: string[]): Record<ComponentKey, Component> {
  const { byEntity, citing, top } = tallies(answers, allEntityIds.includes(entityId) ? allEntityIds : [...allEntityIds, entityId]);
  return componentsFromTally(byEntity.get(entityId)!, answers.length, top, citing);
}

/** Σ w·v / Σ w over the present components, unrounded; null when none is present. */
export function weightedScore(values: Record<ComponentKey, number | null>): number | null {
  let num = 0;
  let den = 0;
  for (const k of COMPONENTS) {
    const v = values[k];
    if (v === null) continue;
    num += WEIGHTS[k] * v;
    den += WEIGHTS[k];
  }
  return den ? num / den : null;
}

/** score = Σ w·v / Σ w over the components that have data; the weights shown are renormalised. */
export function composite(parts: Record<ComponentKey, Component>) {
  const present = COMPONENTS.filter((k) => parts[k].value !== null);
  const total = present.reduce((sum, k) => sum + WEIGHTS[k], 0);
  const score = weightedScore(Object.fromEntries(COMPONENTS.map((k) => [k, parts[k].value])) as Record<ComponentKey, number | null>);
  return {
    score: score === null ? null : round(score, 2),
    weights: Object.fromEntries(COMPONENTS.map((k) => [k, present.includes(k) ? round(WEIGHTS[k] / total, 6) : 0])) as Record<ComponentKey, number>,
    missingComponents: COMPONENTS.filter((k) => !present.includes(k)),
  };
}

/**
 * A change between two readings is significant when their 95% intervals do not overlap (strictly:
 * one's lower bound is above the other's upper bound). Without both intervals it is not.
 */
export function significant(a?: [number, number] | null, b?: [number, number] | null): boolean {
  return Boolean(a && b && (a[0] > b[1] || b[0] > a[1]));
}
