import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { rawRows, type Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { jobOfKind } from '../jobs/jobs.reads.ts';
import type { PromptsService } from '../prompts/prompts.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { answerTraces, answerWrites, sourceClassOverrides } from './sources.tables.ts';
import { createAnswerDays } from './answer-days.repo.ts';
import { versionsOfDay } from './answer-days.fns.ts';
import { classOf, shippedClasses, type ClassContext, type OverridableClass, type SourceClass } from './source-classes.fns.ts';
import { modelVersionsByEngine } from './model-versions.fns.ts';
import { competitorGaps, fanout, ownedPages, searchedQueries, sourceTable, type TraceIn } from './views.fns.ts';
import { ownedPathTallies } from './owned-paths.fns.ts';
import { domainOf } from '../engines/capture/trace.ts';
import { invalid } from '../../lib/errors.ts';
import { dayStart, RANGE_DAYS, shiftDay, utcDay, type RangeName } from '../../lib/ranges.ts';
import type { KeepRead } from '../../lib/reads-cache.ts';
import type { StampCell, StampScope } from '../scores/stamp-facts.fns.ts';

// What the engines searched and read, read back: the window of latest succeeded runs (or one
// run), narrowed by engine and surface, through the pure views. Prompts' texts come from the
// prompts service; owned and competitor domains from the workspace's settings.

// The runs module writes each answer's trace in the same batch as the answer: the one write of
// this module's table from outside, offered here so that runs never imports the repo.
export { insertTraces, traceRow, type TraceRow } from './traces.repo.ts';

export interface ViewFilter {
  run?: string;
  engine?: string;
  surface?: 'api' | 'product';
}

/**
 * The window of latest succeeded runs, as the runs module reads it (its `RunReads`). Declared
 * here rather than imported: runs writes this module's traces, so importing runs back would tie
 * the two modules in a circle.
 */
export interface RunWindowReads {
  window(workspaceId: string): Promise<{ runIds: string[]; from: Date; to: Date } | null>;
  resultsWrittenMark?(workspaceId: string): SQL;
}

export function createSourcesService(deps: {
  db: Db; clock: Clock; runReads: RunWindowReads; prompts: PromptsService; workspaces: WorkspacesService;
  /** The answers' kept reads (src/lib/reads-cache.ts), dropped whenever answers and their traces are written. */
  keepAnswersRead?: KeepRead;
}) {
  const { db } = deps;
  const answerDays = createAnswerDays({ db, clock: deps.clock, traces: (ws, q) => service.stampTraces(ws, q) });

  async function windowOf(ws: WorkspaceContext, run?: string) {
    if (run) {
      const row = await jobOfKind(db, { workspaceId: ws.id, kind: 'measurement', id: run });
      if (!row) throw notFound('Run');
      return { runIds: [row.id], from: row.startedAt, to: row.finishedAt ?? deps.clock.now() };
    }
    return deps.runReads.window(ws.id);
  }

  async function classContext(ws: WorkspaceContext): Promise<ClassContext> {
    const settings = await deps.workspaces.getSettings(ws) as { domains: string[]; competitors: Array<{ name: string; domains: string[] }> };
    const overrides = await db.select().from(sourceClassOverrides).where(eq(sourceClassOverrides.workspaceId, ws.id));
    return {
      owned: settings.domains, competitors: settings.competitors.map((c) => ({ name: c.name, domains: c.domains })),
      overrides: new Map(overrides.map((o) => [o.domain, o.sourceClass as OverridableClass])), shipped: shippedClasses(),
    };
  }

  async function tracesOf(ws: WorkspaceContext, filter: ViewFilter) {
    const window = await windowOf(ws, filter.run);
    const traces: TraceIn[] = window?.runIds.length ? await db.select({
      resultId: answerTraces.resultId, runId: answerTraces.runId, engine: answerTraces.engine, surface: answerTraces.surface, simulated: answerTraces.simulated,
      promptId: answerTraces.promptId, sample: answerTraces.sample, queries: answerTraces.queries, retrieved: answerTraces.retrieved, cited: answerTraces.cited, missing: answerTraces.missing,
    }).from(answerTraces).where(and(
      eq(answerTraces.workspaceId, ws.id), inArray(answerTraces.runId, window.runIds),
      ...(filter.engine ? [eq(answerTraces.engine, filter.engine)] : []), ...(filter.surface ? [eq(answerTraces.surface, filter.surface)] : []),
    )).orderBy(asc(answerTraces.resultId)) : [];
    return { window, traces };
  }

  /** The traces of the window, the class context and what every view's header says. */
  async function load(ws: WorkspaceContext, filter: ViewFilter) {
    const { window, traces } = await tracesOf(ws, filter);
    const surfaces = [...new Set(traces.map((t) => t.surface))].sort();
    const header = {
      window: window ? { runIds: window.runIds, from: window.from.toISOString(), to: window.to.toISOString() } : null,
      filter: { engine: filter.engine ?? null, surface: filter.surface ?? null },
      answers: traces.length, surfaces, simulated: traces.some((t) => t.simulated),
      methodology: methodology(surfaces, traces.some((t) => t.simulated)),
    };
    return { traces, header, ctx: await classContext(ws) };
  }

  async function promptTexts(ws: WorkspaceContext, ids: string[]) {
    const rows = await deps.prompts.byIds(ws.id, [...new Set(ids)]);
    return new Map(rows.map((p) => [p.id, p.text]));
  }

  /** Each engine's versions per UTC day from `from` (every day when null), and the days they changed. */
  async function versionDays(ws: WorkspaceContext, from: string | null) {
    // From the finished days' summaries and the traces of the days still written (answer-days.repo.ts).
    const tomorrow = dayStart(shiftDay(utcDay(deps.clock.now()), 1));
    const days = await answerDays.days(ws, { from: from ? dayStart(from) : null, to: tomorrow });
    return modelVersionsByEngine(days.flatMap(({ day, cells }) => versionsOfDay(day, cells)));
  }

  const service = {
    async fanout(ws: WorkspaceContext, filter: ViewFilter) {
      const { traces, header } = await load(ws, filter);
      const rows = fanout(traces);
      const texts = await promptTexts(ws, rows.map((r) => r.promptId));
      return { ...header, rows: rows.map((r) => ({ ...r, prompt: texts.get(r.promptId) ?? null })) };
    },
    async table(ws: WorkspaceContext, filter: ViewFilter, by: 'domain' | 'url') {
      const { traces, header, ctx } = await load(ws, filter);
      const { answers, rows } = sourceTable(traces, by, ctx);
      return { ...header, answersBySurface: answers, rows };
    },
    async owned(ws: WorkspaceContext, filter: ViewFilter) {
      const { traces, header, ctx } = await load(ws, filter);
      const { summary, rows } = ownedPages(traces, ctx);
      const texts = await promptTexts(ws, rows.map((r) => r.promptId));
      return { ...header, summary, rows: rows.map((r) => ({ ...r, prompt: texts.get(r.promptId) ?? null })) };
    },
    async gaps(ws: WorkspaceContext, filter: ViewFilter) {
      const { traces, header, ctx } = await load(ws, filter);
      return { ...header, rows: competitorGaps(traces, ctx) };
    },
    /** The stored trace of one answer. */
    async answer(ws: WorkspaceContext, resultId: string) {
      const [row] = await db.select().from(answerTraces).where(and(eq(answerTraces.workspaceId, ws.id), eq(answerTraces.resultId, resultId)));
      if (!row) throw notFound('Answer trace');
      const { workspaceId: _w, createdAt, ...rest } = row;
      return { ...rest, createdAt: createdAt.toISOString() };
    },
    /**
     * What the engines searched for in the window's answers, for prompt proposals: each distinct
     * fan-out query with its answer count, engines, and the texts and languages of the prompts
     * that led to it.
     */
    async searched(ws: WorkspaceContext) {
      const { traces } = await tracesOf(ws, {});
      const rows = searchedQueries(traces);
      const byId = new Map((await deps.prompts.byIds(ws.id, [...new Set(rows.flatMap((r) => r.promptIds))])).map((p) => [p.id, { text: p.text, language: p.language }]));
      return rows.map(({ promptIds, ...r }) => ({ ...r, prompts: promptIds.flatMap((id) => byId.get(id) ?? []) }));
    },
    /** The brand's own pages per engine and path, retrieved and cited, over the window (the traffic chain). */
    async ownedPaths(ws: WorkspaceContext) {
      const { traces, header, ctx } = await load(ws, {});
      return { window: header.window, ...ownedPathTallies(traces, ctx) };
    },
    /** Gaps for the recommendation lane: the window's, with the prompts' texts. */
    async gapEvidence(ws: WorkspaceContext) {
      const { traces, ctx } = await load(ws, {});
      const gaps = competitorGaps(traces, ctx);
      return { gaps, prompts: await promptTexts(ws, gaps.flatMap((g) => g.promptIds)) };
    },

    /**
     * The model versions the providers reported with the answers of a period (`from` inclusive,
     * `to` exclusive), per engine and surface (api or product), with how many answers each: the
     * reports' methodology appendix.
     * A provider that reported none counts under `null`.
     */
    async modelVersions(ws: WorkspaceContext, from: Date, to: Date): Promise<Array<{ engine: string; surface: string; modelVersion: string | null; answers: number }>> {
      const rows = await deps.db.select({ engine: answerTraces.engine, surface: answerTraces.surface, modelVersion: answerTraces.modelVersion, answers: count() }).from(answerTraces)
        .where(and(eq(answerTraces.workspaceId, ws.id), gte(answerTraces.createdAt, from), lt(answerTraces.createdAt, to)))
        .groupBy(answerTraces.engine, answerTraces.surface, answerTraces.modelVersion).orderBy(asc(answerTraces.engine), asc(answerTraces.modelVersion));
      return rows.map((r) => ({ ...r, answers: Number(r.answers) }));
    },

    /**
     * The answers behind a figure in cells (stamp-facts.fns.ts): per UTC day, run, engine, surface,
     * model version and simulated flag, their count per prompt — for a time range or a set of runs,
     * one engine or surface: what the methodology stamp of the figure is made from.
     */
    stampAnswers: (ws: WorkspaceContext, q: StampScope) => answerDays.read(ws, q),

    /**
     * The same, always from the traces (the finished days' summaries are made from these), counted
     * and gathered into cells by the database: a day at 500 prompts and five engines comes back as
     * five rows, not 2,500 to be parsed, mapped and folded here.
     */
    async stampTraces(ws: WorkspaceContext, q: StampScope): Promise<StampCell[]> {
      const t = answerTraces;
      const where = and(
        eq(t.workspaceId, ws.id), q.from ? gte(t.createdAt, q.from) : undefined, q.to ? lt(t.createdAt, q.to) : undefined,
        q.runIds ? inArray(t.runId, q.runIds.length ? q.runIds : ['']) : undefined,
        q.engine ? eq(t.engine, q.engine) : undefined, q.engines ? inArray(t.engine, q.engines.length ? q.engines : ['']) : undefined, q.surface ? eq(t.surface, q.surface) : undefined,
      );
      const rows = await rawRows<{ day: string; run_id: string; engine: string; surface: string; model_version: string | null; simulated: boolean; prompts: Record<string, number> }>(deps.db, sql`
        select day, run_id, engine, surface, model_version, simulated, jsonb_object_agg(prompt_id, n) as prompts
        from (select to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day, ${t.runId} as run_id, ${t.engine} as engine, ${t.surface} as surface,
                ${t.modelVersion} as model_version, ${t.simulated} as simulated, ${t.promptId} as prompt_id, count(*) as n
              from ${t} where ${where} group by 1, 2, 3, 4, 5, 6, 7) counted
        group by day, run_id, engine, surface, model_version, simulated`);
      return rows.map((r) => ({ day: r.day, runId: r.run_id, engine: r.engine, surface: r.surface, modelVersion: r.model_version, simulated: r.simulated, prompts: r.prompts }));
    },

    /**
     * How many answers the period holds and the newest one's time, from the (workspace, time) index
     * alone: it changes whenever the period's answers do, added or deleted (the stamps' cache).
     */
    async answersMark(workspaceId: string, q: { from: Date | null; to: Date }): Promise<string> {
      const t = answerTraces;
      const [row] = await deps.db.select({ n: count(), at: sql<string | null>`max(${t.createdAt})::text` }).from(t)
        .where(and(eq(t.workspaceId, workspaceId), q.from ? gte(t.createdAt, q.from) : undefined, lt(t.createdAt, q.to)));
      return `${Number(row?.n ?? 0)}|${row?.at ?? ''}`;
    },

    /**
     * An expression whose value changes whenever an answer of the workspace is written, read without
     * counting them: the batches of traces written (traces.repo.ts), and the newest result the runs
     * wrote (a result without a trace, a failed call, changes an ended run's counts). Part of the
     * stored figures' mark (scores/stored-reads.ts).
     */
    answersWrittenMark(workspaceId: string): SQL {
      return sql.join([
        sql`coalesce((select ${answerWrites.batches}::text from ${answerWrites} where ${eq(answerWrites.workspaceId, workspaceId)}), '0')`,
        deps.runReads.resultsWrittenMark?.(workspaceId) ?? sql`''`,
      ], sql` || '|' || `);
    },

    /** Each engine's model versions day by day (UTC days of the answers) over the range, and the days they changed. */
    async modelVersionHistory(ws: WorkspaceContext, range: RangeName) {
      const span = RANGE_DAYS[range];
      const to = utcDay(deps.clock.now());
      const from = span === null ? null : shiftDay(to, 1 - span);
      // Kept with the answers' reads: a month of traces grouped by day is the overview's slowest
      // read (bench/README.md), and only written answers, or the next day, change it.
      const compute = () => versionDays(ws, from);
      const days = await (deps.keepAnswersRead ? deps.keepAnswersRead(ws.id, `model-versions|${range}|${to}`, compute) : compute());
      return { range, from, to, ...days };
    },

    /** The workspace's source classifier (settings, overrides, shipped list), for other modules' tables. */
    async classifier(ws: WorkspaceContext): Promise<(domain: string) => SourceClass> {
      const ctx = await classContext(ws);
      return (domain) => classOf(domain, ctx).class;
    },
    async classes(ws: WorkspaceContext) {
      const ctx = await classContext(ws);
      return {
        owned: ctx.owned, competitors: ctx.competitors,
        overrides: [...ctx.overrides].map(([domain, cls]) => ({ domain, class: cls })).sort((a, b) => a.domain.localeCompare(b.domain)),
        shipped: [...ctx.shipped].map(([domain, cls]) => ({ domain, class: cls })),
      };
    },
    async setClass(ws: WorkspaceContext, body: { domain: string; class: OverridableClass }) {
      const domain = domainOf(`https://${body.domain.toLowerCase()}/`);
      if (!domain) throw invalid('domain must be a host name such as example.com', { field: 'domain' });
      const now = deps.clock.now();
      await db.insert(sourceClassOverrides).values({ workspaceId: ws.id, domain, sourceClass: body.class, updatedAt: now })
        .onConflictDoUpdate({ target: [sourceClassOverrides.workspaceId, sourceClassOverrides.domain], set: { sourceClass: body.class, updatedAt: now } });
      return this.classes(ws);
    },
    async removeClass(ws: WorkspaceContext, domain: string) {
      await db.delete(sourceClassOverrides).where(and(eq(sourceClassOverrides.workspaceId, ws.id), eq(sourceClassOverrides.domain, domain.toLowerCase())));
      return this.classes(ws);
    },
  };
  return service;
}
export type SourcesService = ReturnType<typeof createSourcesService>;

/** The line every view carries: which surfaces its figures come from, and that they are never added together. */
export function methodology(surfaces: string[], simulated: boolean) {
  const names: Record<string, string> = { api: 'provider APIs with their search tools (surface api)', product: 'consumer answers as served on the web, via a results provider (surface product)' };
  const from = surfaces.length ? surfaces.map((s) => names[s] ?? s).join(' and ') : 'no answers';
  return `Sources as the engines reported them, from ${from}${surfaces.length > 1 ? '; each row is one surface, and figures of different surfaces are never added together' : ''}${simulated ? '. Includes simulated engines (labelled simulated).' : '.'}`;
}
