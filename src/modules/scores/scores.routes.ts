import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { ALL_ENGINE_IDS } from '../engines/catalogue.ts';
import { SURFACES, type Surface } from '../engines/capture/trace.ts';
import { ENGINES_WITH_SURFACE } from '../engines/capture/capture.ts';
import { scoreCsv, seriesCsv } from './scores.csv.fns.ts';
import { ACCESS } from '../../lib/http/credentials.ts';
import { Nullable, StringEnum } from '../../lib/http/schema-helpers.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { expected } from '../../lib/http/validation.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import { COMPONENTS } from './scores.fns.ts';
import { COMPOSITE, type ScoresService } from './scores.service.ts';
import { Stamp } from './methodology.schema.ts';
import type { Stamps } from './stamps.ts';
import { type ScoreBodies, type SeriesQuery } from './bodies.ts';
import { EngineChange } from '../canaries/canaries.schemas.ts';

const tags = ['scores'];
const BrandParams = Type.Object({ brand: Type.String({ pattern: '^[a-z0-9-]+$', ...expected('a workspace slug of lowercase letters (a-z), digits and hyphens'), description: 'Workspace slug (the brand)' }) });
/** The honest label every scores route carries (docs/scoring.md). */
const Num = Nullable(Type.Number());
// Documented but open, and nothing required: these answers are assembled from stored snapshot
// JSON, so a field missing from an old snapshot must not turn into a serializer failure.
const Open = (properties: Record<string, TSchema>, description?: string) =>
  Type.Object(Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, Type.Optional(v)])), { additionalProperties: true, ...(description ? { description } : {}) });
const ScoreboardEntity = Open({
  entityId: Type.String(), name: Type.String(), kind: StringEnum(['brand', 'competitor'] as const), rank: Type.Integer({ minimum: 1 }),
  score: Num, visibility: Num, shareOfVoice: Num, averagePosition: Num, sentiment: Num, citations: Type.Integer(),
}, 'One brand or competitor; also `visibilityInterval`, `shareOfVoiceInterval` and `mentions`.');
// The metrics answer is serialized through its schema, so its fields are documented as
// untyped (`Type.Unknown`): the shapes below are their descriptions, not serializer contracts.
const Doc = (description: string) => Type.Unknown({ description });
const Metrics = Open({
  workspace: Type.String(), date: Type.String(), runId: Type.String(), runs: Doc('succeeded runs pooled on that day'), answers: Doc('answers behind the figures'),
  version: Type.String({ description: 'The metric definition the day\'s snapshot was derived under' }),
  score: Doc('{value, interval}: GEO score 0-100 and its bootstrap 95% interval'),
  stamp: Stamp,
  mentionRate: Doc('{value, n, interval}: share of answers mentioning the brand, Wilson 95%'),
  citationRate: Doc('{value, n, interval}: share of answers citing the brand’s domains, Wilson 95%'),
  topCitedDomains: Doc('[{domain, class, …}]: most cited domains with their class'),
  engines: Doc('[{engine, surface, score, scoreInterval, answers, simulatedShare, simulated, mentionRate, citationRate}]: each engine with its own surface'),
  surface: Doc('api, product, or mixed when the day\'s composite pools API and consumer-product engines'),
  change: Doc('null, or {previousDate, score, mentionRate, citationRate, ownedCitationShare}, each {current, previous, delta, significant}'),
});

const Honest = {
  simulatedShare: Nullable(Type.Number({ minimum: 0, maximum: 1, description: 'Share of the answers behind these figures that came from simulated engines; null for snapshots written before it was counted' })),
  simulated: Nullable(Type.Boolean({ description: 'true when any of the data is simulated (simulatedShare > 0)' })),
};
const SurfaceField = Nullable(StringEnum(['api', 'product', 'mixed'] as const, { description: 'The surface of the answers behind the figures: `api`, `product`, or `mixed` when API and consumer-product answers are pooled; null with none' }));
const Component = Type.Object({ weight: Type.Number({ description: 'Renormalised over the present components; 0 when missing' }), value: Nullable(Type.Number({ minimum: 0, maximum: 100 })) });
const Score = Type.Object({
  score: Type.Number({ minimum: 0, maximum: 100 }),
  version: Type.String({ description: 'The metric definition the snapshot was derived under (`geo-score-v1`, or another version of `listMetricDefinitions` after a re-derivation)' }),
  components: Type.Object(Object.fromEntries(COMPONENTS.map((k) => [k, Component])) as Record<(typeof COMPONENTS)[number], typeof Component>, { description: 'The five components. `relativeSov` (said "lead over competitors" to readers) is the brand\'s mentions over those of the most-mentioned tracked entity: 100 = named most often. It is not the scoreboard\'s `shareOfVoice`, each entity\'s part of all mentions (they add up to 100).' }),
  missingComponents: Type.Array(Type.String()),
  date: Type.String({ format: 'date' }),
  engine: Type.String(),
  interval: Nullable(Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: '95% percentile-bootstrap interval of the score over prompts (1,000 resamples, fixed seed; docs/scoring.md)' })),
  n: Type.Integer({ minimum: 0, description: 'Answers pooled in the snapshot: every succeeded run of the day, every sample of every prompt' }),
  prompts: Nullable(Type.Integer({ minimum: 0, description: 'Distinct prompts (the bootstrap’s resampling unit)' })),
  runs: Type.Integer({ minimum: 1, description: 'Succeeded runs of the day pooled in the snapshot' }),
  surface: SurfaceField,
  ...Honest,
  change: Nullable(Type.Object({
    previousDate: Type.String({ format: 'date' }),
    previous: Nullable(Type.Number()),
    delta: Nullable(Type.Number()),
    significant: Type.Boolean({ description: 'true only when this score’s and the previous snapshot’s 95% intervals do not overlap' }),
  }, { description: 'Change from the previous day measured; null on the first' })),
  stamp: Stamp,
  sampleSizes: Type.Record(Type.String(), Type.Object({ n: Type.Integer(), interval: Type.Optional(Type.Array(Type.Number())) }), { description: 'Sample size of each component and its 95% interval (percent): Wilson for the proportions (visibility, relativeSov, volume), the normal approximation for the means (position, sentiment).' }),
});
const SurfaceFilter = Type.Optional(StringEnum(SURFACES, { description: '`api` (engines asked through a provider API with its search tool) or `product` (the consumer answer as served, through a results provider): the figures of that surface only, pooled on their own (from the runs since per-surface figures were introduced). Without it the composite pools every engine and `surface` says `mixed` when it pools both.' }));
const Format = StringEnum(['json', 'csv'] as const, { default: 'json', description: '`csv`: one row per day with the surface and the simulated share on every row' });
const DateQuery = Type.Object({ date: Type.Optional(Type.String({ format: 'date', description: 'Calendar date: the latest snapshot on or before it' })), surface: SurfaceFilter, format: Format }, { additionalProperties: false });
const SeriesQuery = Type.Object({
  engine: StringEnum([COMPOSITE, ...ALL_ENGINE_IDS] as const, { default: COMPOSITE, description: `\`composite\` (every engine, or every engine of \`surface\`) or one engine: ${ENGINES_WITH_SURFACE}. An engine of the other surface than \`surface\` is a 400.` }),
  range: StringEnum(['7d', '28d', 'all'] as const, { default: '28d' }),
  surface: SurfaceFilter,
}, { additionalProperties: false });
const TimeseriesQuery = Type.Object({ ...SeriesQuery.properties, format: Format }, { additionalProperties: false });
const EnginesQuery = Type.Object({ range: SeriesQuery.properties.range, surface: SurfaceFilter }, { additionalProperties: false });
const csvOr = (json: TSchema) => ({ 200: { description: 'JSON, or CSV with `format=csv` (RFC 4180: CRLF line endings)', content: { 'application/json': { schema: json }, 'text/csv': { schema: { type: 'string' } } } } });
const Series = Type.Object({
  workspace: Type.String(), engine: Type.String(), surface: SurfaceField, range: StringEnum(['7d', '28d', 'all'] as const), from: Nullable(Type.String()), to: Type.String(),
  version: Type.String(), answers: Type.Integer(), simulatedShare: Num, simulated: Nullable(Type.Boolean()),
  definitionChanges: Type.Optional(Type.Array(Type.Object({ date: Type.String(), from: Type.String(), to: Type.String() }), { description: 'Days in the range whose metric definition differs from the day before (a re-derivation covered part of the history); `version` is the latest point\'s' })),
  engineChanges: Type.Optional(Type.Array(EngineChange, { description: 'Engine changes the canary prompts flagged within 2 days of the range, of the series\' engine (every engine for the composite); see `listEngineChanges`' })),
  points: Type.Array(Type.Object({
    date: Type.String(), runId: Type.String(), score: Num,
    metricVersion: Type.Optional(Type.String({ description: 'The metric definition this day\'s snapshot was derived under' })),
    definitionChanged: Type.Optional(Type.Object({ from: Type.String(), to: Type.String() }, { description: 'Present where the definition differs from the previous day measured: the series is not comparable across this point' })),
    possibleEngineChange: Type.Optional(Type.Array(EngineChange, { description: 'Present on days within 2 days of an engine change: a move then may be the engine\'s, not the brand\'s' })),
  }, { additionalProperties: true })),
  stamp: Stamp,
}, { additionalProperties: true, description: '{workspace, engine, surface, range, from, to, version, answers, simulatedShare, simulated, points: [{date, runId, runs, score, interval, components, missingComponents, n, simulatedShare, simulated, change: {previousDate, previous, delta, significant} | null}]} — one point per day measured, pooling every succeeded run of that day; `significant` only when the two days’ 95% score intervals do not overlap. The top-level simulatedShare is over every answer in the range.' });

export function scoresRoutes(app: FastifyInstance, deps: { scores: ScoresService; stamps: Stamps; bodies: ScoreBodies }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { scores, stamps, bodies } = deps;

  for (const [url, operationId, params] of [
    ['/api/v1/workspaces/:workspace/score', 'getScore', WorkspaceParams],
    ['/api/v1/w/:brand/score', 'getScoreByBrand', BrandParams],
  ] as const) {
    r.get(url, {
      config: { credential: ACCESS.metrics.read },
      schema: {
        operationId, tags, summary: 'GEO score (geo-score-v1) for today or a date', params, querystring: DateQuery,
        description: '`surface` names the surface of the answers behind it (`mixed` when the composite pools API and consumer-product engines); `?surface=api|product` scores one surface on its own. 404 `score_not_available` before any measurement succeeded (of that surface); 400 for a malformed date.', response: csvOr(Score),
      },
    }, async (request, reply) => {
      const q = request.query as { date?: string; surface?: Surface; format: 'json' | 'csv' };
      // Both kept (scores.service.ts, stamps.ts): a kept score costs two lookups and its serialisation.
      const score = await bodies.score(workspaceOf(request), q);
      return q.format === 'csv' ? reply.type('text/csv; charset=utf-8').send(scoreCsv(score)) : score;
    });
  }

  r.get('/api/v1/workspaces/:workspace/scoreboard', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'getScoreboard', tags, summary: 'The brand and every competitor, ranked by the same score from their own point of view', params: WorkspaceParams,
      description: 'Each entity: rank, score, visibility (with `visibilityInterval`, Wilson 95%), shareOfVoice (with `shareOfVoiceInterval`), averagePosition, sentiment, mentions, citations. `answers` pooled from `runs` succeeded runs of the day; `simulatedShare`/`simulated` say how much of it is simulated.',
      response: { 200: Type.Object({ workspace: Type.String(), date: Type.String(), runId: Type.String(), runs: Type.Integer(), surface: SurfaceField, answers: Type.Integer(), ...Honest, version: Type.String(), stamp: Stamp, entities: Type.Array(ScoreboardEntity) }) },
    },
  }, async (request, reply) => reply.type('application/json; charset=utf-8').send(await bodies.scoreboard(workspaceOf(request)) as never));

  for (const [url, operationId, params] of [
    ['/api/v1/workspaces/:workspace/timeseries', 'getTimeseries', WorkspaceParams],
    ['/api/v1/w/:brand/timeseries', 'getTimeseriesByBrand', BrandParams],
  ] as const) {
    r.get(url, {
      config: { credential: ACCESS.metrics.read },
      schema: {
        operationId, tags, summary: 'One point per day with score and components', params, querystring: TimeseriesQuery, response: csvOr(Series),
        description: '`surface`: the surface of the series (`mixed` when the composite pools API and consumer-product engines over the range); `?surface=api|product` narrows it to one surface. 400 for an engine of the other surface.',
      },
    }, async (request, reply) => {
      const q = request.query as SeriesQuery & { format: 'json' | 'csv' };
      const ws = workspaceOf(request);
      if (q.format === 'csv') {
        const { json, stamp } = await bodies.series(ws, q);
        return reply.type('text/csv; charset=utf-8').send(seriesCsv({ ...(JSON.parse(json) as Parameters<typeof seriesCsv>[0]), stamp }));
      }
      return reply.type('application/json; charset=utf-8').send(await bodies.seriesBody(ws, q) as never);
    });
  }

  r.get('/api/v1/workspaces/:workspace/timeseries/engines', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'getEnginesTimeseries', tags, summary: 'The composite and every engine measured in the range, one series each, in one response', params: WorkspaceParams, querystring: EnginesQuery,
      description: '`series`: the composite first, then each engine with a snapshot in the range (of `surface`, when given) in the catalogue\'s order; each exactly as `GET …/timeseries?engine=` answers it, with its own stamp. What a dashboard drawing every engine asks instead of one request per engine. 404 `score_not_available` before any measurement.',
      response: { 200: Type.Object({ workspace: Type.String(), range: StringEnum(['7d', '28d', 'all'] as const), surface: Nullable(StringEnum(SURFACES, { description: 'The `surface` asked for; null when not narrowed' })), series: Type.Array(Series) }) },
    },
  }, async (request, reply) => reply.type('application/json; charset=utf-8').send(await bodies.engines(workspaceOf(request), request.query as Omit<SeriesQuery, 'engine'>) as never));

  r.get('/api/v1/workspaces/:workspace/timeseries/entities', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'getEntityTimeseries', tags, summary: 'The brand and its competitors day by day: visibility and share of voice with their 95% intervals',
      description: 'One series per entity of the scoreboard (the brand first, then competitors by their latest visibility), a point per day measured, read from that day’s scoreboard: `visibility` with its Wilson 95% `interval`, `shareOfVoice` with `shareOfVoiceInterval`, `n` the day’s answers. 404 `score_not_available` before any measurement.',
      params: WorkspaceParams, querystring: SeriesQuery,
      response: {
        200: Type.Object({
          workspace: Type.String(), engine: Type.String(), surface: Nullable(StringEnum(SURFACES, { description: 'The `surface` asked for; null when not narrowed' })), range: StringEnum(['7d', '28d', 'all'] as const), from: Nullable(Type.String()), to: Type.String(),
          answers: Type.Integer(), simulatedShare: Num, simulated: Nullable(Type.Boolean()), stamp: Stamp,
          entities: Type.Array(Type.Object({
            entityId: Type.String(), name: Type.String(), kind: StringEnum(['brand', 'competitor'] as const),
            points: Type.Array(Type.Object({ date: Type.String(), visibility: Num, interval: Nullable(Type.Array(Type.Number())), shareOfVoice: Num, shareOfVoiceInterval: Nullable(Type.Array(Type.Number())), n: Type.Integer() })),
          })),
        }),
      },
    },
  }, async (request, reply) => reply.type('application/json; charset=utf-8').send(await bodies.entities(workspaceOf(request), request.query as SeriesQuery) as never));

  r.get('/api/v1/workspaces/:workspace/metrics', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'getMetrics', tags, summary: 'Answers, mention and citation rates, top cited domains, per-engine breakdown, change with significance',
      description: 'Rates carry n and a 95% Wilson interval; the score its bootstrap interval. `simulatedShare`/`simulated` overall and per engine. `change` compares with the previous day measured; each `significant` is true only when the two 95% intervals do not overlap.',
      params: WorkspaceParams, response: { 200: Type.Object({ ...Metrics.properties, ...Honest }, { additionalProperties: true }) },
    },
  }, async (request) => {
    const ws = workspaceOf(request);
    const metrics = await scores.metrics(ws);
    return { ...metrics, stamp: await stamps.ofDay(ws, metrics.date, { metricVersion: metrics.version, newestRun: metrics.runId }) };
  });
}
