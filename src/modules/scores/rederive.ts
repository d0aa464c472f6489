import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import { rawRows, type Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { analyzeAnswer } from '../analysis/analyze.fns.ts';
import { profileFromWorkspace } from '../analysis/profile.fns.ts';
import { ENGINE_SURFACE } from '../engines/capture/capture.ts';
import type { Surface } from '../engines/capture/trace.ts';
import type { JobContext, JobsService } from '../jobs/jobs.service.ts';
import type { RunReads } from '../runs/runs.reads.ts';
import { storedAnalysis } from '../runs/detail.fns.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { CURRENT_METRIC_VERSION, METRIC_DEFINITIONS, METRIC_VERSIONS, type MetricVersion } from './definitions.fns.ts';
import type { EntityInfo, Snapshot } from './snapshot.fns.ts';
import type { ReadsCache } from '../../lib/reads-cache.ts';
import { lockDay, previousSnapshots, snapshotRows, upsertSnapshots } from './snapshot-rows.ts';
import { mergeStats, runStats, type SnapshotStats } from './stats.fns.ts';
import { scoreSnapshots } from './scores.tables.ts';

// Re-derivation (docs/methodology.md, "Metric definitions"): a job recomputes a workspace's
// snapshots, day by day from the oldest, from the raw answers its runs stored, under a metric
// definition of the registry, and records that version on each. Each day pools the same runs, in
// the same order, through the same code as the runs' own commits (snapshot-rows.ts), so
// re-deriving under the definition a day was written with writes it again unchanged.

export const REDERIVE_KIND = 'score_rederive';
const COMPOSITE = 'composite';

/** The snapshot entities of a day as written: brand first, then competitors by their index. */
function entitiesOf(board: Snapshot['scoreboard']): EntityInfo[] {
  const order = (id: string) => (id === 'brand' ? -1 : Number(id.split(':')[1] ?? 0));
  return [...board].sort((a, b) => order(a.entityId) - order(b.entityId)).map((e) => ({ entityId: e.entityId, name: e.name, kind: e.kind }));
}

export function createRederivation(deps: {
  db: Db; clock: Clock; jobs: JobsService; workspaces: WorkspacesService; reads: Pick<RunReads, 'storedAnswers'>;
  /** The scores' kept reads: each day written drops them once it has committed. */
  cache?: Pick<ReadsCache, 'writing' | 'settled'>;
}) {
  const { db, clock } = deps;

  /** The runs a day's composite snapshot pools now (null: a snapshot from before pooling). */
  const runIdsOf = async (tx: Db, workspaceId: string, day: string) => {
    const [row] = await rawRows<{ run_ids: string[] | null; run_id: string }>(tx, sql`
      select stats->'runIds' as run_ids, run_id from score_snapshots where workspace_id = ${workspaceId} and engine = ${COMPOSITE} and day = ${day}`);
    return row ? (row.run_ids ?? [row.run_id]) : null;
  };

  /** The composite rows of the range: one per day measured, with the runs it pooled. */
  const daysOf = (workspaceId: string, from?: string, to?: string) =>
    db.select({ day: scoreSnapshots.day, runId: scoreSnapshots.runId, stats: scoreSnapshots.stats, data: scoreSnapshots.data }).from(scoreSnapshots)
      .where(and(eq(scoreSnapshots.workspaceId, workspaceId), eq(scoreSnapshots.engine, COMPOSITE), ...(from ? [gte(scoreSnapshots.day, from)] : []), ...(to ? [lte(scoreSnapshots.day, to)] : [])))
      .orderBy(asc(scoreSnapshots.day));

  async function rederive(ctx: JobContext) {
    const { job } = ctx;
    const { metricVersion, from, to } = job.params as { metricVersion: MetricVersion; from?: string; to?: string };
    const definition = METRIC_DEFINITIONS[metricVersion];
    const ws = await deps.workspaces.contextById(job.workspaceId);
    const row = await deps.workspaces.getRow(ws);
    // Re-analysed answers are read with today's settings: today's brand, competitors and aliases.
    const profile = definition.analysis === 'reanalysed' ? profileFromWorkspace(await deps.workspaces.getSettings(ws)) : null;
    const today: EntityInfo[] = [
      { entityId: 'brand', name: row.displayName, kind: 'brand' },
      ...row.competitors.map((c, i) => ({ entityId: `competitor:${i}`, name: c.name, kind: 'competitor' as const })),
    ];
    const days = await daysOf(ws.id, from, to);
    await ctx.log(`re-deriving ${days.length} days${from || to ? ` (${from ?? 'first'} to ${to ?? 'last'})` : ''} under ${metricVersion}: ${definition.summary}`);
    let done = 0;
    let answers = 0;
    /** Every engine's statistics of the day, pooled from its runs' stored answers, run by run as they committed. */
    async function pool(runIds: string[], entities: EntityInfo[]) {
      let pooled = new Map<string, SnapshotStats>();
      for (const runId of runIds) {
        const stored = await deps.reads.storedAnswers(runId);
        answers += stored.length;
        const answered = stored.map((a) => ({
          engine: a.engine, promptId: a.promptId, simulated: a.simulated,
          analysis: profile ? storedAnalysis(analyzeAnswer(profile, a.answer, a.sources, { prompt: a.promptText, language: a.language })) : a.analysis!,
        }));
        const fresh = runStats(runId, answered, entities.map((e) => e.entityId), COMPOSITE, (a) => {
          const surface = (ENGINE_SURFACE as Record<string, Surface>)[a.engine];
          return surface ? [`${COMPOSITE}:${surface}`] : [];
        });
        const next = new Map(pooled);
        for (const [engine, add] of fresh) next.set(engine, mergeStats(pooled.get(engine), add));
        pooled = next;
      }
      return pooled;
    }
    for (const day of days) {
      if (ctx.signal.aborted) return;
      const entities = profile ? today : entitiesOf(day.data.scoreboard);
      // The runs the day pooled, oldest first (a snapshot from before pooling names its one run).
      // A run of the day may commit meanwhile: the write checks, under the day's lock, that the
      // day still pools the runs read, and reads the day again when it does not.
      let runIds = (day.stats as SnapshotStats | null)?.runIds ?? [day.runId];
      for (let attempt = 1; ; attempt++) {
        const pooled = await pool(runIds, entities);
        const current = await db.transaction(async (tx) => {
          deps.cache?.writing(ws.id);
          await lockDay(tx, ws.id, day.day);
          const now = await runIdsOf(tx, ws.id, day.day);
          if (now && now.join() !== runIds.join()) return now;
          const rows = snapshotRows({ workspaceId: ws.id, day: day.day, runId: runIds.at(-1)!, stats: pooled, entities, previous: await previousSnapshots(tx, ws.id, day.day), metricVersion, now: clock.now() });
          await upsertSnapshots(tx, rows);
          return null;
        }).finally(() => deps.cache?.settled(ws.id));
        if (!current) break;
        if (attempt === 3) throw new Error(`the snapshots of ${day.day} kept changing under new runs; start the re-derivation again`);
        runIds = current;
      }
      ctx.progress(++done);
    }
    await ctx.log(`${done} days re-derived from ${answers} stored answers under ${metricVersion}`);
  }
  deps.jobs.register(REDERIVE_KIND, rederive);

  return {
    /** The registry, with the days of the workspace's composite snapshots under each definition. */
    async definitions(ws: WorkspaceContext) {
      const rows = await db.select({ v: scoreSnapshots.metricVersion, n: count() }).from(scoreSnapshots)
        .where(and(eq(scoreSnapshots.workspaceId, ws.id), eq(scoreSnapshots.engine, COMPOSITE))).groupBy(scoreSnapshots.metricVersion);
      const days = new Map(rows.map((row) => [row.v, Number(row.n)]));
      return { current: CURRENT_METRIC_VERSION, definitions: METRIC_VERSIONS.map((v) => ({ ...METRIC_DEFINITIONS[v], days: days.get(v) ?? 0 })) };
    },
    /** Starts the job (free: no engine is called); one at a time per workspace. */
    async start(ws: WorkspaceContext, userId: string | null, body: { metricVersion: MetricVersion; from?: string; to?: string }) {
      if (body.from && body.to && body.from > body.to) throw invalid('body.from must be on or before body.to', { field: 'from' });
      const days = await daysOf(ws.id, body.from, body.to);
      if (!days.length) throw new AppError('score_not_available', 'No snapshot to re-derive: no measurement has succeeded for this workspace in that range.');
      return deps.jobs.start({
        ws, kind: REDERIVE_KIND, group: REDERIVE_KIND, totalCalls: days.length, progressSource: 'days', createdBy: userId,
        params: { metricVersion: body.metricVersion, ...(body.from ? { from: body.from } : {}), ...(body.to ? { to: body.to } : {}) }, estimateMicrousd: 0,
      });
    },
  };
}
export type Rederivation = ReturnType<typeof createRederivation>;
