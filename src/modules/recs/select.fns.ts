import type { Candidate, Lane } from './recs.types.ts';

// Spec 4.6 / 8: how many items a generation may create, and which.

export const LANE_LIMITS: Record<Lane, { cap: number; target: number }> = {
  seo: { cap: 20, target: 50 },
  geo: { cap: 10, target: 20 },
};

/** min(cap, target open − open items of the lane), never below 0. */
export function room(lane: Lane, openInLane: number): number {
  const { cap, target } = LANE_LIMITS[lane];
  return Math.max(0, Math.min(cap, target - openInLane));
}

/**
 * The candidates to create: highest priority first (ties by topic, so a regeneration over the same
 * data picks the same ones), skipping topics already open and duplicates within the batch.
 */
export function selectCandidates(candidates: Candidate[], openTopics: ReadonlySet<string>, openInLane: number, lane: Lane): { chosen: Candidate[]; skippedOpen: number } {
  const seen = new Set<string>();
  let skippedOpen = 0;
  const fresh: Candidate[] = [];
  for (const c of [...candidates].sort((a, b) => b.scores.priority - a.scores.priority || a.topic.localeCompare(b.topic))) {
    if (c.lane !== lane || seen.has(c.topic)) continue;
    seen.add(c.topic);
    if (openTopics.has(c.topic)) {
      skippedOpen++;
      continue;
    }
    fresh.push(c);
  }
  return { chosen: fresh.slice(0, room(lane, openInLane)), skippedOpen };
}

/**
 * One candidate per action: two fan-out queries on the same topic both ask for "a buyer's guide
 * that presents Holded next to Contasimple and Quipu", and a marketer reads two such cards as a
 * duplicate. `actionOf` says a candidate's action (its title's key and parameters); of those that
 * share one, the highest priority (then topic) stays, so a regeneration keeps the same one.
 */
export function oneEachAction(candidates: Candidate[], actionOf: (c: Candidate) => string): Candidate[] {
  const seen = new Set<string>();
  return [...candidates].sort((a, b) => b.scores.priority - a.scores.priority || a.topic.localeCompare(b.topic)).filter((c) => {
    const action = `${c.lane}:${actionOf(c)}`;
    return seen.has(action) ? false : (seen.add(action), true);
  });
}

/** spec decisions: under `eu_medical`, items whose action makes health or product claims are flagged. */
export const complianceFlag = (profile: string, c: Pick<Candidate, 'makesClaims'>) => profile === 'eu_medical' && c.makesClaims;
