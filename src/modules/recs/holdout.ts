import type { RunReads } from '../runs/runs.reads.ts';
import { diffInDiff } from './did.fns.ts';
import { comparisonFor, type Comparison } from './effect.fns.ts';
import type { Baseline } from './recs.types.ts';
import { english as fmt } from '../../lib/format/english.ts';


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
        const others = othersTargeted.length ? ' (prompts other recommendations target are left out)' : '';
        return { kind: 'before_after', reason: `no other prompt of the workspace was answered${scope.engine ? ` on ${fmt.engine(scope.engine)}` : ''}${scope.language ? ` in ${fmt.languageName(scope.language)}` : ''} before acceptance${others}: there is no holdout to compare with` };
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
