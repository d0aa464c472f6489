import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { ENGINE_IDS } from '../../config.ts';
import { ACCESS } from '../../lib/http/credentials.ts';
import { Nullable, StringEnum } from '../../lib/http/schema-helpers.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { expected } from '../../lib/http/validation.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import { COMPONENTS } from './scores.fns.ts';
import { COMPOSITE, type ScoresService } from './scores.service.ts';

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
  score: Doc('{value, interval}: GEO score 0-100 and its bootstrap 95% interval'),
  mentionRate: Doc('{value, n, interval}: share of answers mentioning the brand, Wilson 95%'),
  citationRate: Doc('{value, n, interval}: share of answers citing the brand’s domains, Wilson 95%'),
  topCitedDomains: Doc('[{domain, class, …}]: most cited domains with their class'),
  engines: Doc('[{engine, score, scoreInterval, answers, simulatedShare, simulated, mentionRate, citationRate}]'),
  change: Doc('null, or {previousDate, score, mentionRate, citationRate, ownedCitationShare}, each {current, previous, delta, significant}'),
});

const Honest = {
  simulatedShare: Nullable(Type.Number({ minimum: 0, maximum: 1, description: 'Share of the answers behind these figures that came from simulated engines; null for snapshots written before it was counted' })),
  simulated: Nullable(Type.Boolean({ description: 'true when any of the data is simulated (simulatedShare > 0)' })),
};
const Component = Type.Object({ weight: Type.Number({ description: 'Renormalised over the present components; 0 when missing' }), value: Nullable(Type.Number({ minimum: 0, maximum: 100 })) });
const Score = Type.Object({
  score: Type.Number({ minimum: 0, maximum: 100 }),
  version: Type.String({ description: '`geo-score-v1`' }),
  components: Type.Object(Object.fromEntries(COMPONENTS.map((k) => [k, Component])) as Record<(typeof COMPONENTS)[number], typeof Component>),
  missingComponents: Type.Array(Type.String()),
  date: Type.String({ format: 'date' }),
  engine: Type.String(),
  interval: Nullable(Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: '95% percentile-bootstrap interval of the score over prompts (1,000 resamples, fixed seed; docs/scoring.md)' })),
  n: Type.Integer({ minimum: 0, description: 'Answers pooled in the snapshot: every succeeded run of the day, every sample of every prompt' }),
  prompts: Nullable(Type.Integer({ minimum: 0, description: 'Distinct prompts (the bootstrap’s resampling unit)' })),
  runs: Type.Integer({ minimum: 1, description: 'Succeeded runs of the day pooled in the snapshot' }),
  ...Honest,
  change: Nullable(Type.Object({
    previousDate: Type.String({ format: 'date' }),
    previous: Nullable(Type.Number()),
    delta: Nullable(Type.Number()),
    significant: Type.Boolean({ description: 'true only when this score’s and the previous snapshot’s 95% intervals do not overlap' }),
  }, { description: 'Change from the previous day measured; null on the first' })),
  sampleSizes: Type.Record(Type.String(), Type.Object({ n: Type.Integer(), interval: Type.Optional(Type.Array(Type.Number())) }), { description: 'Sample size of each component and its 95% interval (percent): Wilson for the proportions (visibility, relativeSov, volume), the normal approximation for the means (position, sentiment).' }),
});
const DateQuery = Type.Object({ date: Type.Optional(Type.String({ format: 'date', description: 'Calendar date: the latest snapshot on or before it' })) }, { additionalProperties: false });
const SeriesQuery = Type.Object({
  engine: StringEnum([COMPOSITE, ...ENGINE_IDS] as const, { default: COMPOSITE }),
  range: StringEnum(['7d', '28d', 'all'] as const, { default: '28d' }),
}, { additionalProperties: false });
const Series = Type.Object({
  workspace: Type.String(), engine: Type.String(), range: StringEnum(['7d', '28d', 'all'] as const), from: Nullable(Type.String()), to: Type.String(),
  version: Type.String(), answers: Type.Integer(), simulatedShare: Num, simulated: Nullable(Type.Boolean()),
  points: Type.Array(Type.Object({ date: Type.String(), runId: Type.String(), score: Num }, { additionalProperties: true })),
}, { additionalProperties: true, description: '{workspace, engine, range, from, to, version, answers, simulatedShare, simulated, points: [{date, runId, runs, score, interval, components, missingComponents, n, simulatedShare, simulated, change: {previousDate, previous, delta, significant} | null}]} — one point per day measured, pooling every succeeded run of that day; `significant` only when the two days’ 95% score intervals do not overlap. The top-level simulatedShare is over every answer in the range.' });

export function scoresRoutes(app: FastifyInstance, deps: { scores: ScoresService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { scores } = deps;

  for (const [url, operationId, params] of [
    ['/api/v1/workspaces/:workspace/score', 'getScore', WorkspaceParams],
    ['/api/v1/w/:brand/score', 'getScoreByBrand', BrandParams],
  ] as const) {
    r.get(url, {
      config: { credential: ACCESS.metrics.read },
      schema: {
        operationId, tags, summary: 'GEO score (geo-score-v1) for today or a date', params, querystring: DateQuery,
        description: '404 `score_not_available` before any measurement succeeded; 400 for a malformed date.', response: { 200: Score },
      },
    }, async (request) => scores.score(workspaceOf(request), (request.query as { date?: string }).date));
  }

  r.get('/api/v1/workspaces/:workspace/scoreboard', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'getScoreboard', tags, summary: 'The brand and every competitor, ranked by the same score from their own point of view', params: WorkspaceParams,
      description: 'Each entity: rank, score, visibility (with `visibilityInterval`, Wilson 95%), shareOfVoice (with `shareOfVoiceInterval`), averagePosition, sentiment, mentions, citations. `answers` pooled from `runs` succeeded runs of the day; `simulatedShare`/`simulated` say how much of it is simulated.',
      response: { 200: Type.Object({ workspace: Type.String(), date: Type.String(), runId: Type.String(), runs: Type.Integer(), answers: Type.Integer(), ...Honest, version: Type.String(), entities: Type.Array(ScoreboardEntity) }) },
    },
  }, async (request, reply) => reply.type('application/json; charset=utf-8').send((await scores.scoreboardJson(workspaceOf(request))) as never));

  for (const [url, operationId, params] of [
    ['/api/v1/workspaces/:workspace/timeseries', 'getTimeseries', WorkspaceParams],
    ['/api/v1/w/:brand/timeseries', 'getTimeseriesByBrand', BrandParams],
  ] as const) {
    r.get(url, {
      config: { credential: ACCESS.metrics.read },
      schema: { operationId, tags, summary: 'One point per day with score and components', params, querystring: SeriesQuery, response: { 200: Series } },
    }, async (request, reply) => {
      const q = request.query as { engine: string; range: '7d' | '28d' | 'all' };
      return reply.type('application/json; charset=utf-8').send((await scores.timeseriesJson(workspaceOf(request), q.engine, q.range)) as never);
    });
  }

  r.get('/api/v1/workspaces/:workspace/timeseries/entities', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'getEntityTimeseries', tags, summary: 'The brand and its competitors day by day: visibility and share of voice with their 95% intervals',
      description: 'One series per entity of the scoreboard (the brand first, then competitors by their latest visibility), a point per day measured, read from that day’s scoreboard: `visibility` with its Wilson 95% `interval`, `shareOfVoice` with `shareOfVoiceInterval`, `n` the day’s answers. 404 `score_not_available` before any measurement.',
      params: WorkspaceParams, querystring: SeriesQuery,
      response: {
        200: Type.Object({
          workspace: Type.String(), engine: Type.String(), range: StringEnum(['7d', '28d', 'all'] as const), from: Nullable(Type.String()), to: Type.String(),
          answers: Type.Integer(), simulatedShare: Num, simulated: Nullable(Type.Boolean()),
          entities: Type.Array(Type.Object({
            entityId: Type.String(), name: Type.String(), kind: StringEnum(['brand', 'competitor'] as const),
            points: Type.Array(Type.Object({ date: Type.String(), visibility: Num, interval: Nullable(Type.Array(Type.Number())), shareOfVoice: Num, shareOfVoiceInterval: Nullable(Type.Array(Type.Number())), n: Type.Integer() })),
          })),
        }),
      },
    },
  }, async (request) => {
    const q = request.query as { engine: string; range: '7d' | '28d' | 'all' };
    return scores.entitySeries(workspaceOf(request), q.engine, q.range);
  });

  r.get('/api/v1/workspaces/:workspace/metrics', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'getMetrics', tags, summary: 'Answers, mention and citation rates, top cited domains, per-engine breakdown, change with significance',
      description: 'Rates carry n and a 95% Wilson interval; the score its bootstrap interval. `simulatedShare`/`simulated` overall and per engine. `change` compares with the previous day measured; each `significant` is true only when the two 95% intervals do not overlap.',
      params: WorkspaceParams, response: { 200: Type.Object({ ...Metrics.properties, ...Honest }, { additionalProperties: true }) },
    },
  }, async (request) => scores.metrics(workspaceOf(request)));
}
