import type { DomainEvent, EventHub } from '../modules/events/events.hub.ts';
import type { OnSucceeded } from '../modules/runs/run-end.ts';
import type { ScoresService } from '../modules/scores/scores.service.ts';
import type { ReportsService } from '../modules/reports/reports.service.ts';

/**
 * What a run's `succeeded` commits with: its score snapshots and its reports, in the same
 * transaction; the score's significant moves are published as `score.changed` once that has
 * committed. Runs sit below scores and reports, so the composition hands this in. A run recorded
 * as history writes its snapshots only (run-end.ts HistoryRun).
 */
export function afterRunSucceeded(deps: {
  events: EventHub; scores: () => ScoresService; reports: () => ReportsService;
  /**
   * Told once a live run's snapshots have committed and the kept reads are dropped (the overview's
   * figures made then); not for a run recorded as history (a demo's ninety days, one after another).
   */
  onCommitted?: (workspaceId: string) => void;
}): OnSucceeded {
  return async (workspaceId, runId, answered, history) => {
    const write = await deps.scores().prepareRun(workspaceId, runId, answered, history?.finishedAt);
    const simulated = [...new Set(answered.filter((a) => a.simulated).map((a) => a.engine))].sort();
    return async (tx) => {
      const moves = await write(tx);
      // Once committed, the workspace's kept reads are dropped (scores.service.ts `committed`).
      const committed = async () => deps.scores().committed(workspaceId);
      if (history) return committed;
      await deps.reports().afterRun(tx, workspaceId, runId, simulated);
      const changed: DomainEvent[] = [];
      for (const data of moves) changed.push(await deps.events.record(tx, { type: 'score.changed', workspaceId, data: { ...data } }));
      return async () => {
        await committed();
        deps.onCommitted?.(workspaceId);
        await deps.events.deliver(changed);
      };
    };
  };
}
