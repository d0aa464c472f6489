import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { ALL_ENGINE_IDS, ENGINE_IDS } from '../engines/catalogue.ts';
import { rawRows, type Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { significant, round } from './scores.fns.ts';
import { scoreBody, type Snapshot } from './snapshot.fns.ts';
import { scoreSnapshots } from './scores.tables.ts';
import { CURRENT_METRIC_VERSION, definitionChanges } from './definitions.fns.ts';
import { entitySeries } from './entity-series.fns.ts';
import { RANGE_DAYS as RANGES, rangeFrom, shiftDay, utcDay } from '../../lib/ranges.ts';
import type { Surface } from '../engines/capture/trace.ts';
import type { FigureSurface } from './stamp-facts.fns.ts';
import { FLAG_RADIUS_DAYS, flagsByDay, type CanariesService } from '../canaries/canaries.service.ts';
import type { ReadsCache } from '../../lib/reads-cache.ts';
import type { StoredReads } from './stored-reads.ts';
import { COMPOSITE, engineSurface, isSurfaceComposite, surfaceComposite, surfaceOfEngines } from './composite.ts';
import { createPooling } from './pooling.ts';
export { COMPOSITE, surfaceComposite };
export { RANGES };
const DAY_MS = 24 * 3600 * 1000;
const notAvailable = () => new AppError('score_not_available', 'No measurement has succeeded for this workspace on or before that date.');
const notOnSurface = (surface: string) => new AppError('score_not_available', `No measurement with ${surface}-surface engines has succeeded for this workspace on or before that date (figures per surface are pooled from the runs since they were introduced).`);
const dayOf = utcDay;
/** The honest label: the share of answers from simulated engines and whether any is; null for snapshots written before they were counted. */
const honest = (answers: number, simulated: number) => (answers ? { simulatedShare: round(simulated / answers), simulated: simulated > 0 } : { simulatedShare: null, simulated: null });

/** What the read routes use of a snapshot: never its statistics (tens of kilobytes, read only when pooling). */
const SHOWN = {
  engine: scoreSnapshots.engine, day: scoreSnapshots.day, runId: scoreSnapshots.runId, data: scoreSnapshots.data,
  answers: scoreSnapshots.answers, simulatedAnswers: scoreSnapshots.simulatedAnswers, metricVersion: scoreSnapshots.metricVersion,
};

/** A time series as JSON text, with the metric definition and the run of its latest point beside it (read without parsing the text). */
export interface SeriesJson { json: string; version: string; runId: string | null }

export function createScoresService(deps: {
  db: Db; clock: Clock; workspaces: WorkspacesService;
  /** Engine changes flagged by the canaries: the time series marks the days around them. */
  canaries?: Pick<CanariesService, 'between'>;
  /**
   * The hot reads (score, scoreboard, series, metrics) are kept per workspace, computed once for
   * concurrent callers, and dropped by the writes that change them: a run's commit (here), a
   * re-derivation (rederive.ts); src/lib/reads-cache.ts. Without it every read is computed.
   */
  reads?: ReadsCache;
  /** Where the slowest of them (the series' and scoreboard's bodies) are kept across processes and restarts (stored-reads.ts). */
  stored?: StoredReads;
}) {
  const { db, clock } = deps;
  const kept = <T>(ws: WorkspaceContext, key: string, compute: () => Promise<T>) => (deps.reads ? deps.reads.read(ws.id, `scores|${ws.slug}|${key}`, compute) : compute());

  async function latest(ws: WorkspaceContext, engine: string, onOrBefore: string) {
    const [row] = await db.select(SHOWN).from(scoreSnapshots)
      .where(and(eq(scoreSnapshots.workspaceId, ws.id), eq(scoreSnapshots.engine, engine), lte(scoreSnapshots.day, onOrBefore)))
      .orderBy(desc(scoreSnapshots.day)).limit(1);
    return row ?? null;
  }

  /** The surface of a day's composite: of the engines with a snapshot that day. */
  async function daySurface(ws: WorkspaceContext, day: string): Promise<FigureSurface | null> {
    const rows = await db.select({ engine: scoreSnapshots.engine }).from(scoreSnapshots).where(and(eq(scoreSnapshots.workspaceId, ws.id), eq(scoreSnapshots.day, day)));
    return surfaceOfEngines(rows.map((r) => r.engine));
  }

  /** The snapshot rows a series reads: one engine, the composite, or the composite of one surface; an engine of the other surface is a 400. */
  function seriesKey(engine: string, surface?: Surface) {
    if (!surface) return engine;
    if (engine === COMPOSITE) return surfaceComposite(surface);
    if (engineSurface(engine) !== surface) throw new AppError('invalid_request', `${engine} is measured on the ${engineSurface(engine)} surface, not ${surface}: ask for engine=composite&surface=${surface}, or drop surface.`);
    return engine;
  }

  /** The canaries' flags bearing on a series: its engine's, or those of every engine (of the surface) for a composite. */
  async function engineChangesFor(engine: string, surface: Surface | undefined, from: string | null, to: string) {
    if (!deps.canaries) return [];
    const engines = engine !== COMPOSITE ? [engine] : surface ? ENGINE_IDS.filter((e) => engineSurface(e) === surface) : null;
    return deps.canaries.between(from ? shiftDay(from, -FLAG_RADIUS_DAYS) : '0000-01-01', shiftDay(to, FLAG_RADIUS_DAYS), engines);
  }

  const service = {
    prepareRun: createPooling(deps).prepareRun,

    /** The day's composite score, of every engine (its `surface` says whether it pools both) or of one surface. */
    async score(ws: WorkspaceContext, date?: string, surface?: Surface) {
      return (await service.scoreRead(ws, date, surface)).score;
    },

    /** The score and the run of its snapshot (what its stamp is memoised by). Kept: a caller must not change it. */
    scoreRead(ws: WorkspaceContext, date?: string, surface?: Surface) {
      const day = date ?? dayOf(clock.now());
      return kept(ws, `score|${day}|${surface ?? ''}`, async () => {
        const row = await latest(ws, surface ? surfaceComposite(surface) : COMPOSITE, day);
        if (!row) throw surface ? notOnSurface(surface) : notAvailable();
        // A surface's composite is still `composite`, of that surface.
        return { score: { ...scoreBody(row.data, row.day), version: row.metricVersion, engine: COMPOSITE, surface: surface ?? (await daySurface(ws, row.day)) }, runId: row.runId };
      });
    },

    /**
     * The hot reads (scoreboard, time series) are assembled as JSON by PostgreSQL and passed
     * through as text: a year of points is never parsed and re-serialised by the API process.
     * What a caller needs besides the text (the day, the metric definition) comes beside it.
     */
    scoreboardJson(ws: WorkspaceContext): Promise<{ json: string; date: string; version: string; runId: string }> {
      return kept(ws, `board|${dayOf(clock.now())}`, () => service.scoreboardOf(ws));
    },
    async scoreboardOf(ws: WorkspaceContext): Promise<{ json: string; date: string; version: string; runId: string }> {
      const [row] = await rawRows<{ day: string; run_id: string; answers: number; simulated_answers: number; runs: string | null; entities: string; metric_version: string }>(db, sql`
        select day, run_id, answers, simulated_answers, metric_version, (data->'runs')::text as runs, (data->'scoreboard')::text as entities from score_snapshots
        where workspace_id = ${ws.id} and engine = ${COMPOSITE} and day <= ${dayOf(clock.now())}
        order by day desc limit 1`);
      if (!row) throw notAvailable();
      const labels = honest(Number(row.answers), Number(row.simulated_answers));
      const surface = await daySurface(ws, row.day);
      const json = `{"workspace":${JSON.stringify(ws.slug)},"date":"${row.day}","runId":${JSON.stringify(row.run_id)},"runs":${row.runs ?? 1},"surface":${JSON.stringify(surface)},"answers":${Number(row.answers)},"simulatedShare":${labels.simulatedShare},"simulated":${labels.simulated},"version":${JSON.stringify(row.metric_version)},"entities":${row.entities}}`;
      return { json, date: row.day, version: row.metric_version, runId: row.run_id };
    },

    timeseriesJson(ws: WorkspaceContext, engine: string, range: keyof typeof RANGES, surface?: Surface): Promise<SeriesJson> {
      const rowsOf = seriesKey(engine, surface);
      return kept(ws, `series|${engine}|${range}|${dayOf(clock.now())}|${surface ?? ''}`, () => service.seriesOf(ws, engine, rowsOf, range, surface));
    },
    async seriesOf(ws: WorkspaceContext, engine: string, rowsOf: string, range: keyof typeof RANGES, surface?: Surface): Promise<SeriesJson> {
      const today = dayOf(clock.now());
      const from = rangeFrom(range, today);
      if (!(await latest(ws, COMPOSITE, today))) throw notAvailable();
      // Engine changes near the range, of the series' engines: the days around each carry them.
      const changes = await engineChangesFor(engine, surface, from, today);
      const near = JSON.stringify(Object.fromEntries(flagsByDay(changes)));
      // Each point says its metric definition, and the day it differs from the point before is
      // marked (`definitionChanged`); the lag is taken over every day, so a change on the range's
      // first day shows too. Spliced as text: the stored points are never parsed here.
      const [row] = await rawRows<{ points: string; answers: number; simulated: number; version: string | null; run: string | null }>(db, sql`
        select '[' || coalesce(string_agg('{' || coalesce('"possibleEngineChange":' || (${near}::jsonb -> day)::text || ',', '')
            || '"metricVersion":' || to_json(metric_version)::text
            || case when prev <> metric_version then ',"definitionChanged":{"from":' || to_json(prev)::text || ',"to":' || to_json(metric_version)::text || '}' else '' end
            || case when length(point) > 2 then ',' || substr(point, 2) else '}' end, ',' order by day), '') || ']' as points,
          coalesce(sum(answers), 0)::int as answers, coalesce(sum(simulated_answers), 0)::int as simulated,
          (array_agg(metric_version order by day desc))[1] as version, (array_agg(run_id order by day desc))[1] as run
        from (select day, run_id, point, metric_version, answers, simulated_answers, lag(metric_version) over (order by day) as prev from score_snapshots
          where workspace_id = ${ws.id} and engine = ${rowsOf} and day <= ${today}) s
        ${from ? sql`where day >= ${from}` : sql``}`);
      const versions = await db.select({ date: scoreSnapshots.day, metricVersion: scoreSnapshots.metricVersion }).from(scoreSnapshots)
        .where(and(eq(scoreSnapshots.workspaceId, ws.id), eq(scoreSnapshots.engine, rowsOf), lte(scoreSnapshots.day, today)));
      const definitionChanged = definitionChanges(versions).filter((c) => !from || c.date >= from);
      const labels = honest(Number(row!.answers), Number(row!.simulated));
      // The series' surface: the filter, the engine's own, or that of every engine measured in the range.
      const seriesSurface = surface ?? (engine !== COMPOSITE ? engineSurface(engine) : surfaceOfEngines(await service.enginesMeasured(ws, range)));
      const version = row!.version ?? CURRENT_METRIC_VERSION;
      const json = `{"workspace":${JSON.stringify(ws.slug)},"engine":${JSON.stringify(engine)},"surface":${JSON.stringify(seriesSurface)},"range":"${range}","from":${from ? `"${from}"` : 'null'},"to":"${today}","version":${JSON.stringify(version)},"answers":${Number(row!.answers)},"simulatedShare":${labels.simulatedShare},"simulated":${labels.simulated},"definitionChanges":${JSON.stringify(definitionChanged)},"engineChanges":${JSON.stringify(changes)},"points":${row!.points}}`;
      return { json, version, runId: row!.run };
    },

    /** The engines with a snapshot in the range (of `surface`, when given), in the catalogue's order. */
    async enginesMeasured(ws: WorkspaceContext, range: keyof typeof RANGES, surface?: Surface): Promise<string[]> {
      const today = dayOf(clock.now());
      const from = rangeFrom(range, today);
      const found = new Set((await db.selectDistinct({ engine: scoreSnapshots.engine }).from(scoreSnapshots)
        .where(and(eq(scoreSnapshots.workspaceId, ws.id), lte(scoreSnapshots.day, today), ...(from ? [gte(scoreSnapshots.day, from)] : [])))).map((r) => r.engine));
      return ALL_ENGINE_IDS.filter((e) => found.has(e) && (!surface || engineSurface(e) === surface));
    },

    /** The brand and each competitor day by day (visibility and share of voice with their intervals), from each day's scoreboard. */
    async entitySeries(ws: WorkspaceContext, engine: string, range: keyof typeof RANGES, surface?: Surface) {
      return (await service.entitySeriesRead(ws, engine, range, surface)).series;
    },
    /** The entity series and the run of its latest day (what its stamp is memoised by). Kept: a caller must not change it. */
    entitySeriesRead(ws: WorkspaceContext, engine: string, range: keyof typeof RANGES, surface?: Surface) {
      return kept(ws, `entities|${engine}|${range}|${dayOf(clock.now())}|${surface ?? ''}`, () => service.entitySeriesOf(ws, engine, range, surface));
    },
    async entitySeriesOf(ws: WorkspaceContext, engine: string, range: keyof typeof RANGES, surface?: Surface) {
      const rowsOf = seriesKey(engine, surface);
      const today = dayOf(clock.now());
      const from = rangeFrom(range, today);
      if (!(await latest(ws, COMPOSITE, today))) throw notAvailable();
      // Only the scoreboard of each day is read out of the snapshot, never the whole document.
      const rows = await rawRows<{ day: string; run_id: string; answers: number; simulated: number; board: Snapshot['scoreboard'] }>(db, sql`
        select day, run_id, answers, simulated_answers as simulated, data->'scoreboard' as board from score_snapshots
        where workspace_id = ${ws.id} and engine = ${rowsOf} and day <= ${today} ${from ? sql`and day >= ${from}` : sql``} order by day`);
      const answers = rows.reduce((n, r) => n + Number(r.answers), 0);
      const labels = honest(answers, rows.reduce((n, r) => n + Number(r.simulated), 0));
      return {
        series: { workspace: ws.slug, engine, surface: surface ?? null, range, from, to: today, answers, ...labels, entities: entitySeries(rows.map((r) => ({ ...r, answers: Number(r.answers) }))) },
        runId: rows.at(-1)?.run_id ?? null,
      };
    },

    /** The latest composite snapshot's metrics, each engine's, and the change since the previous day measured. */
    metrics(ws: WorkspaceContext) {
      return kept(ws, `metrics|${dayOf(clock.now())}`, () => service.metricsOf(ws));
    },
    async metricsOf(ws: WorkspaceContext) {
      const current = await latest(ws, COMPOSITE, dayOf(clock.now()));
      if (!current) throw notAvailable();
      const previousDay = dayOf(new Date(new Date(`${current.day}T00:00:00Z`).getTime() - DAY_MS));
      const previous = await latest(ws, COMPOSITE, previousDay);
      const engines = await db.select(SHOWN).from(scoreSnapshots).where(and(eq(scoreSnapshots.workspaceId, ws.id), eq(scoreSnapshots.day, current.day)));
      const m = current.data.metrics;
      const delta = (now: Snapshot['metrics']['mentionRate'], before?: Snapshot['metrics']['mentionRate']) => ({
        current: now.value, previous: before?.value ?? null,
        delta: now.value !== null && before?.value != null ? round(now.value - before.value) : null,
        significant: significant(now.interval, before?.interval),
      });
      return {
        workspace: ws.slug, date: current.day, runId: current.runId, runs: current.data.runs ?? 1, version: current.metricVersion,
        surface: surfaceOfEngines(engines.map((e) => e.engine)), answers: m.answers, ...honest(current.answers, current.simulatedAnswers),
        score: { value: current.data.score, interval: current.data.interval ?? null },
        mentionRate: m.mentionRate, citationRate: m.citationRate, topCitedDomains: m.topCitedDomains,
        engines: engines.filter((e) => e.engine !== COMPOSITE && !isSurfaceComposite(e.engine)).map((e) => ({
          engine: e.engine, surface: engineSurface(e.engine), score: e.data.score, scoreInterval: e.data.interval ?? null, answers: e.data.metrics.answers, ...honest(e.answers, e.simulatedAnswers),
          mentionRate: e.data.metrics.mentionRate, citationRate: e.data.metrics.citationRate,
        })).sort((a, b) => a.engine.localeCompare(b.engine)),
        change: previous ? {
          previousDate: previous.day,
          score: {
            current: current.data.score, previous: previous.data.score, delta: current.data.score !== null && previous.data.score !== null ? round(current.data.score - previous.data.score, 2) : null,
            significant: significant(current.data.interval, previous.data.interval),
          },
          mentionRate: delta(m.mentionRate, previous.data.metrics.mentionRate),
          citationRate: delta(m.citationRate, previous.data.metrics.citationRate),
          ownedCitationShare: delta(current.data.components.volume, previous.data.components.volume),
        } : null,
      };
    },

    /**
     * A whole response body of the workspace's figures (a figure with its stamp, serialised, or as
     * plain JSON data), kept as the figures are: dropped by the same writes, and stored
     * (stored-reads.ts). `key` names the route and every parameter.
     */
    keptBody<T = string>(ws: WorkspaceContext, key: string, compute: () => Promise<T>): Promise<T> {
      const id = `body|${key}|${dayOf(clock.now())}`;
      // The body names the workspace by its slug: stored under it too.
      return kept(ws, id, () => (deps.stored ? deps.stored.through(ws.id, `${ws.slug}|${id}`, compute) : compute()));
    },

    /** After the transaction that wrote a run's snapshots has ended: the workspace's kept reads are dropped. */
    committed(workspaceId: string) {
      deps.reads?.settled(workspaceId);
    },

    /** Snapshots of one engine between two days (inclusive), oldest first, for reports. */
    history: (workspaceId: string, engine: string, fromDay: string, toDay: string) =>
      db.select({ day: scoreSnapshots.day, runId: scoreSnapshots.runId, data: scoreSnapshots.data }).from(scoreSnapshots)
        .where(and(eq(scoreSnapshots.workspaceId, workspaceId), eq(scoreSnapshots.engine, engine), gte(scoreSnapshots.day, fromDay), lte(scoreSnapshots.day, toDay)))
        .orderBy(asc(scoreSnapshots.day)),
  };
  return service;
}
export type ScoresService = ReturnType<typeof createScoresService>;
