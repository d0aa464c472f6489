import { sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { analyzeAnswer, type AnalysisProfile } from '../analysis/analyze.fns.ts';
import { answerSpans } from '../analysis/spans.fns.ts';
import type { EngineAnswer } from '../engines/simulated.fns.ts';
import { insertTraces, traceRow, type TraceRow } from '../sources/sources.service.ts';
import { storedAnalysis, type StoredAnalysis } from './detail.fns.ts';
import { runResults } from './runs.tables.ts';

// One run's results as they come: each call's answer (or failure) analysed and buffered, written
// in batches off the calls' path. Live calls and a provider batch's results go through the same
// writer, so an answer is stored the same way however it was asked.

type ResultRow = typeof runResults.$inferInsert;

/** What the scores need of one answered call: its engine, its prompt (the bootstrap's unit), whether it was simulated. */
export interface Answered {
  engine: string;
  promptId: string;
  simulated: boolean;
  analysis: StoredAnalysis;
}

/** The prompt a call asked, as stored beside its result. */
export interface AskedPrompt { id: string; text: string; intent: string; language: string }

/** One call's outcome: its answer, or why it failed. */
export interface Called { answer: EngineAnswer | null; error: string | null; started: number }

/** PostgreSQL text and jsonb refuse U+0000: a provider's stray NUL must not lose the result. */
function clean(answer: { text: string; sources: Array<{ url: string; title?: string }> }) {
  const strip = (s: string) => s.replaceAll('\u0000', '');
  return { text: strip(answer.text), sources: answer.sources.map((s) => ({ url: strip(s.url), ...(s.title ? { title: strip(s.title) } : {}) })) };
}
/**
 * Batched result insert as one JSON parameter expanded by PostgreSQL (jsonb_populate_recordset):
 * JSON.stringify is native and fast, where binding 18 parameters per row costs the event loop
 * more than the engine calls themselves at 2,000 calls per second.
 */
function insertResults(db: Db, rows: ResultRow[]) {
  const json = JSON.stringify(rows.map((r) => ({
    id: r.id, run_id: r.runId, workspace_id: r.workspaceId, engine: r.engine, simulated: r.simulated, prompt_id: r.promptId, sample: r.sample ?? 1, extra: r.extra ?? false,
    prompt_text: r.promptText, intent: r.intent, language: r.language, answer: r.answer, sources: r.sources, analysis: r.analysis ?? null,
    brand_mentioned: r.brandMentioned, brand_rank: r.brandRank ?? null, brand_sentiment: r.brandSentiment ?? null, error: r.error ?? null,
    latency_ms: r.latencyMs, created_at: r.createdAt.toISOString(),
    input_tokens: r.inputTokens ?? null, output_tokens: r.outputTokens ?? null, search_calls: r.searchCalls ?? null, cost_microusd: r.costMicrousd ?? null,
  })));
  return db.execute(sql`insert into run_results select * from jsonb_populate_recordset(null::run_results, ${json}::jsonb)`);
}
const FLUSH_EVERY = 50;
/** A real call's usage and provider cost, as stored beside its result. */
const usageColumns = (answer: EngineAnswer | null) => (answer?.usage
  ? { inputTokens: answer.usage.inputTokens, outputTokens: answer.usage.outputTokens, searchCalls: answer.usage.searchCalls, costMicrousd: answer.costMicrousd ?? 0 }
  : {});

/**
 * `samples`: the run's first pass. Adaptive sampling's extra samples (past it) answer their cell's
 * question only: pooled into the day's figures they would weight the cells that got them (a score
 * off by up to 3 points in bench/sampling.bench.ts). They are stored as results for the run
 * detail's cells, marked `extra` (what every later reader filters on), and kept out of `answered`
 * (the score) and the traces (the stamp, sources views).
 */
export function createResultsWriter(deps: { db: Db; clock: Clock; runId: string; workspaceId: string; profile: AnalysisProfile; samples: number; completedBefore?: number }) {
  const { db, clock, runId, workspaceId, profile } = deps;
  const answered: Answered[] = [];
  let buffer: ResultRow[] = [];
  let traceBuffer: TraceRow[] = [];
  const writes: Array<Promise<unknown>> = [];
  let writeError: unknown = null;
  /** `completed` counts from the calls a resumed run had already made (its progress). */
  const stats = { completed: deps.completedBefore ?? 0, failures: 0, traceWarnings: 0 };
  // Results are written in batches, off the calls' path: a slot never waits for an insert.
  const flush = () => {
    if (!buffer.length) return;
    const rows = buffer;
    const traces = traceBuffer;
    buffer = [];
    traceBuffer = [];
    // Handled at once (an unhandled rejection would end the process); the first error is rethrown by `done`.
    writes.push(insertResults(db, rows).then(() => insertTraces(db, traces)).catch((err) => void (writeError ??= err)));
  };

  return {
    answered, stats,
    /** Analyses and buffers one call's outcome; returns the calls recorded so far and whether the answer named the brand (null: no answer). */
    add(engine: { id: string; simulated: boolean }, prompt: AskedPrompt, sample: number, called: Called): { completed: number; mentioned: boolean | null } {
      const { error, started } = called;
      const answer = called.answer && clean(called.answer);
      if (error) stats.failures++;
      const analysis = answer ? analyzeAnswer(profile, answer.text, answer.sources, { prompt: prompt.text, language: prompt.language }) : null;
      const stored = analysis && storedAnalysis(analysis);
      const firstPass = sample <= deps.samples;
      if (stored && firstPass) answered.push({ engine: engine.id, promptId: prompt.id, simulated: engine.simulated, analysis: stored });
      const resultId = newId('res');
      const createdAt = clock.now();
      if (called.answer?.trace && firstPass) {
        traceBuffer.push(traceRow({ id: resultId, runId, workspaceId, engine: engine.id, promptId: prompt.id, sample, createdAt }, called.answer.trace));
        if (called.answer.trace.warnings.length) stats.traceWarnings++;
      }
      buffer.push({
        id: resultId, runId, workspaceId, engine: engine.id, simulated: engine.simulated, promptId: prompt.id, sample, extra: !firstPass,
        promptText: prompt.text, intent: prompt.intent, language: prompt.language, answer: answer?.text ?? '', sources: answer?.sources ?? [],
        analysis: stored && answer && analysis ? { ...stored, spans: answerSpans(answer.text, analysis) } : null, brandMentioned: analysis?.brand.mentioned ?? false, brandRank: analysis?.brand.rank ?? null,
        brandSentiment: analysis?.brand.sentiment ?? null, error, latencyMs: Date.now() - started, createdAt,
        ...usageColumns(called.answer),
      });
      stats.completed++;
      if (buffer.length >= FLUSH_EVERY) flush();
      return { completed: stats.completed, mentioned: analysis ? analysis.brand.mentioned : null };
    },
    /** Writes what is buffered and waits for every write; the first failed write is thrown. */
    async done() {
      flush();
      await Promise.all(writes);
      if (writeError) throw writeError;
    },
  };
}
export type ResultsWriter = ReturnType<typeof createResultsWriter>;
