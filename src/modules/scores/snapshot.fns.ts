import type { StoredAnalysis } from '../runs/detail.fns.ts';
import { COMPONENTS, componentsFromTally, composite, round, tallies, wilson, type Answer, type Component, type ComponentKey } from './scores.fns.ts';

// A day's snapshot of one engine (or all of them: `composite`) from a run's answered results.

export interface EntityInfo {
  entityId: string;
  name: string;
  kind: 'brand' | 'competitor';
}

export interface Snapshot {
  engine: string;
  score: number | null;
  weights: Record<ComponentKey, number>;
  components: Record<ComponentKey, Component>;
  missingComponents: ComponentKey[];
  scoreboard: Array<{
    entityId: string; name: string; kind: 'brand' | 'competitor'; rank: number; score: number | null;
    visibility: number | null; shareOfVoice: number | null; averagePosition: number | null; sentiment: number | null; citations: number;
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

const mean = (xs: number[]) => (xs.length ? round(xs.reduce((a, b) => a + b, 0) / xs.length) : null);

export function buildSnapshot(engine: string, results: Array<{ analysis: StoredAnalysis }>, entities: EntityInfo[]): Snapshot {
  const answers = results.map((r) => toAnswer(engine, r.analysis));
  const ids = entities.map((e) => e.entityId);
  // One pass over the answers for every entity of the scoreboard.
  const { byEntity, citing, top } = tallies(answers, ids);
  const brand = componentsFromTally(byEntity.get('brand')!, answers.length, top, citing);
  const main = composite(brand);
  const totalMentions = [...byEntity.values()].reduce((sum, t) => sum + t.mentions, 0);
  const citations = results.flatMap((r) => r.analysis.citations);

  const citationsOf = new Map<string, number>();
  for (const c of citations) if (c.entityId) citationsOf.set(c.entityId, (citationsOf.get(c.entityId) ?? 0) + 1);
  const board = entities.map((entity) => {
    const t = byEntity.get(entity.entityId)!;
    const parts = componentsFromTally(t, answers.length, top, citing);
    return {
      entityId: entity.entityId, name: entity.name, kind: entity.kind, rank: 0,
      score: composite(parts).score,
      visibility: parts.visibility.value,
      shareOfVoice: totalMentions ? round((100 * t.mentions) / totalMentions) : null,
      averagePosition: mean(t.inverseRanks.map((x) => 1 / x)),
      sentiment: mean(t.tones),
      citations: citationsOf.get(entity.entityId) ?? 0,
    };
  }).sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || a.name.localeCompare(b.name)).map((row, i) => ({ ...row, rank: i + 1 }));

  const topDomains = (cls: 'owned' | 'competitor' | 'third_party') => {
    const counts = new Map<string, number>();
    for (const c of citations.filter((x) => x.class === cls)) counts.set(c.domain, (counts.get(c.domain) ?? 0) + 1);
    return [...counts.entries()].map(([domain, n]) => ({ domain, citations: n })).sort((a, b) => b.citations - a.citations || a.domain.localeCompare(b.domain)).slice(0, 10);
  };
  const cited = answers.filter((a) => a.cited).length;
  return {
    engine, score: main.score, weights: main.weights, components: brand, missingComponents: main.missingComponents, scoreboard: board,
    metrics: {
      answers: answers.length,
      mentionRate: brand.visibility,
      citationRate: answers.length ? { value: round((100 * cited) / answers.length), n: answers.length, interval: wilson(cited, answers.length) } : { value: null, n: 0 },
      topCitedDomains: { owned: topDomains('owned'), competitor: topDomains('competitor'), thirdParty: topDomains('third_party') },
    },
  };
}

/** Spec 2.12 from a snapshot: renormalised weights, null values for missing components. */
export function scoreBody(snapshot: Snapshot, day: string) {
  return {
    score: snapshot.score ?? 0,
    version: 'geo-score-v1',
    components: Object.fromEntries(COMPONENTS.map((k) => [k, { weight: snapshot.weights[k], value: snapshot.components[k].value }])) as Record<ComponentKey, { weight: number; value: number | null }>,
    missingComponents: snapshot.missingComponents,
    date: day,
    engine: snapshot.engine,
    sampleSizes: Object.fromEntries(COMPONENTS.map((k) => [k, { n: snapshot.components[k].n, ...(snapshot.components[k].interval ? { interval: snapshot.components[k].interval } : {}) }])),
  };
}
