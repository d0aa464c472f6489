import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { profileFromWorkspace } from '../analysis/profile.fns.ts';
import { simulatedAnswer } from '../engines/simulated.fns.ts';
import type { PromptsService } from '../prompts/prompts.service.ts';
import type { RecsService } from '../recs/recs.service.ts';
import type { RunsService } from '../runs/runs.service.ts';
import type { TrafficService } from '../traffic-ingest/ingest.service.ts';
import type { WorkspaceRow, WorkspacesService } from '../workspaces/workspaces.service.ts';
import { DEMO_BRAND, DEMO_ENGINES, DEMO_PROMPTS, HISTORY_DAYS, STATUS_BEFORE, demoSlug, historyDays, trafficLog, walkFor } from './demo.fns.ts';

// The demo workspace (docs/demo.md): one per person, made in one request, with 90 days of daily
// simulated runs written through the runs module's own writer (as real runs are stored, so every
// view, report and portfolio reads it as real data), an access log through the traffic
// ingestion, and recommendations walked to each state. It costs no credit: no grant, no hold.

export interface DemoDeps {
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  workspaces: Pick<WorkspacesService, 'createDemo' | 'demoOf' | 'getRow' | 'remove'>;
  prompts: Pick<PromptsService, 'create'>;
  runs: Pick<RunsService, 'recordHistory'>;
  traffic: Pick<TrafficService, 'upload'>;
  recs: Pick<RecsService, 'list' | 'transition'> & { generate(workspaceId: string): Promise<number> };
}

export type DemoView = ReturnType<typeof demoView>;
function demoView(row: WorkspaceRow) {
  const days = historyDays(row.createdAt);
  return {
    slug: row.slug, displayName: row.displayName, simulated: true as const, historyDays: HISTORY_DAYS,
    from: days[0]!.day, to: days.at(-1)!.day, languages: row.languages, competitors: row.competitors.map((c) => c.name),
    createdAt: row.createdAt.toISOString(), dashboardPath: `/w/${row.slug}`,
  };
}

export function createDemoService(deps: DemoDeps) {
  const { clock } = deps;
  /** Demos being made in this process, by person: a second ask waits for the first one's. */
  const making = new Map<string, Promise<{ created: boolean; demo: DemoView }>>();

  async function existing(userId: string): Promise<DemoView | null> {
    const found = await deps.workspaces.demoOf(userId);
    return found && demoView(found.row);
  }

  /** The history: one run a day, each as of its own day, the simulated answers seeded by that day. */
  async function writeHistory(ws: WorkspaceContext, userId: string, row: WorkspaceRow) {
    const profile = profileFromWorkspace(row);
    const prompts = [];
    for (const p of DEMO_PROMPTS) {
      const made = await deps.prompts.create(ws, { intent: p.intent as never, text: p.text, language: p.language });
      prompts.push({ id: made.id, text: p.text, intent: p.intent, language: p.language });
    }
    for (const day of historyDays(row.createdAt)) {
      await deps.runs.recordHistory({
        workspaceId: ws.id, startedAt: day.startedAt, finishedAt: day.finishedAt, prompts, engines: DEMO_ENGINES, profile, createdBy: userId,
        answer: (engine, prompt) => simulatedAnswer(engine, prompt, day.day, profile),
      });
    }
  }

  /** The access log goes through the ingestion like any upload; it is read by a job after the answer. */
  async function uploadTraffic(ws: WorkspaceContext, userId: string, now: Date) {
    await deps.traffic.upload(ws, userId, Readable.from([trafficLog(now)]), 'upload')
      .catch((err) => deps.log.warn({ err, workspace: ws.slug }, 'demo traffic log not ingested'));
  }

  /** The geo lane's items from the history, then walked: one done, one in review, one to do, one declined, the rest proposed. */
  async function walkRecommendations(ws: WorkspaceContext, userId: string) {
    await deps.recs.generate(ws.id);
    const items = (await deps.recs.list(ws)).proposed.sort((a, b) => b.scores.priority - a.scores.priority || a.rec_id.localeCompare(b.rec_id));
    for (const [i, item] of items.entries()) {
      let version = item.state_version;
      for (const action of walkFor(i).actions) {
        const moved = await deps.recs.transition(ws, userId, item.rec_id, {
          action, expectedStatus: STATUS_BEFORE[action], expectedVersion: version, idempotencyKey: `demo-${item.rec_id}-${action}`,
          ...(action === 'verify' ? { reviewEvidence: { decision: 'approved' as const, reviewedAt: clock.now().toISOString() } } : {}),
        });
        version = moved.state_version;
      }
    }
  }

  async function make(userId: string): Promise<{ created: boolean; demo: DemoView }> {
    const ws = await deps.workspaces.createDemo(userId, { brand: demoSlug(), ...structuredClone(DEMO_BRAND) } as never);
    if (!ws) {
      // Another request (another process) made the person's demo first; a taken slug is tried once more.
      const other = await existing(userId);
      if (other) return { created: false, demo: other };
      return make(userId);
    }
    try {
      const row = await deps.workspaces.getRow(ws);
      await writeHistory(ws, userId, row);
      await walkRecommendations(ws, userId);
      await uploadTraffic(ws, userId, row.createdAt);
      return { created: true, demo: demoView(row) };
    } catch (err) {
      // Half a demo is none: removed, so that asking again makes a whole one.
      await deps.workspaces.remove(ws).catch((cause) => deps.log.error({ err: cause, workspace: ws.slug }, 'half-made demo not removed'));
      throw err;
    }
  }

  return {
    /**
     * The person's demo: made now (`created`), or the one they have. Asks in this process while
     * one is being made wait for it; across processes the one demo per person is the database's
     * (workspaces_one_demo_idx), and the later ask answers the workspace as far as it is made.
     */
    async ensure(userId: string): Promise<{ created: boolean; demo: DemoView }> {
      const pending = making.get(userId);
      if (pending) return { created: false, demo: (await pending).demo };
      const asked = (async () => {
        const found = await existing(userId);
        return found ? { created: false, demo: found } : make(userId);
      })();
      making.set(userId, asked);
      try {
        return await asked;
      } finally {
        if (making.get(userId) === asked) making.delete(userId);
      }
    },
  };
}
export type DemoService = ReturnType<typeof createDemoService>;
