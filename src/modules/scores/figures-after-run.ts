import type { WorkspaceContext } from '../../lib/http/types.ts';

// The overview's figures made once a run's snapshots commit (GEO_FIGURES_AFTER_RUN,
// docs/scoring.md "Figures made when a run ends"), in the background: the run's end waits for none
// of it, and a failure costs only the head start. One making per workspace at a time, and at most
// one more asked behind it (runs ending together need the figures of the last only); nothing new
// starts once the module closes, which waits for what is under way.

export interface FiguresAfterRun {
  /** Asks for the workspace's figures to be made (returns at once). */
  committed(workspaceId: string): void;
  /** Stops asking, and waits for the makings under way. */
  close(): Promise<void>;
}

export function createFiguresAfterRun(deps: {
  contextById: (id: string) => Promise<WorkspaceContext>;
  make: (ws: WorkspaceContext) => Promise<void>;
  onError: (err: unknown, workspaceId: string) => void;
}): FiguresAfterRun {
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  let closed = false;

  function start(workspaceId: string) {
    const making = deps.contextById(workspaceId).then(deps.make).catch((err: unknown) => deps.onError(err, workspaceId)).finally(() => {
      running.delete(workspaceId);
      if (again.delete(workspaceId) && !closed) start(workspaceId);
    });
    running.set(workspaceId, making);
  }

  return {
    committed(workspaceId) {
      if (closed) return;
      if (running.has(workspaceId)) again.add(workspaceId);
      else start(workspaceId);
    },
    async close() {
      closed = true;
      again.clear();
      await Promise.all(running.values());
    },
  };
}
