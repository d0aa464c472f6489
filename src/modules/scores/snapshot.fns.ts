import type { StoredAnalysis } from '../runs/detail.fns.ts';
import { COMPONENTS, componentsFromTally, composite, round, significant, topMentions, wilson, type Answer, type Component, type ComponentKey } from './scores.fns.ts';
import { bootstrapScore, emptyStats, runStats, tallyOf, type AnsweredInput, type SnapshotStats } from './stats.fns.ts';

// A day's snapshot of one engine (or all of them: `composite`), derived from the day's pooled statistics.

export interface EntityInfo {
  entityId: string;
  name: string;
  kind: 'brand' | 'competitor';
}

/** The change from the previous day measured: significant only when the two 95% intervals do not overlap. */
export interface Change {
  previousDate: string;
  previous: number | null;
  delta: number | null;
  significant: boolean;
}

export interface Snapshot {
  engine: string;
  score: number | null;
  /** 95% percentile-bootstrap interval of the score over prompts (docs/scoring.md). */
  interval?: [number, number] | null;
  weights: Record<ComponentKey, number>;
  components: Record<ComponentKey, Component>;
  missingComponents: ComponentKey[];
  /** Answers pooled, prompts (bootstrap clusters), runs pooled, and how much of it is simulated. */
  answers?: number;
  prompts?: number;
  runs?: number;
  simulatedAnswers?: number;
  simulatedShare?: number;
  simulated?: boolean;
  change?: Change | null;
  scoreboard: Array<{
    entityId: string; name: string; kind: 'brand' | 'competitor'; rank: number; score: number | null;
    visibility: number | null; shareOfVoice: number | null; averagePosition: number | null; sentiment: number | null; citations: number;
    mentions?: number; visibilityInterval?: [number, number]; shareOfVoiceInterval?: [number, number];
  }>;
  metrics: {
    answers: number;
    mentionRate: Component;
    citationRate: Component;
    topCitedDomains: Record<'owned' | 'competitor' | 'thirdParty', Array<{ domain: string; citations: number }>>;
  };
}

export function toAnswer(engine: string, analysis: StoredAnalysis): Answer {
  return {
    engine,
    mentions: Object.fromEntries(analysis.entities.map((e) => [e.entityId, { rank: e.rank, sentiment: e.sentiment }])),
    citedEntities: [...new Set(analysis.citations.map((c) => c.entityId).filter((id): id is string => id !== null))],
    cited: analysis.citations.length > 0,
  };
}

const share = (simulated: number, answers: number) => (answers ? round(simulated / answers) : 0);

/** Everything the routes show of one snapshot, from the day's pooled statistics. */
export function deriveSnapshot(engine: string, stats: SnapshotStats, entities: EntityInfo[]): Snapshot {
  const n = stats.answers;
  const tallies = new Map(stats.entityIds.map((id, i) => [id, tallyOf(stats.entities[i]!)]));
  const tracked = entities.map((e) => tallies.get(e.entityId) ?? tallyOf([]));
  const top = topMentions(tracked);
  const brand = componentsFromTally(tallies.get('brand') ?? tallyOf([]), n, top, stats.citing);
  const main = composite(brand);
  const totalMentions = tracked.reduce((sum, t) => sum + t.mentions, 0);

  const board = entities.map((entity, i) => {
    const t = tracked[i]!;
    const parts = componentsFromTally(t, n, top, stats.citing);
    return {
      entityId: entity.entityId, name: entity.name, kind: entity.kind, rank: 0,
      score: composite(parts).score,
      visibility: parts.visibility.value,
      shareOfVoice: totalMentions ? round((100 * t.mentions) / totalMentions) : null,
      averagePosition: t.ranked ? round(t.rankSum / t.ranked) : null,
      sentiment: t.toned ? round(t.toneSum / t.toned) : null,
      citations: t.citations,
      mentions: t.mentions,
      visibilityInterval: wilson(t.mentions, n),
      shareOfVoiceInterval: wilson(t.mentions, totalMentions),
    };
  }).sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || a.name.localeCompare(b.name)).map((row, i) => ({ ...row, rank: i + 1 }));

  const topDomains = (cls: 'owned' | 'competitor' | 'third_party') =>
    Object.entries(stats.domains[cls]).map(([domain, citations]) => ({ domain, citations }))
      .sort((a, b) => b.citations - a.citations || a.domain.localeCompare(b.domain)).slice(0, 10);
  return {
    engine, score: main.score, interval: bootstrapScore(stats), weights: main.weights, components: brand, missingComponents: main.missingComponents,
    answers: n, prompts: Object.keys(stats.prompts).length, runs: stats.runIds.length,
    simulatedAnswers: stats.simulated, simulatedShare: share(stats.simulated, n), simulated: stats.simulated > 0,
    scoreboard: board,
    metrics: {
      answers: n,
      mentionRate: brand.visibility,
      citationRate: n ? { value: round((100 * stats.citing) / n), n, interval: wilson(stats.citing, n) } : { value: null, n: 0 },
      topCitedDomains: { owned: topDomains('owned'), competitor: topDomains('competitor'), thirdParty: topDomains('third_party') },
    },
  };
}

/** One set of answers as one day's snapshot (the benchmarks and tests build snapshots this way). */
export function buildSnapshot(engine: string, results: Array<Omit<AnsweredInput, 'engine'>>, entities: EntityInfo[]): Snapshot {
  const ids = entities.map((e) => e.entityId);
  const stats = runStats('run', results.map((r) => ({ ...r, engine })), ids, engine).get(engine) ?? emptyStats(ids);
  return deriveSnapshot(engine, stats, entities);
}

/** The change of a score from the previous snapshot, flagged by the non-overlap of their intervals. */
export function changeFrom(current: Pick<Snapshot, 'score' | 'interval'>, previous: { day: string; score: number | null; interval?: [number, number] | null } | null): Change | null {
  if (!previous) return null;
  return {
    previousDate: previous.day, previous: previous.score,
    delta: current.score !== null && previous.score !== null ? round(current.score - previous.score, 2) : null,
    significant: significant(current.interval, previous.interval),
  };
}

/** Spec 2.12 from a snapshot: renormalised weights, null values for missing components; with its interval, n and honest labels. */
export function scoreBody(snapshot: Snapshot, day: string) {
  return {
    score: snapshot.score ?? 0,
    version: 'geo-score-v1',
    components: Object.fromEntries(COMPONENTS.map((k) => [k, { weight: snapshot.weights[k], value: snapshot.components[k].value }])) as Record<ComponentKey, { weight: number; value: number | null }>,
    missingComponents: snapshot.missingComponents,
    date: day,
    engine: snapshot.engine,
    interval: snapshot.interval ?? null,
    n: snapshot.answers ?? snapshot.metrics.answers,
    prompts: snapshot.prompts ?? null,
    runs: snapshot.runs ?? 1,
    simulatedShare: snapshot.simulatedShare ?? null,
    simulated: snapshot.simulated ?? null,
    change: snapshot.change ?? null,
    sampleSizes: Object.fromEntries(COMPONENTS.map((k) => [k, { n: snapshot.components[k].n, ...(snapshot.components[k].interval ? { interval: snapshot.components[k].interval } : {}) }])),
  };
}
