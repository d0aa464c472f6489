import { COMPONENTS, round, significant, type ComponentKey } from './scores.fns.ts';
import type { Snapshot } from './snapshot.fns.ts';

// What a run's pooled snapshot changed in the workspace's standing, for the `score.changed`
// event: the GEO score, each component, and competitors overtaking the brand. Every figure
// carries its 95% interval and n; a change counts only when the intervals separate.

export interface Reading {
  value: number | null;
  interval: [number, number] | null;
  n: number;
}
export interface Move {
  before: Reading;
  after: Reading;
  delta: number | null;
  significant: boolean;
}
/** Mention rates (visibility) with their Wilson intervals, after the run and before it. */
export interface Overtake {
  competitor: { entityId: string; name: string; rankBefore: number | null; rankAfter: number; visibility: Reading; visibilityBefore: Reading | null };
  brand: { rankBefore: number | null; rankAfter: number; visibility: Reading; visibilityBefore: Reading | null };
}
export interface ScoreChangedData {
  runId: string;
  /** `composite` (every engine) or one engine id. */
  engine: string;
  day: string;
  previousDay: string;
  before: Reading;
  after: Reading;
  delta: number | null;
  /** The GEO score's change is significant (intervals separate). */
  significant: boolean;
  components: Record<ComponentKey, Move>;
  overtakes: Overtake[];
}

type Row = Snapshot['scoreboard'][number];
const move = (before: Reading, after: Reading, digits = 2): Move => ({
  before, after,
  delta: before.value !== null && after.value !== null ? round(after.value - before.value, digits) : null,
  significant: significant(after.interval, before.interval),
});
const visibility = (row: Row, n: number): Reading => ({ value: row.visibility, interval: row.visibilityInterval ?? null, n });
/** The competitor ranks above the brand and its mention-rate interval lies wholly above the brand's. */
const clearlyAhead = (c: Row, brand: Row) =>
  c.rank < brand.rank && Boolean(c.visibilityInterval && brand.visibilityInterval && c.visibilityInterval[0] > brand.visibilityInterval[1]);

/** Competitors clearly ahead now that were not before (matched by name: entity ids follow list order). */
export function overtakes(before: Snapshot, after: Snapshot): Overtake[] {
  const brandAfter = after.scoreboard.find((r) => r.kind === 'brand');
  const brandBefore = before.scoreboard.find((r) => r.kind === 'brand');
  if (!brandAfter) return [];
  const nAfter = after.answers ?? after.metrics.answers;
  const nBefore = before.answers ?? before.metrics.answers;
  return after.scoreboard.filter((c) => c.kind === 'competitor' && clearlyAhead(c, brandAfter)).flatMap((c) => {
    const was = before.scoreboard.find((r) => r.kind === 'competitor' && r.name === c.name);
    if (was && brandBefore && clearlyAhead(was, brandBefore)) return [];
    return [{
      competitor: { entityId: c.entityId, name: c.name, rankBefore: was?.rank ?? null, rankAfter: c.rank, visibility: visibility(c, nAfter), visibilityBefore: was ? visibility(was, nBefore) : null },
      brand: { rankBefore: brandBefore?.rank ?? null, rankAfter: brandAfter.rank, visibility: visibility(brandAfter, nAfter), visibilityBefore: brandBefore ? visibility(brandBefore, nBefore) : null },
    }];
  });
}

/**
 * The change from the snapshot the workspace showed before the run (today's before pooling, else
 * the last day measured) to the one after; null without a before, or when nothing moved
 * significantly (no event on noise).
 */
export function scoreMove(runId: string, before: { day: string; data: Snapshot } | null, after: { day: string; data: Snapshot }): ScoreChangedData | null {
  if (!before) return null;
  const b = before.data;
  const a = after.data;
  const score = move(
    { value: b.score, interval: b.interval ?? null, n: b.answers ?? b.metrics.answers },
    { value: a.score, interval: a.interval ?? null, n: a.answers ?? a.metrics.answers },
  );
  const components = Object.fromEntries(COMPONENTS.map((k) => {
    const was = b.components[k];
    const now = a.components[k];
    return [k, move({ value: was?.value ?? null, interval: was?.interval ?? null, n: was?.n ?? 0 }, { value: now.value, interval: now.interval ?? null, n: now.n }, 4)];
  })) as Record<ComponentKey, Move>;
  const ahead = overtakes(b, a);
  if (!score.significant && !COMPONENTS.some((k) => components[k].significant) && !ahead.length) return null;
  return { runId, engine: a.engine, day: after.day, previousDay: before.day, ...score, components, overtakes: ahead };
}
