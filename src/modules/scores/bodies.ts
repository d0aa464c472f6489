import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { Surface } from '../engines/capture/trace.ts';
import { COMPOSITE, type ScoresService } from './scores.service.ts';
import type { Stamps } from './stamps.ts';

// The figures the read routes answer, each with its methodology stamp, as the routes serve them:
// the score as data (its CSV is made from it), the others as serialised bodies, all kept in memory
// and stored in the database (scores.service.ts `keptBody`). Apart from the routes so that the figures
// of the overview can also be made when a run's snapshots commit (`overview`), before anyone asks.

export type Range = '7d' | '28d' | 'all';
export interface SeriesQuery { engine: string; range: Range; surface?: Surface }

/** Scores answer pre-serialised JSON (snapshots are stored as text); the stamp joins it as its last field. */
export function withStamp(json: string, stamp: unknown): string {
  return `${json.slice(0, json.lastIndexOf('}'))},"stamp":${JSON.stringify(stamp)}}`;
}

export function createScoreBodies(deps: { scores: ScoresService; stamps: Stamps }) {
  const { scores, stamps } = deps;

  const bodies = {
    /**
     * The score of `date` (today when none) with its stamp, as data (its CSV is made from it): kept
     * and stored whole like the bodies, so that a process that starts reads it in one statement, not
     * the three it is made from (the snapshot, the day's engines, the stamp). Shared: never changed.
     */
    score: (ws: WorkspaceContext, q: { date?: string; surface?: Surface }) => scores.keptBody(ws, `score|${q.date ?? ''}|${q.surface ?? ''}`, async () => {
      const { score, runId } = await scores.scoreRead(ws, q.date, q.surface);
      return { ...score, stamp: await stamps.ofDay(ws, score.date, { surface: q.surface, metricVersion: score.version, newestRun: runId, store: true }) };
    }),

    scoreboard: (ws: WorkspaceContext) => scores.keptBody(ws, 'scoreboard', async () => {
      const board = await scores.scoreboardJson(ws);
      return withStamp(board.json, await stamps.ofDay(ws, board.date, { metricVersion: board.version, newestRun: board.runId }));
    }),

    /** A series as the database assembled it (its version and newest run read beside it, never parsed out of it) and its stamp. */
    async series(ws: WorkspaceContext, q: SeriesQuery) {
      const { json, version, runId } = await scores.timeseriesJson(ws, q.engine, q.range, q.surface);
      return { json, stamp: await stamps.ofRange(ws, q.range, { ...q, metricVersion: version, newestRun: runId }) };
    },

    seriesBody: (ws: WorkspaceContext, q: SeriesQuery) => scores.keptBody(ws, `series|${q.engine}|${q.range}|${q.surface ?? ''}`, async () => {
      const { json, stamp } = await bodies.series(ws, q);
      return withStamp(json, stamp);
    }),

    /** The composite and every engine measured in the range: each engine's body as served alone, joined as text. */
    engines: (ws: WorkspaceContext, q: Omit<SeriesQuery, 'engine'>) => scores.keptBody(ws, `series-engines|${q.range}|${q.surface ?? ''}`, async () => {
      const engines = [COMPOSITE, ...await scores.enginesMeasured(ws, q.range, q.surface)];
      const all = await Promise.all(engines.map((engine) => bodies.seriesBody(ws, { ...q, engine })));
      return `{"workspace":${JSON.stringify(ws.slug)},"range":"${q.range}","surface":${JSON.stringify(q.surface ?? null)},"series":[${all.join(',')}]}`;
    }),

    /** The brand and its competitors day by day (JSON.stringify writes exactly the schema's fields). */
    entities: (ws: WorkspaceContext, q: SeriesQuery) => scores.keptBody(ws, `entities|${q.engine}|${q.range}|${q.surface ?? ''}`, async () => {
      const { series, runId } = await scores.entitySeriesRead(ws, q.engine, q.range, q.surface);
      return JSON.stringify({ ...series, stamp: await stamps.ofRange(ws, q.range, { ...q, newestRun: runId }) });
    }),

    /**
     * What the dashboard's overview asks first (its default range, every surface), made and stored
     * now: called once a run's snapshots have committed, so that the first person to open the
     * overview after a run reads stored figures instead of waiting for a month of them.
     */
    async overview(ws: WorkspaceContext) {
      await Promise.all([bodies.score(ws, {}), bodies.scoreboard(ws), bodies.engines(ws, { range: '28d' }), bodies.entities(ws, { engine: COMPOSITE, range: '28d' })]);
    },
  };
  return bodies;
}

export type ScoreBodies = ReturnType<typeof createScoreBodies>;
