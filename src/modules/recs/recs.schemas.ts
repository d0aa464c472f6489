import { Type } from 'typebox';
import { Closed, Nullable, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { ACTIONS, STATUSES } from './lifecycle.fns.ts';
import { LANES } from './recs.types.ts';

const Open = (description: string) => Type.Object({}, { additionalProperties: true, description });

export const TransitionBody = Closed({
  action: StringEnum(ACTIONS, { description: 'One of the nine actions of spec 3.2' }),
  expectedStatus: StringEnum(STATUSES, { description: 'The status last read' }),
  expectedVersion: Type.Integer({ minimum: 1, description: 'The `state_version` last read' }),
  idempotencyKey: Type.String({ minLength: 1, maxLength: 200, description: 'Same key and body → the first answer again; same key, other body → 409 `idempotency_conflict`' }),
  note: Type.Optional(Type.String({ maxLength: 300 })),
  reviewEvidence: Type.Optional(Closed({
    decision: StringEnum(['approved', 'changes_requested'] as const),
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
    reviewedAt: Timestamp,
  }, { description: 'Only with `verify` (decision `approved`) or `request_changes` (decision `changes_requested`)' })),
  visibilitySnapshot: Type.Optional(Closed({
    metric: Type.String({ minLength: 1, maxLength: 100 }),
    scope: Type.String({ minLength: 1, maxLength: 200 }),
    value: Type.Number(),
    n: Type.Integer({ minimum: 0 }),
    observedAt: Timestamp,
  }, { description: 'What the caller saw when it acted; kept in the history' })),
  draftId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'A draft of this recommendation' })),
  complianceApproved: Type.Optional(Type.Boolean({ default: false, description: 'Needed for `submit` and `verify` of items with `compliance_flag` (eu_medical)' })),
});

export const GenerateBody = Closed({ lane: StringEnum(LANES, { description: '`geo` (free; at most 10 new, target 20 open) or `seo` (metered; at most 20 new, target 50 open)' }) });

export const Recommendation = Type.Object({
  rec_id: Type.String(),
  type: Type.String({ description: 'content_gap, outreach, reddit_thread, engine_gap, language_gap, negative_sentiment, ai_bot_blocked, llms_txt_missing, source_gap, crawl_error, technical_check, search_falling_position, search_low_ctr, search_losing_clicks' }),
  topic: Type.String({ description: 'Stable key: at most one open item per topic' }),
  title: Type.String({ description: 'What to do, naming the topic in words, in the workspace\'s language (its first language of en, es, ca, fr): e.g. "Publish a comparison of Holded and Contasimple". Never a quoted keyword string, a URL or a code identifier (docs/recommendations.md, "How texts are written")' }),
  rationale: Type.String({ description: 'Why and what to do, in the workspace\'s language: the `why` sentence and advice' }),
  why: Type.String({ description: 'One sentence of why, with at most two figures (the shared formatter\'s), in the workspace\'s language: the card\'s face' }),
  priorityLevel: StringEnum(['high', 'medium', 'low'] as const, { description: 'The priority as a word: high from 40, medium from 15, else low' }),
  priorityLabel: Type.String({ description: 'The level as a person reads it, e.g. "High priority" / "Prioridad alta"' }),
  priorityDetail: Type.String({ description: 'The figure behind the level, for hover: priority of 100 with impact, confidence and effort' }),
  language: StringEnum(['en', 'es', 'ca', 'fr'] as const, { description: 'The language of title, rationale, why, priorityLabel and the evidence\'s summary and figure labels' }),
  evidence: Open('summary (the why sentence), metric (name, scope, better, current with k, n and 95% interval), figures (each with a label in the workspace\'s language and n), answers, prompts, urls, facts, window, simulated (urls of a simulated answer are examples, never real pages)'),
  scores: Open('impact, confidence, effort, priority = round(100·impact·confidence/effort, 1); docs/scoring.md'),
  state_version: Type.Integer({ minimum: 1 }),
  compliance_flag: Type.Boolean(),
  current_draft_id: Nullable(Type.String()),
  status: StringEnum(STATUSES),
  lane: StringEnum(LANES),
  writtenBy: StringEnum(['model', 'template'] as const, { description: 'Who wrote title and rationale' }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const RecommendationGroups = Type.Object(Object.fromEntries(STATUSES.map((s) => [s, Type.Array(Recommendation)])) as Record<(typeof STATUSES)[number], ReturnType<typeof Type.Array<typeof Recommendation>>>, {
  description: 'Every status key present; within a group by priority, then newest first',
});

const SideCounts = Type.Object({ k: Type.Integer({ minimum: 0 }), n: Type.Integer({ minimum: 0 }), days: Type.Integer({ minimum: 0 }) });
const Measurement = Nullable(Open('value (percent), k, n, interval [low, high] (95% Wilson), observedAt, runId, simulated'));
export const RecommendationDetail = Type.Object({
  ...Recommendation.properties,
  history: Type.Array(Type.Object({
    action: Type.String(), from: Type.String(), to: Type.String(), version: Type.Integer(), note: Nullable(Type.String()),
    reviewEvidence: Nullable(Open('as sent')), visibilitySnapshot: Nullable(Open('as sent')), draftId: Nullable(Type.String()),
    complianceApproved: Type.Boolean(), actor: Nullable(Type.String({ description: 'User id; null for an API key' })), at: Timestamp,
  })),
  drafts: Type.Array(Type.Object({ draftId: Type.String(), version: Type.Integer(), text: Type.String({ description: 'The reply as drafted (the dashboard shows past versions)' }), model: Type.String(), simulated: Type.Boolean(), createdAt: Timestamp })),
  effect: Type.Object({
    metric: Open('name, scope, better, source'),
    before: Measurement,
    after: Measurement,
    verdict: StringEnum(['improved', 'no_detectable_change', 'worse', 'pending'] as const, { description: 'With `comparison: holdout`: `improved`/`worse` when the 95% interval of the difference-in-differences excludes 0, `pending` with fewer than 2 days on a side. With `before_after`: `improved` only when the before and after 95% intervals separate' }),
    explanation: Type.String({ description: 'Why there is no verdict yet, or how it was reached: one sentence in the workspace\'s language (`language`), said at read time; never a code identifier' }),
    comparison: StringEnum(['holdout', 'before_after'] as const, { description: '`holdout`: the target prompts against the workspace\'s other prompts on the same engine, language and days (difference-in-differences, docs/methodology.md). `before_after`: the metric is not a mention rate over named prompts, or no holdout prompt was answered; `comparisonReason` says which' }),
    comparisonReason: Nullable(Type.String({ description: 'Why there is no holdout, in the workspace\'s language (a phrase, said inside `summary` too); null with one' })),
    estimate: Nullable(Type.Object({
      points: Type.Number({ description: 'Effect in percentage points of the metric: the difference-in-differences (holdout) or after − before (before_after)' }),
      interval: Nullable(Type.Tuple([Type.Number(), Type.Number()], { description: '95% interval [low, high] (normal approximation over daily contrasts); null for before_after, whose verdict is the overlap rule' })),
      method: StringEnum(['did-daily-v1', 'before-after-overlap-v1'] as const),
    }, { description: 'Null until the item is done and measured after' })),
    sides: Nullable(Type.Object({
      target: Type.Object({ before: SideCounts, after: SideCounts }),
      holdout: Type.Object({ before: SideCounts, after: SideCounts }),
      prompts: Type.Object({ target: Type.Integer({ minimum: 0 }), holdout: Type.Integer({ minimum: 0 }) }),
    }, { description: 'Holdout only: answers (k of n) and days on each side, over the days both sides were answered' })),
    moreDays: Nullable(Type.Integer({ minimum: 1, description: 'Holdout, no verdict yet: calendar days more at today\'s cadence until an effect of this size would be told from noise (docs/methodology.md); null when decided, or when the days before acceptance are too noisy for waiting to settle it' })),
    cadence: Nullable(Type.Number({ minimum: 0, maximum: 1, description: 'Days with runs per calendar day since done' })),
    summary: Type.String({ description: 'The line the dashboard, reports and MCP show, written by the shared formatter in the workspace\'s language, e.g. "effect: +6.2 points (2.1–10.3), vs. holdout" or "…; not distinguishable from noise yet: about 4 more days at today\'s cadence" (Spanish: "efecto: +6,2 puntos (2,1–10,3), frente a las preguntas que se dejaron igual")' }),
  }),
});

export const Draft = Type.Object({
  draftId: Type.String(), recId: Type.String(), version: Type.Integer({ minimum: 1 }), text: Type.String(), model: Type.String(),
  simulated: Type.Boolean({ description: 'True when the offline simulated model wrote it' }), createdAt: Timestamp,
});

export const StatusAliasOk = Type.Object({ stdout: Type.String(), stderr: Type.String() });
export const StatusAliasError = Type.Object({ error: Type.String(), message: Type.String() });
