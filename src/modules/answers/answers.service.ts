import { LRUCache } from 'lru-cache';
import type { Db } from '../../lib/db.ts';
import type { ReadsCache } from '../../lib/reads-cache.ts';
import { notFound } from '../../lib/errors.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { ENGINE_NAMES } from '../../lib/format/format.ts';
import { analyzeAnswer, entitiesOf } from '../analysis/analyze.fns.ts';
import { profileFromWorkspace } from '../analysis/profile.fns.ts';
import { ENGINE_SURFACE } from '../engines/capture/capture.ts';
import type { Surface } from '../engines/capture/trace.ts';
import type { Stamps } from '../scores/stamps.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import {
  changesBetween, decodeCursor, encodeCursor, parseDomain, parseMentions, parseQuery, parseRange, type Cursor, type SentimentLabel,
} from './answers.fns.ts';
import { createAnswersRepo, type AnswerFilter, type AnswerRecord } from './answers.repo.ts';
import { evidenceSpans, mentionSpans, type AnswerSpans } from '../analysis/spans.fns.ts';
import { citationViews } from './citations.fns.ts';
import { EXPORT_BATCH } from './export.fns.ts';

// What the engines said: every stored answer, whole, with where each tracked name stands in it,
// what it cited and retrieved, what it searched, the brand's tone and its evidence, and the
// methodology stamp of the run and engine it counts in (docs/answers.md).

export interface ListQuery {
  limit: number;
  cursor?: string;
  runId?: string;
  promptId?: string;
  engine?: string;
  surface?: Surface;
  from?: string;
  to?: string;
  mentions?: string;
  cited?: string;
  sentiment?: SentimentLabel;
  q?: string;
}

/** The list's filters without its paging: what the export takes. */
export type ExportQuery = Omit<ListQuery, 'limit' | 'cursor'>;

export interface AnswersDeps {
  db: Db;
  workspaces: Pick<WorkspacesService, 'getSettings'>;
  stamps: Pick<Stamps, 'ofRunEngines' | 'ofRuns'>;
  /**
   * Pages of the list kept per workspace and query, computed once for concurrent callers, dropped
   * when answers are written or the workspace's names change (`answersScope`; src/lib/reads-cache.ts).
   */
  reads?: ReadsCache;
}

/** The reads-cache scope of a workspace's answers: its own, so that a run's writes drop the list's pages, not the scores'. */
export const answersScope = (workspaceId: string) => `${workspaceId}#answers`;
/** A list query as a key: its fields in one order. */
const queryKey = (ws: WorkspaceContext, q: ListQuery) => `list|${ws.slug}|${JSON.stringify(Object.entries(q).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b)))}`;

const surfaceOf = (r: AnswerRecord): Surface => (r.surface as Surface | null) ?? (ENGINE_SURFACE as Record<string, Surface>)[r.engine] ?? 'api';
const enginesOn = (surface: Surface) => Object.entries(ENGINE_SURFACE).filter(([, s]) => s === surface).map(([e]) => e);

export function createAnswersService(deps: AnswersDeps) {
  const repo = createAnswersRepo(deps.db);

  const profileOf = async (ws: WorkspaceContext) => {
    const settings = await deps.workspaces.getSettings(ws);
    return { settings, profile: profileFromWorkspace(settings) };
  };
  type Profile = Awaited<ReturnType<typeof profileOf>>['profile'];

  /** An answer stored before its spans were kept: analysed again with the workspace's names today. */
  function spansAgain(r: AnswerRecord, profile: Profile, brandNamed: boolean): AnswerSpans {
    const fresh = analyzeAnswer(profile, r.answer, r.sources, { prompt: r.prompt_text, language: r.language });
    return {
      mentions: mentionSpans(r.answer, r.analysis, fresh),
      evidence: brandNamed ? evidenceSpans(r.answer, fresh, fresh.brand.sentimentEvidence) : [],
    };
  }

  /** One stored answer as readers see it (without its stamp). */
  function view(r: AnswerRecord, profile: Profile) {
    const text = r.answer;
    const brand = r.analysis?.entities.find((e) => e.entityId === 'brand') ?? null;
    const spans = r.analysis?.spans ?? spansAgain(r, profile, brand !== null);
    const titles = new Map((r.cited ?? []).map((c) => [c.url, c.title] as const));
    const createdAt = new Date(r.created_at);
    return {
      id: r.id, runId: r.run_id, promptId: r.prompt_id, prompt: r.prompt_text,
      engine: { id: r.engine, name: (ENGINE_NAMES as Record<string, string>)[r.engine] ?? r.engine },
      surface: surfaceOf(r), modelVersion: r.model_version ?? null, sample: Number(r.sample), createdAt: createdAt.toISOString(),
      simulated: Boolean(r.simulated), language: r.language, text,
      entities: (r.analysis?.entities ?? []).map((e) => ({ entityId: e.entityId, name: e.name, kind: e.kind, rank: e.rank, sentiment: e.sentimentLabel ?? null })),
      mentions: spans.mentions,
      citations: citationViews(r.analysis, r.retrieved ?? [], titles, entitiesOf(profile)),
      fanOutQueries: r.queries ?? [],
      sentiment: {
        label: (brand?.sentimentLabel ?? null) as SentimentLabel | null,
        evidence: spans.evidence,
      },
      unknownToEngine: r.analysis?.unknownToEngine ?? null,
    };
  }
  type View = ReturnType<typeof view>;

  // An ended run's stamp per engine never changes (its answers are written): kept, so that a page
  // of a run's answers costs its rows, not an aggregate over the run per engine (bench/README.md).
  type Stamp = Awaited<ReturnType<Stamps['ofRunEngines']>>[number];
  const ended = new LRUCache<string, Stamp>({ max: 5_000 });
  type StampsByRun = Map<string, Promise<Stamp>>;

  /** Each answer with the stamp of its run and engine, each stamp built once per page (or per export: `stamps` is kept across its batches). */
  async function stamped(ws: WorkspaceContext, views: View[], stamps: StampsByRun = new Map()) {
    const key = (v: View) => `${ws.id}|${v.runId}|${v.engine.id}`;
    const missing = [...new Set(views.filter((v) => !ended.has(key(v)) && !stamps.has(key(v))).map((v) => v.runId))];
    const done = await repo.endedRuns(missing);
    // The pairs not kept, made together (one read of their runs' answers): the first view of each names its day.
    const wanted = new Map<string, { runId: string; engine: string; day: string }>();
    for (const v of views) {
      const k = key(v);
      if (stamps.has(k)) continue;
      const kept = ended.get(k);
      if (kept) stamps.set(k, Promise.resolve(kept));
      else if (!wanted.has(k)) wanted.set(k, { runId: v.runId, engine: v.engine.id, day: v.createdAt.slice(0, 10) });
    }
    const made = deps.stamps.ofRunEngines(ws, [...wanted.values()]);
    [...wanted].forEach(([k, pair], i) => stamps.set(k, made.then((all) => {
      const stamp = all[i]!;
      if (done.has(pair.runId)) ended.set(k, stamp);
      return stamp;
    })));
    return Promise.all(views.map(async (v) => ({ ...v, stamp: await stamps.get(key(v))! })));
  }

  /** The filters as the repo takes them; a 400 naming the field for a bad one. */
  function filterOf(query: ExportQuery, competitors: number): AnswerFilter {
    const range = parseRange(query.from, query.to);
    const engines = query.surface ? enginesOn(query.surface).filter((e) => !query.engine || e === query.engine) : query.engine ? [query.engine] : undefined;
    return {
      runId: query.runId, promptId: query.promptId, engines, ...range,
      mentions: parseMentions(query.mentions, competitors), cited: parseDomain(query.cited), sentiment: query.sentiment, q: parseQuery(query.q),
    };
  }

  /** A page, as read from the database. */
  async function listOf(ws: WorkspaceContext, query: ListQuery) {
    const { settings, profile } = await profileOf(ws);
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const filter = filterOf(query, settings.competitors.length);
    const rows = await repo.page(ws.id, filter, query.limit + 1, after);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      answers: await stamped(ws, page.map((r) => view(r, profile))),
      nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: new Date(last.created_at), id: last.id }) : null,
    };
  }

  return {
    /** A page of answers, newest first, with the cursor of the next page (null on the last). Kept: a caller must not change it. */
    list(ws: WorkspaceContext, query: ListQuery) {
      return deps.reads ? deps.reads.read(answersScope(ws.id), queryKey(ws, query), () => listOf(ws, query)) : listOf(ws, query);
    },

    /** The page serialised by `serialize` (the route's serializer), kept so: a kept page costs its lookup, not 20 answers' serialisation. */
    async listJson(ws: WorkspaceContext, query: ListQuery, serialize: (page: Awaited<ReturnType<typeof listOf>>) => string): Promise<string> {
      if (!deps.reads) return serialize(await listOf(ws, query));
      return deps.reads.read(answersScope(ws.id), `json|${queryKey(ws, query)}`, async () => serialize(await listOf(ws, query)));
    },

    /**
     * Every answer the filters keep, in the list's order and shape, as batches of `batchSize` read
     * by keyset (the last answer's time and id) and each handed on before the next is read. The
     * filters are checked now, so a bad one is a 400 before any byte of the export is sent.
     */
    async exportBatches(ws: WorkspaceContext, query: ExportQuery, batchSize = EXPORT_BATCH) {
      const { settings, profile } = await profileOf(ws);
      const filter = filterOf(query, settings.competitors.length);
      const stamps: StampsByRun = new Map();
      const read = (after?: Cursor) => {
        const batch = repo.page(ws.id, filter, batchSize, after);
        batch.catch(() => undefined); // awaited below, unless the reader stopped first
        return batch;
      };
      return (async function* () {
        let next = read();
        for (;;) {
          const rows = await next;
          if (!rows.length) return;
          // The next batch is read while this one is stamped, serialised and sent: the database
          // and this process work at once (two batches held at most, whatever the export's size).
          const last = rows.at(-1)!;
          next = rows.length < batchSize ? Promise.resolve([]) : read({ createdAt: new Date(last.created_at), id: last.id });
          // A run and engine's stamp is kept for the rest of the export (the list is newest
          // first, so runs come together); a bound on what is kept for a very long one.
          if (stamps.size > 5_000) stamps.clear();
          yield await stamped(ws, rows.map((r) => view(r, profile)), stamps);
        }
      })();
    },

    /** One answer, the same prompt × engine × surface's answer before it, and what changed. */
    async get(ws: WorkspaceContext, id: string) {
      const row = await repo.one(ws.id, id);
      if (!row) throw notFound('Answer');
      const { profile } = await profileOf(ws);
      const before = await repo.previous(ws.id, row);
      const [answer, previous] = await stamped(ws, [view(row, profile), ...(before ? [view(before, profile)] : [])]);
      return { answer: answer!, previous: previous ?? null, changes: previous ? changesBetween(answer!, previous) : null };
    },
  };
}
export type AnswersService = ReturnType<typeof createAnswersService>;
