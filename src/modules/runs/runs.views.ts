import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { KeepRead } from '../../lib/reads-cache.ts';
import type { EnginesService } from '../engines/engines.service.ts';
import { CONNECTOR_OF } from '../engines/providers.ts';
import { ENGINE_IDS } from '../engines/catalogue.ts';
import type { ProviderStatus } from '../engines/limits/pacer.ts';
import type { PacedProvider } from '../engines/limits/limits.config.ts';
import { jobView, type JobRow } from '../jobs/jobs.service.ts';
import { samplingCells, samplingSummary, samplingTotals } from './adaptive.ts';
import { filterDetailRows, sitesOf, type DetailRowFilter } from './detail-rows.fns.ts';
import type { BatchView, RunBatches } from './batches.ts';
import { summarizeRun } from './detail.fns.ts';
import { brandVisibility, runSimulation, type Preset, type RunPlan } from './runs.fns.ts';
import { runResults } from './runs.tables.ts';

// Every column of a result but its search words (a tsvector as long as the answer, read by search only).
const { answerSearch: _search, ...resultColumns } = getTableColumns(runResults);
// And without the answer's text too: a page of run detail reads the text of its own rows only.
const { answer: _answer, ...rowColumns } = resultColumns;

// A run as its readers see it: the job's view with what the run adds — samples and sampling,
// the honest simulation labels, the provider cost, the circuits of the providers it calls while
// it runs, and its provider batches. Lists read each figure for all their runs at once.

/** Engine ids in the catalogue's order (ChatGPT first), whatever order the plan was built in; others after. */
const byCatalogue = (ids: string[]) => {
  const at = (id: string) => { const i = (ENGINE_IDS as readonly string[]).indexOf(id); return i < 0 ? ENGINE_IDS.length : i; };
  return [...ids].sort((a, b) => at(a) - at(b) || a.localeCompare(b));
};

type Counts = { calls: number; simulated: number; costMicrousd?: number; answered?: number; mentioned?: number };

/** A run's counts from its rows, where run detail reads them all anyway. */
const countsOfRows = (results: Array<{ simulated: boolean; costMicrousd: number | null }>): Counts =>
  ({ calls: results.length, simulated: results.filter((r) => r.simulated).length, costMicrousd: results.reduce((sum, r) => sum + (r.costMicrousd ?? 0), 0) });

/** A page of run detail's rows: the filters, then `limit` rows from `offset`. */
export type DetailPage = DetailRowFilter & { limit: number; offset: number };

export function createRunViews(deps: {
  db: Db; engines: Pick<EnginesService, 'providerStatus'>; batches: Pick<RunBatches, 'views'>;
  /** An ended run's rows and summaries are kept here between pages (without it, read for each page). */
  keep?: KeepRead;
  /**
   * Where ended runs' counts are kept: across processes and restarts too (the first request of
   * the overview asks for the latest succeeded run, and counting its answers is most of it). Else `keep`.
   */
  keepCounts?: KeepRead;
}) {
  const { db, batches } = deps;
  const keepCounts = deps.keepCounts ?? deps.keep;

  /** Stored calls and simulated calls per run, for the honest labels of run lists. */
  async function resultCounts(runIds: string[]) {
    if (!runIds.length) return new Map<string, Required<Counts>>();
    const rows = await db.select({
      runId: runResults.runId, calls: sql<number>`count(*)::int`, simulated: sql<number>`(count(*) filter (where ${runResults.simulated}))::int`,
      costMicrousd: sql<number>`coalesce(sum(${runResults.costMicrousd}), 0)::float8`,
      answered: sql<number>`(count(*) filter (where ${runResults.error} is null))::int`,
      mentioned: sql<number>`(count(*) filter (where ${runResults.error} is null and ${runResults.brandMentioned}))::int`,
    }).from(runResults).where(inArray(runResults.runId, runIds)).groupBy(runResults.runId);
    return new Map(rows.map((r) => [r.runId, { calls: Number(r.calls), simulated: Number(r.simulated), costMicrousd: Number(r.costMicrousd), answered: Number(r.answered), mentioned: Number(r.mentioned) }]));
  }
  /**
   * The same for a list: the ended runs' counts are kept together (a hundred runs are a quarter of
   * a million answers to count), dropped with the answers' kept reads when a late write of a
   * cancelled run lands; a running run's are read each time.
   */
  async function listCounts(rows: JobRow[]) {
    const ended = rows.filter((r) => r.status !== 'running').map((r) => r.id);
    const running = rows.filter((r) => r.status === 'running').map((r) => r.id);
    const workspaceId = rows[0]?.workspaceId;
    const [kept, live] = await Promise.all([
      // As entries: what is kept across processes is plain JSON.
      keepCounts && workspaceId && ended.length ? keepCounts(workspaceId, `run-counts|${ended.join(',')}`, async () => [...await resultCounts(ended)]) : resultCounts(ended),
      resultCounts(running),
    ]);
    return new Map([...kept, ...live]);
  }
  /** The providers a running run calls for real: their circuits and pauses are its status too. */
  const realProviders = (row: JobRow): PacedProvider[] => {
    const plan = row.params.plan as RunPlan | undefined;
    if (row.status !== 'running' || !plan) return [];
    return [...new Set(Object.keys(plan.calls).filter((e) => !(plan.simulated ?? []).includes(e as never)).map((e) => CONNECTOR_OF[e as keyof typeof CONNECTOR_OF] as PacedProvider))];
  };
  async function providerStates(rows: JobRow[]) {
    const wanted = [...new Set(rows.flatMap(realProviders))];
    return wanted.length ? await deps.engines.providerStatus(wanted) : [];
  }
  const runView = (row: JobRow, slug: string, counts?: Counts, states: ProviderStatus[] = [], extras?: { cells: number; extraSamples: number }, submitted: BatchView[] = []) => {
    const plan = row.params.plan as RunPlan | undefined;
    const mine = realProviders(row);
    return {
      ...jobView(row, slug), preset: (row.params.preset as Preset | undefined) ?? null, engines: plan ? byCatalogue(Object.keys(plan.calls)) : [],
      brandVisibility: brandVisibility(counts), samples: plan?.samples ?? 1, sampling: samplingSummary(plan?.sampling, extras), ...runSimulation(plan, counts), providerCostMicrousd: counts?.costMicrousd ?? 0,
      providers: states.filter((s) => mine.includes(s.provider)).map((s) => ({ provider: s.provider, circuit: s.circuit, paused: s.paused })),
      batch: row.params.batch === true, batches: submitted,
    };
  };

  return {
    /** One run's view. */
    async one(row: JobRow, slug: string) {
      const [counts, states, extras, submitted] = await Promise.all([resultCounts([row.id]), providerStates([row]), samplingTotals(db, [row.id]), batches.views([row.id])]);
      return runView(row, slug, counts.get(row.id), states, extras.get(row.id), submitted.get(row.id));
    },
    /** A list's views, each figure read once for all its runs. */
    async many(rows: JobRow[], slug: string) {
      const ids = rows.map((r) => r.id);
      const [counts, states, extras, submitted] = await Promise.all([listCounts(rows), providerStates(rows), samplingTotals(db, ids), batches.views(ids)]);
      return rows.map((row) => runView(row, slug, counts.get(row.id), states, extras.get(row.id), submitted.get(row.id)));
    },
    /** The run with every result per engine and prompt, and where an adaptive run's extra samples went. */
    async detail(row: JobRow, slug: string) {
      const results = await db.select(resultColumns).from(runResults).where(eq(runResults.runId, row.id)).orderBy(asc(runResults.engine), asc(runResults.sample), asc(runResults.id));
      const counts = countsOfRows(results);
      const [states, extras, cells, submitted] = await Promise.all([providerStates([row]), samplingTotals(db, [row.id]), samplingCells(db, row.id), batches.views([row.id])]);
      const run = runView(row, slug, counts, states, extras.get(row.id), submitted.get(row.id));
      return { run, ...summarizeRun(results), sampling: run.sampling && { ...run.sampling, cells } };
    },
    /**
     * The same, with one page of the rows the filters keep instead of every row under its engine.
     * The run's rows are read without their answers' text (summaries and filters need none of it),
     * kept once the run has ended, and only the page's rows read their text.
     */
    async detailPage(row: JobRow, slug: string, page: DetailPage) {
      const derive = async () => {
        const results = await db.select(rowColumns).from(runResults).where(eq(runResults.runId, row.id)).orderBy(asc(runResults.engine), asc(runResults.sample), asc(runResults.id));
        const { engines } = summarizeRun(results);
        const all = engines.flatMap((e) => e.prompts.map((p) => ({ engine: e.engine, ...p })));
        const counts = countsOfRows(results);
        return { engines: engines.map(({ prompts: _rows, ...e }) => e), all, sites: sitesOf(all), counts };
      };
      const base = row.status !== 'running' && deps.keep ? await deps.keep(row.workspaceId, `run-detail|${row.id}`, derive) : await derive();
      const [states, extras, cells, submitted] = await Promise.all([providerStates([row]), samplingTotals(db, [row.id]), samplingCells(db, row.id), batches.views([row.id])]);
      const run = runView(row, slug, base.counts, states, extras.get(row.id), submitted.get(row.id));
      const kept = filterDetailRows(base.all, page);
      const items = kept.slice(page.offset, page.offset + page.limit);
      const texts = new Map(items.length
        ? (await db.select({ id: runResults.id, answer: runResults.answer }).from(runResults).where(inArray(runResults.id, items.map((i) => i.id)))).map((r) => [r.id, r.answer])
        : []);
      return {
        run, engines: base.engines, sampling: run.sampling && { ...run.sampling, cells },
        rows: { items: items.map((i) => ({ ...i, answer: texts.get(i.id) ?? '' })), total: kept.length, limit: page.limit, offset: page.offset, sites: base.sites },
      };
    },
  };
}
