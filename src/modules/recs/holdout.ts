import type { RunReads } from '../runs/runs.reads.ts';
import { diffInDiff } from './did.fns.ts';
import { comparisonFor, type Comparison } from './effect.fns.ts';
import type { Baseline, Text } from './recs.types.ts';


// The holdout comparison of a done item (docs/recommendations.md "Effect"): its target prompts
// against every other prompt of the workspace on the same engine and language, over the days
// before acceptance and the days after done, read from the runs' answer counts.

const DAY_MS = 24 * 3600 * 1000;
/** The before-period: the days of the acceptance window (runs.reads WINDOW). */
export const BEFORE_DAYS = 7;
/** The after-period stops 28 days after done: later days mix in whatever else changed since. */
export const AFTER_DAYS = 28;

export function createHoldout(deps: { runReads: RunReads }) {
  return {
    /** The comparison of an item; null before it is done with a measured baseline (effectOf says why). */
    /**
     * `othersTargeted`: the prompts other items that were acted on (todo, in review, done) target;
     * they are left out of the holdout, whose prompts must be ones nobody worked on.
     */
    async compare(workspaceId: string, baseline: Baseline | null, doneAt: Date | null, now: Date, othersTargeted: string[] = []): Promise<Comparison | null> {
      const m = baseline?.measurement;
      if (!baseline || !m || !doneAt) return null;
      const eligible = comparisonFor(baseline.metric);
      if (eligible.kind === 'before_after') return eligible;
      const scope = { engine: baseline.metric.scope.engine, language: baseline.metric.scope.language, promptIds: baseline.metric.scope.promptIds!, exclude: othersTargeted };
      const acceptedWindow = new Date(m.observedAt);
      const end = new Date(Math.min(now.getTime(), doneAt.getTime() + AFTER_DAYS * DAY_MS));
      const [before, after] = await Promise.all([
        deps.runReads.promptDays(workspaceId, { after: new Date(acceptedWindow.getTime() - BEFORE_DAYS * DAY_MS), until: acceptedWindow }, scope),
        deps.runReads.promptDays(workspaceId, { after: doneAt, until: end }, scope),
      ]);
      if (!before.days.some((d) => d.holdout.n > 0)) {
        // Said at read time (effect.fns.ts sayEffect): where no other prompt was answered, and whether others' prompts were left out.
        const where: Text = scope.engine && scope.language ? { key: 'recs.effect.scope.both' as const, params: { engine: scope.engine, language: scope.language } }
          : scope.engine ? { key: 'recs.effect.scope.engine' as const, params: { engine: scope.engine } } : scope.language ? { key: 'recs.effect.scope.language' as const, params: { language: scope.language } } : { key: 'recs.effect.scope.any' as const };
        return { kind: 'before_after', reason: { key: 'recs.effect.reason.noHoldout', params: { where, others: othersTargeted.length ? 'yes' : 'no' } } };
      }
      // Rounded, not ceiled: a request a few milliseconds past the sixth day is six days, not seven.
      const elapsedDays = Math.max(1, Math.round((end.getTime() - doneAt.getTime()) / DAY_MS));
      return {
        kind: 'holdout',
        did: diffInDiff({ before: before.days, after: after.days, better: baseline.metric.better, elapsedDays }),
        prompts: { target: scope.promptIds.length, holdout: Math.max(before.holdoutPrompts, after.holdoutPrompts) },
      };
    },
  };
}
export type Holdout = ReturnType<typeof createHoldout>;
