import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';
import type { StoredAnalysis } from './stored-analysis.fns.ts';
import type { Reason } from './sampling.fns.ts';
import { ALL_SEARCH_CONFIGS, answerVectorSql, searchedUnderSql } from './answer-search.fns.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** One engine's answer to one prompt in one run, with its analysis. */
export const runResults = pgTable(
  'run_results',
  {
    id: text('id').primaryKey(),
    runId: text('run_id').notNull(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    engine: text('engine').notNull(),
    simulated: boolean('simulated').notNull(),
    promptId: text('prompt_id').notNull(),
    /** Which of the run's repeated asks of this prompt on this engine (1..samples). */
    sample: integer('sample').notNull().default(1),
    /**
     * An adaptive run's extra sample (past its first pass, sampling.fns.ts): it answers its cell's
     * question only, so every reader of the day's figures (answer counts, traces, re-derivation,
     * the window's answers) leaves it out by this column instead of each re-deriving the plan.
     */
    extra: boolean('extra').notNull().default(false),
    promptText: text('prompt_text').notNull(),
    intent: text('intent').notNull(),
    language: text('language').notNull(),
    answer: text('answer').notNull(),
    sources: jsonb('sources').$type<Array<{ url: string; title?: string }>>().notNull(),
    analysis: jsonb('analysis').$type<StoredAnalysis>(),
    brandMentioned: boolean('brand_mentioned').notNull(),
    brandRank: integer('brand_rank'),
    brandSentiment: real('brand_sentiment'),
    error: text('error'),
    latencyMs: integer('latency_ms').notNull(),
    createdAt: ts('created_at').notNull(),
    /** A real provider's billed usage and its cost (engines/limits/usage.fns.ts); null when simulated or failed. */
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    searchCalls: integer('search_calls'),
    costMicrousd: bigint('cost_microusd', { mode: 'number' }),
    /**
     * The answer's words under its language's configuration (answer-search.fns.ts), computed by
     * the database when the row is written. A search then checks each candidate row against
     * these words instead of parsing its text again: over an expression index, every candidate's
     * recheck re-parsed a 3 KB answer (about 0.3 ms), seconds for a common word (bench/README.md).
     * Never selected by the readers of answers (runs.views.ts leaves it out).
     */
    answerSearch: tsvector('answer_search').generatedAlwaysAs(answerVectorSql(sql.raw('"language"'), sql.raw('"answer"'))),
  },
  (t) => [
    index('run_results_run_idx').on(t.runId, t.engine),
    // The answers list, newest first within a workspace (its cursor is created_at, id); the same
    // within a run and within a prompt (the list's runId and promptId filters, a page read in
    // order instead of a run's 5,000 answers sorted), which also finds an answer's previous one
    // (the prompt's answers back in time, the engine's first: one in five at most).
    index('run_results_workspace_time_idx').on(t.workspaceId, t.createdAt, t.id),
    index('run_results_run_time_idx').on(t.runId, t.createdAt, t.id),
    index('run_results_prompt_time_idx').on(t.workspaceId, t.promptId, t.createdAt, t.id),
    // Full-text search in each answer's language: one GIN index per configuration, partial on the
    // rows searched under it (answer-search.fns.ts, searchedUnderSql), so that a match found in
    // the index is final and no row's stored words are detoasted to test it again.
    ...ALL_SEARCH_CONFIGS.map((config) => index(`run_results_search_${config}_idx`).using('gin', t.answerSearch).where(searchedUnderSql(config, sql.raw('"language"')))),
  ],
);

/**
 * A succeeded run's answers counted once, at its success (answer-counts.ts), so that a metric over
 * the window of latest runs is a handful of index lookups instead of a scan of every answer.
 * `*` in engine, language or prompt_id means "all"; the rows are the grouping sets a metric scope
 * can name. `domain` is `*` on those rows; a row with a domain counts the answers citing it.
 */
export const runAnswerCounts = pgTable(
  'run_answer_counts',
  {
    runId: text('run_id').notNull(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    engine: text('engine').notNull(),
    promptId: text('prompt_id').notNull(),
    language: text('language').notNull(),
    /** Answered results (no error). */
    answers: integer('answers').notNull(),
    /** Of those, naming the brand. */
    mentioned: integer('mentioned').notNull(),
    /** Of those, naming it with negative sentiment. */
    negative: integer('negative').notNull(),
    simulated: integer('simulated').notNull(),
    /**
     * Of the answers, those saying the engine does not know the brand (analysis/unknown.fns.ts;
     * not in `mentioned`). 0 for runs counted before it was detected.
     */
    unknown: integer('unknown').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.runId, t.domain, t.engine, t.promptId, t.language] })],
);

/**
 * Where an adaptive run's extra samples went and why (sampling.fns.ts): one row per prompt ×
 * engine cell that got any, written before each round's calls, so a run cut short still says
 * what it was spending on. The cell's answers after are its run_results.
 */
export const runSamplingCells = pgTable(
  'run_sampling_cells',
  {
    runId: text('run_id').notNull(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    engine: text('engine').notNull(),
    promptId: text('prompt_id').notNull(),
    /** Why the cell was picked after the first pass: thresholds straddled, width over the target. */
    reasons: jsonb('reasons').$type<Reason[]>().notNull(),
    /** The first pass: answers naming the brand (k) of answers (n), and calls made. */
    kBefore: integer('k_before').notNull(),
    nBefore: integer('n_before').notNull(),
    askedBefore: integer('asked_before').notNull(),
    /** Extra samples allotted over all rounds (a run cut short asks fewer). */
    extra: integer('extra').notNull(),
    rounds: integer('rounds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.engine, t.promptId] })],
);

/**
 * A run's calls submitted as one provider batch (Anthropic Message Batches), and where it stands:
 * the poller (runs/batches.ts) reads and moves it, so a restart loses nothing. `entries` maps each
 * request's custom_id to its prompt and sample. `status` is ours: `in_progress` (polled),
 * `ended` (the provider ended it; the run is resumed to collect), `collected`, `abandoned` (the
 * run ended first, e.g. cancelled; the batch was cancelled at the provider), `failed` (never submitted).
 */
export const runBatches = pgTable(
  'run_batches',
  {
    id: text('id').primaryKey(),
    runId: text('run_id').notNull(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    engine: text('engine').notNull(),
    provider: text('provider').notNull(),
    /** The provider's batch id (msgbatch_…). */
    batchId: text('batch_id').notNull(),
    status: text('status').$type<'in_progress' | 'ended' | 'collected' | 'abandoned'>().notNull(),
    /** The provider's own state (`in_progress`, `canceling`, `ended`) and counts, as last read. */
    providerStatus: text('provider_status').notNull(),
    requestCounts: jsonb('request_counts').$type<Record<string, number>>().notNull(),
    resultsUrl: text('results_url'),
    entries: jsonb('entries').$type<Array<{ customId: string; promptId: string; sample: number }>>().notNull(),
    polls: integer('polls').notNull().default(0),
    nextPollAt: ts('next_poll_at').notNull(),
    submittedAt: ts('submitted_at').notNull(),
    endedAt: ts('ended_at'),
    /** When the run was sent back to a worker to collect the results (null: not yet, or the send was lost). */
    resumedAt: ts('resumed_at'),
  },
  (t) => [index('run_batches_run_idx').on(t.runId), index('run_batches_poll_idx').on(t.nextPollAt).where(sql`status in ('in_progress', 'ended')`)],
);
