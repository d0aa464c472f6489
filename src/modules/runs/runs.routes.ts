import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { Closed, Nullable, StringEnum } from '../../lib/http/schema-helpers.ts';
import { actorOf, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import { JOB_STATES, JobStatus } from '../jobs/jobs.schemas.ts';
import { MAX_SAMPLES, PRESETS } from './runs.fns.ts';
import { DETAIL_PAGE_MAX } from './detail-rows.fns.ts';
import { ALL_ENGINE_IDS } from '../engines/catalogue.ts';
import type { RunsService } from './runs.service.ts';
import { SamplingDetail, SamplingOption, SamplingQuery, SamplingQuote, SamplingStatus, samplingOf } from './sampling.schemas.ts';

const tags = ['runs'];
const RunParams = workspaceParamsWith('id');
const DetailQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DETAIL_PAGE_MAX, description: `Rows a page, 1 to ${DETAIL_PAGE_MAX}. Given, the answer is one page: \`rows\` holds it and the engines come without their \`prompts\`; absent, every row is in its engine's \`prompts\` (as before paging existed)` })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'Rows of the filtered list to skip (with `limit`)' })),
  engine: Type.Optional(StringEnum(ALL_ENGINE_IDS, { description: 'Only this engine’s rows (with `limit`)' })),
  mentioned: Type.Optional(Type.Boolean({ description: 'Only rows whose answer names the brand (with `limit`)' })),
  tone: Type.Optional(StringEnum(['positive', 'neutral', 'negative'] as const, { description: 'Only rows naming the brand with this tone: a score over 0.15 is positive, under −0.15 negative (with `limit`)' })),
  site: Type.Optional(Type.String({ maxLength: 260, description: 'Only rows citing this domain (with `limit`)' })),
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Words in the prompt, a tracked name or a cited domain, any case (with `limit`)' })),
}, { additionalProperties: false });
/** Spec 2.10 plus what a run adds: its samples and how much of it is simulated. */
const RunStatus = Type.Object({
  ...JobStatus.properties,
  preset: Nullable(StringEnum(PRESETS, { description: 'The preset it was started with; null only for a run from before this was recorded' })),
  engines: Type.Array(Type.String(), { description: 'The engine ids it asks, the built-in engines in the catalogue\'s order (ChatGPT first), optional ones after (display names: GET /api/v1/workspaces/{workspace}/engines)' }),
  brandVisibility: Nullable(Closed({
    n: Type.Integer({ minimum: 1, description: 'Answers stored so far (failed calls excluded)' }),
    mentioned: Type.Integer({ minimum: 0, description: 'Of them, answers that name the brand' }),
    percent: Type.Number({ minimum: 0, maximum: 100 }),
    interval: Type.Tuple([Type.Number(), Type.Number()], { description: '95% Wilson interval, in percent' }),
  }, { description: 'What this run alone measured: the share of its answers naming the brand, with n and its interval. The GEO score is the day\'s (pooled over the day\'s runs: GET …/score). null until an answer is stored.' })),
  samples: Type.Integer({ minimum: 1, maximum: MAX_SAMPLES, description: 'Times each engine asked each prompt' }),
  sampling: SamplingStatus,
  simulatedShare: Nullable(Type.Number({ minimum: 0, maximum: 1, description: 'Share of the run’s stored calls that went to a simulated engine (before any is stored: the share its plan expects). null only for a run from before this was recorded, with no stored call.' })),
  simulated: Nullable(Type.Boolean({ description: 'true when any of the run’s data is simulated (simulatedShare > 0)' })),
  providerCostMicrousd: Type.Integer({ minimum: 0, description: 'What the run’s real provider calls cost so far in micro-USD (usage from each provider response × the configured price table), next to the credits it was charged; 0 when all simulated. See docs/engines.md.' }),
  providers: Type.Array(Closed({
    provider: Type.String(),
    circuit: StringEnum(['closed', 'open', 'half-open'] as const),
    paused: Nullable(Type.String({ description: 'Why this provider’s calls wait: an open circuit (repeated failures) or its daily USD ceiling reached' })),
  }), { description: 'While the run is running: the circuit and pause of each provider it calls for real. Empty once it has ended or when all its engines are simulated.' }),
  batch: Type.Boolean({ description: 'Started as not urgent (`batch: true`): its batchable engines\' calls went through their provider\'s batch interface (docs/engines.md).' }),
  batches: Type.Array(Closed({
    engine: Type.String(), provider: Type.String(), batchId: Type.String({ description: 'The provider\'s batch id (msgbatch_…)' }),
    status: StringEnum(['in_progress', 'ended', 'collected', 'abandoned'] as const, { description: '`in_progress`: the run waits for it (no worker is held; the poller reads it with backoff); `ended`: the provider ended it and the run is collecting its results; `collected`: its results are stored; `abandoned`: the run ended first (cancelled) and the batch was cancelled at the provider' }),
    providerStatus: Type.String({ description: 'The provider\'s own processing status as last read (`in_progress`, `canceling`, `ended`)' }),
    requestCounts: Type.Record(Type.String(), Type.Integer(), { description: 'The provider\'s counts as last read: processing, succeeded, errored, canceled, expired' }),
    submittedAt: Type.String({ format: 'date-time' }), endedAt: Nullable(Type.String({ format: 'date-time' })),
  }), { description: 'The provider batches the run submitted (empty for a run that is not batched). While one is `in_progress` the run stays `running` with its batched calls outstanding.' }),
});
const BATCH_DESCRIPTION = 'Not urgent: calls of engines whose search tool runs in their provider\'s batch interface (today `claude`, through Anthropic Message Batches, tokens at 50%) are submitted as one batch and answered within 24 hours; the other engines are asked live. OpenAI\'s Batch API documents no `web_search`, so `chatgpt` is always live.';

export function runsRoutes(app: FastifyInstance, deps: { runs: RunsService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { runs } = deps;

  r.get('/api/v1/workspaces/:workspace/runs', {
    config: { credential: ACCESS.runs.read },
    schema: {
      operationId: 'listRuns', tags, summary: 'Measurement runs, newest first', params: WorkspaceParams,
      querystring: Type.Object({
        limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
        status: Type.Optional(StringEnum(JOB_STATES, { description: 'Only runs in this state (an addition to the contract: `status=succeeded&limit=1` says whether anything was measured yet, without reading a page of runs)' })),
      }, { additionalProperties: false }),
      response: { 200: Type.Object({ runs: Type.Array(RunStatus) }) },
    },
  }, async (request) => ({ runs: await runs.list(workspaceOf(request), request.query.limit, request.query.status) }));

  r.post('/api/v1/workspaces/:workspace/runs', {
    config: { credential: ACCESS.runs.write },
    schema: {
      operationId: 'startRun', tags, summary: 'Start a measurement run', params: WorkspaceParams,
      description: 'Takes min(preset cap, active prompts) prompts — smoke 2, lite 50, standard 150 (each engine at most GEO_STANDARD_ENGINE_CAP), searchx 150 on the configured search engine — and every enabled engine, and asks each prompt `samples` times per engine: calls, the credit hold and `progress.totalCalls` are prompts × samples × engines. Holds credits for every call (402 `insufficient_credits`) and settles for the calls that answered (a call that fails after its retries is not charged); one running run per workspace (409 `job_already_running`); the global cap answers 429 `pipeline_capacity_reached`. In production an engine without a provider key is off unless GEO_SIMULATION=enabled; when no engine is left the run is refused with 400 `invalid_request` whose `details.engines` names each engine and why it is off. The same `idempotencyKey` returns the same run. With `sampling.mode: adaptive` the first pass is followed by rounds of extra samples on the prompt × engine cells whose 95% interval straddles a decision threshold (a visibility alert rule, an open recommendation\'s effect test) or is wider than `targetWidth`, up to `maxExtraMicrousd` of credits, which is held at start on top of the first pass and charged only for the calls made (docs/methodology.md, "Adaptive sampling").',
      body: Closed({
        preset: StringEnum(PRESETS),
        samples: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SAMPLES, default: 1, description: 'Times each engine asks each prompt (1-10, default 1). Repeated samples are separate answers: they add to every sample size n, and the GEO score’s bootstrap resamples prompts with all their samples.' })),
        sampling: Type.Optional(SamplingOption),
        batch: Type.Optional(Type.Boolean({ default: false, description: `${BATCH_DESCRIPTION} The run stays \`running\` until its batch has ended and is collected; \`batches\` shows where it stands.` })),
        idempotencyKey: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      }),
      response: { 202: RunStatus },
    },
  }, async (request, reply) => reply.status(202).send(await runs.start(workspaceOf(request), actorOf(request), request.body)));

  r.get('/api/v1/workspaces/:workspace/runs/quote', {
    config: { credential: ACCESS.runs.read },
    schema: {
      operationId: 'quoteRun', tags, summary: 'The calls and credit hold a run would take, before starting it', params: WorkspaceParams,
      description: 'The plan `POST …/runs` would make now with this preset and samples: prompts, calls per engine (engines that are off count 0), total calls and the credit estimate held at start (micro-USD). Beside the credits, `providerCostMicrousd` estimates what the providers would bill the operator for the real (not simulated) calls: each call at its engine\'s typical usage (tokens in and out, searches; see docs/engines.md) priced by the model price table (GEO_MODEL_PRICES). It is an estimate; a run\'s recorded `providerCostMicrousd` is what was billed. With `sampling=adaptive` it quotes the worst case: `estimateMicrousd` is the first pass plus the extra samples\' ceiling (`sampling.firstPassMicrousd` + `sampling.extraCeilingMicrousd`), the hold the start would take; `totalCalls` and the provider cost are the first pass\'s. With `batch=true` the batchable engines are priced at their batch price and `batchDiscount` names the discount. Nothing is reserved.',
      querystring: Type.Object({
        preset: StringEnum(PRESETS),
        samples: Type.Integer({ minimum: 1, maximum: MAX_SAMPLES, default: 1 }),
        ...SamplingQuery,
        batch: Type.Boolean({ default: false, description: `Quote a run started with \`batch: true\`. ${BATCH_DESCRIPTION}` }),
      }, { additionalProperties: false }),
      response: {
        200: Type.Object({
          preset: StringEnum(PRESETS), samples: Type.Integer(), promptCount: Type.Integer({ minimum: 0 }), totalCalls: Type.Integer({ minimum: 0 }),
          estimateMicrousd: Type.Number({ minimum: 0, description: 'Credits the run would hold (micro-USD of credit)' }),
          providerCostMicrousd: Type.Integer({ minimum: 0, description: 'Estimated provider cost of the real calls in micro-USD: calls × typical usage × the model price table; 0 for simulated engines' }),
          providerCostUsd: Type.String({ description: 'The same, formatted in USD (four decimals below $1)', examples: ['$0.2320'] }),
          engines: Type.Array(Type.Object({
            id: Type.String(), enabled: Type.Boolean(), simulated: Type.Boolean(), calls: Type.Integer({ minimum: 0 }),
            batched: Type.Boolean({ description: 'Its calls would go through its provider\'s batch interface (quoted with `batch=true`, a real engine with a batch path)' }),
            providerCostMicrousd: Type.Integer({ minimum: 0, description: 'This engine\'s share of the estimated provider cost (at the batch price when `batched`)' }),
          })),
          sampling: SamplingQuote,
          batchDiscount: Nullable(Type.Object({
            engines: Type.Array(Type.String(), { description: 'The engines quoted at the batch price' }),
            tokenDiscountPercent: Type.Integer({ description: 'The batch discount on input and output tokens' }),
            savedMicrousd: Type.Integer({ minimum: 0, description: 'What the batch price saves against the live price, in micro-USD (search fees are not discounted)' }),
            savedUsd: Type.String(),
            note: Type.String({ description: 'What the discount is, or why no engine of this run can be batched' }),
          }, { description: 'With `batch=true`: the discount the quote applied; null otherwise' })),
        }),
      },
    },
  }, async (request) => runs.quote(workspaceOf(request), { preset: request.query.preset, samples: request.query.samples, batch: request.query.batch, sampling: samplingOf(request.query) }));

  r.get('/api/v1/workspaces/:workspace/runs/:id', {
    config: { credential: ACCESS.runs.read },
    schema: { operationId: 'getRun', tags, summary: 'Run status', params: RunParams, response: { 200: RunStatus } },
  }, async (request) => runs.get(workspaceOf(request), request.params.id));

  r.delete('/api/v1/workspaces/:workspace/runs/:id', {
    config: { credential: ACCESS.runs.write },
    schema: {
      operationId: 'cancelRun', tags, summary: 'Cancel a running run', params: RunParams,
      description: 'Answers the final status `cancelled`; the worker stops at once and the credit hold is settled for the calls made (failed calls are not charged). A finished run is 409 `invalid_state`.',
      response: { 200: RunStatus },
    },
  }, async (request) => runs.cancel(workspaceOf(request), request.params.id));

  r.get('/api/v1/workspaces/:workspace/runs/:id/detail', {
    config: { credential: ACCESS.runs.read },
    schema: {
      operationId: 'getRunDetail', tags, summary: 'Results grouped by engine: brand mentions, citations, sentiment and every prompt’s result',
      description: 'Each engine’s summary (mentions, cited domains and their classes, the brand’s rate, position and tone) and the run’s rows, one per call. With `limit`, one page of the rows the filters keep (`rows`: `items`, `total`, `limit`, `offset`, and `sites`, every domain the run cites, for a site filter), and the engines without their rows; a run has prompts × engines × samples rows, thousands for a large workspace. Without it, every row in its engine’s `prompts`. A row’s `id` is its answer’s id in `GET …/answers/{id}`.',
      params: RunParams, querystring: DetailQuery, response: {
        200: Type.Object({
          run: RunStatus,
          engines: Type.Array(Type.Object({
            engine: Type.String(), simulated: Type.Boolean(), calls: Type.Integer(), answers: Type.Integer(), errors: Type.Integer(),
            brand: Type.Object({}, { additionalProperties: true, description: 'How often and how the brand appeared in this engine’s answers.' }),
          }, { additionalProperties: true, description: 'Persisted results of one engine: mentions, cited domains and their classes, and (without `limit`) `prompts`: every call as a row (`id` is the answer\'s id in `GET …/answers/{id}`).' })),
          sampling: SamplingDetail,
          rows: Type.Optional(Type.Object({
            items: Type.Array(Type.Object({ engine: Type.String(), id: Type.String() }, { additionalProperties: true, description: 'A row as in `prompts`, with its engine' })),
            total: Type.Integer({ minimum: 0, description: 'Rows the filters keep' }),
            limit: Type.Integer(), offset: Type.Integer(),
            sites: Type.Array(Type.String(), { description: 'Every domain the run’s rows cite, sorted' }),
          }, { description: 'With `limit` only: one page of the rows' })),
        }),
      },
    },
  }, async (request) => {
    const { limit, offset, ...filters } = request.query;
    return limit ? runs.detailPage(workspaceOf(request), request.params.id, { ...filters, limit, offset: offset ?? 0 }) : runs.detail(workspaceOf(request), request.params.id);
  });
}
