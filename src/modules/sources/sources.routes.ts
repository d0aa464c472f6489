import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { ALL_ENGINE_IDS } from '../engines/catalogue.ts';
import { ACCESS } from '../../lib/http/credentials.ts';
import { Closed, Nullable, StringEnum } from '../../lib/http/schema-helpers.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import type { EnginesService } from '../engines/engines.service.ts';
import { SURFACES } from '../engines/capture/trace.ts';
import { ENGINES_WITH_SURFACE } from '../engines/capture/capture.ts';
import { OVERRIDABLE_CLASSES, SOURCE_CLASSES } from './source-classes.fns.ts';
import { viewCsv, type CsvView } from './sources.csv.fns.ts';
import type { SourcesService } from './sources.service.ts';
import { Stamp } from '../scores/methodology.schema.ts';
import type { Stamps } from '../scores/stamps.ts';

const tags = ['sources'];
const Rate = Type.Object({ k: Type.Integer(), n: Type.Integer(), value: Nullable(Type.Number({ description: 'percent; null when n is 0' })), interval: Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: '95% Wilson interval, percent' }) });
const Query = Type.Object({
  run: Type.Optional(Type.String({ maxLength: 100, description: 'One run; default: the latest succeeded runs (at most 7, within 7 days of the newest)' })),
  engine: Type.Optional(StringEnum(ALL_ENGINE_IDS, { description: `One engine: ${ENGINES_WITH_SURFACE}.` })),
  surface: Type.Optional(StringEnum(SURFACES, { description: '`api` or `product`; rows are per surface either way' })),
  format: StringEnum(['json', 'csv'] as const, { default: 'json' }),
}, { additionalProperties: false });
const Header = {
  window: Nullable(Type.Object({ runIds: Type.Array(Type.String()), from: Type.String(), to: Type.String() })),
  filter: Type.Object({ engine: Nullable(Type.String()), surface: Nullable(Type.String()) }),
  answers: Type.Integer({ description: 'answers with a stored trace in the window' }),
  surfaces: Type.Array(Type.String()),
  simulated: Type.Boolean(),
  methodology: Type.String(),
  stamp: Stamp,
};
const csvOr = (json: TSchema) => ({ 200: { description: 'JSON, or CSV with `format=csv` (RFC 4180: CRLF line endings)', content: { 'application/json': { schema: json }, 'text/csv': { schema: { type: 'string' } } } } });
const Source = Type.Object({ url: Type.String(), title: Nullable(Type.String()), domain: Type.String(), rank: Nullable(Type.Integer()), query: Nullable(Type.String()) });
const Cited = Type.Object({ url: Type.String(), title: Nullable(Type.String()), domain: Type.String(), span: Nullable(Type.Object({ start: Type.Integer(), end: Type.Integer(), text: Type.String() })) });

const Schemas = {
  fanout: Type.Object({ ...Header, rows: Type.Array(Type.Object({
    promptId: Type.String(), prompt: Nullable(Type.String()), engine: Type.String(), surface: Type.String(), simulated: Type.Boolean(), answers: Type.Integer(), answersReportingQueries: Type.Integer(),
    queries: Type.Array(Type.Object({ query: Type.String(), answers: Type.Integer(), recurrence: Rate, meanPosition: Type.Number() })),
  })) }),
  table: Type.Object({ ...Header, answersBySurface: Type.Record(Type.String(), Type.Object({ all: Type.Integer(), retrievalReported: Type.Integer() })), rows: Type.Array(Type.Object({
    surface: Type.String(), url: Type.Optional(Type.String()), title: Type.Optional(Nullable(Type.String())), domain: Type.String(), class: StringEnum(SOURCE_CLASSES), competitor: Nullable(Type.String()),
    retrieved: Type.Integer(), cited: Type.Integer(), citationRateGivenRetrieval: Rate,
    status: Type.Optional(StringEnum(['cited', 'retrieved_not_cited', 'never_retrieved', 'unknown'] as const)), simulated: Type.Boolean(),
  })) }),
  owned: Type.Object({ ...Header, summary: Type.Object({ cited: Type.Integer(), retrievedNotCited: Type.Integer(), neverRetrieved: Type.Integer(), unknown: Type.Integer() }), rows: Type.Array(Type.Object({
    promptId: Type.String(), prompt: Nullable(Type.String()), engine: Type.String(), surface: Type.String(), simulated: Type.Boolean(), answers: Type.Integer(), answersReportingRetrieval: Type.Integer(),
    ownedRetrieved: Rate, ownedCited: Rate, retrievedNotCited: Type.Integer(), status: StringEnum(['cited', 'retrieved_not_cited', 'never_retrieved', 'unknown'] as const), ownedUrls: Type.Array(Type.String()),
  })) }),
  gaps: Type.Object({ ...Header, rows: Type.Array(Type.Object({
    query: Type.String(), engine: Type.String(), surface: Type.String(), promptIds: Type.Array(Type.String()), answers: Type.Integer(),
    searchedIn: Type.Integer({ description: 'Answers of the engine that searched the query and report what they retrieved (the n of `answers`).' }), simulated: Type.Boolean(),
    attribution: StringEnum(['query', 'answer'] as const), competitors: Type.Array(Type.Object({ name: Type.String(), urls: Type.Array(Type.String()) })), resultIds: Type.Array(Type.String()),
  })) }),
};
const Trace = Type.Object({
  resultId: Type.String(), runId: Type.String(), engine: Type.String(), surface: Type.String(), simulated: Type.Boolean(), promptId: Type.String(), sample: Type.Integer(),
  format: Type.String(), modelVersion: Nullable(Type.String()), queries: Type.Array(Type.String()), retrieved: Type.Array(Source), cited: Type.Array(Cited),
  usage: Nullable(Type.Object({ inputTokens: Nullable(Type.Number()), outputTokens: Nullable(Type.Number()), totalTokens: Nullable(Type.Number()), searches: Nullable(Type.Number()), raw: Type.Record(Type.String(), Type.Number()) })),
  missing: Type.Array(Type.String()), warnings: Type.Array(Type.String()), createdAt: Type.String(),
});
const Classes = Type.Object({
  owned: Type.Array(Type.String()), competitors: Type.Array(Type.Object({ name: Type.String(), domains: Type.Array(Type.String()) })),
  overrides: Type.Array(Type.Object({ domain: Type.String(), class: Type.String() })), shipped: Type.Array(Type.Object({ domain: Type.String(), class: Type.String() })),
});
const Engine = Type.Object({
  id: Type.String(), surface: StringEnum(SURFACES), optional: Type.Boolean(), provider: Type.Boolean(), enabled: Type.Boolean(), simulated: Type.Boolean(),
  reason: Nullable(Type.String()), enableWith: Type.Array(Type.String()),
});

const VIEWS = [
  ['fanout', 'getSourcesFanout', 'Fan-out queries per prompt and engine, with their recurrence across samples', 'Per prompt and engine, each distinct query the engine searched, in how many answers it recurs (k of the answers whose provider reports queries, with a 95% interval) and its mean position in the fan-out. Product-surface engines report no queries.'],
  ['domains', 'getSourcesDomains', 'Retrieved and cited counts per domain', 'Per surface and registrable domain: answers that retrieved it, answers that cited it, and the citation rate given retrieval (of the answers that retrieved it, the share that cited it). `class` is owned, competitor, earned_media, user_generated, reference, social or other.'],
  ['urls', 'getSourcesUrls', 'Retrieved and cited counts per URL', 'As the domains view, per URL; the brand’s own pages carry `status`: `cited`, or `retrieved_not_cited` (read and not used: a content problem).'],
  ['owned', 'getSourcesOwned', 'The brand’s own pages per prompt and engine: cited, retrieved but not cited, never retrieved', '`retrieved_not_cited` is a content problem (the engine read the page and did not use it); `never_retrieved` a discoverability problem; `unknown` where the provider reports no retrieval.'],
  ['gaps', 'getSourcesGaps', 'Fan-out queries where a competitor’s page is retrieved and the brand’s is not', 'Sources tied to their query by the provider are attributed to it (`attribution: query`); otherwise to every query of the answer (`answer`).'],
] as const;

export function sourcesRoutes(app: FastifyInstance, deps: { sources: SourcesService; engines: EnginesService; stamps: Stamps }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { sources } = deps;

  for (const [view, operationId, summary, description] of VIEWS) {
    const schema = view === 'domains' || view === 'urls' ? Schemas.table : Schemas[view];
    r.get(`/api/v1/workspaces/:workspace/sources/${view}`, {
      config: { credential: ACCESS.metrics.read },
      schema: { operationId, tags, summary, description: `${description} Rows are per surface (api, product) and never add the two together; every row says whether it is simulated.`, params: WorkspaceParams, querystring: Query, response: csvOr(schema) },
    }, async (request, reply) => {
      const ws = workspaceOf(request);
      const { format, ...filter } = request.query;
      const out = view === 'fanout' ? await sources.fanout(ws, filter)
        : view === 'owned' ? await sources.owned(ws, filter)
        : view === 'gaps' ? await sources.gaps(ws, filter)
        : await sources.table(ws, filter, view === 'domains' ? 'domain' : 'url');
      const stamp = await deps.stamps.ofRuns(ws, out.window, filter);
      if (format !== 'csv') return { ...out, stamp };
      reply.header('content-disposition', `attachment; filename="sources-${view}.csv"`);
      return reply.type('text/csv; charset=utf-8').send(viewCsv({ view, rows: out.rows } as CsvView, stamp.grade));
    });
  }

  r.get('/api/v1/workspaces/:workspace/sources/answers/:id', {
    config: { credential: ACCESS.metrics.read },
    schema: { operationId: 'getAnswerTrace', tags, summary: 'What the engine searched and read for one answer', description: 'The stored trace of one run result (`id` as in run detail): fan-out queries in order, sources retrieved (with rank and query) and cited (with the answer span), model version and usage as the provider reported them; `missing` lists what it did not report, `warnings` what could not be read.', params: workspaceParamsWith('id'), response: { 200: Trace } },
  }, async (request) => sources.answer(workspaceOf(request), request.params.id));

  r.get('/api/v1/workspaces/:workspace/sources/classes', {
    config: { credential: ACCESS.settings.read },
    schema: { operationId: 'getSourceClasses', tags, summary: 'Source classes: the shipped domain list and the workspace’s overrides', params: WorkspaceParams, response: { 200: Classes } },
  }, async (request) => sources.classes(workspaceOf(request)));

  r.put('/api/v1/workspaces/:workspace/sources/classes', {
    config: { credential: ACCESS.settings.write },
    schema: { operationId: 'setSourceClass', tags, summary: 'Set the class of a domain for this workspace', description: 'Overrides the shipped list for the domain and its subdomains. Owned and competitor come from the workspace’s domains and competitors and cannot be set here.', params: WorkspaceParams, body: Closed({ domain: Type.String({ minLength: 3, maxLength: 253 }), class: StringEnum(OVERRIDABLE_CLASSES) }), response: { 200: Classes } },
  }, async (request) => sources.setClass(workspaceOf(request), request.body));

  r.delete('/api/v1/workspaces/:workspace/sources/classes', {
    config: { credential: ACCESS.settings.write },
    schema: { operationId: 'removeSourceClass', tags, summary: 'Remove a domain’s override', params: WorkspaceParams, body: Closed({ domain: Type.String({ minLength: 3, maxLength: 253 }) }), response: { 200: Classes } },
  }, async (request) => sources.removeClass(workspaceOf(request), request.body.domain));

  r.get('/api/v1/workspaces/:workspace/model-versions', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'getModelVersions', tags, summary: 'The model versions each engine’s provider named, day by day, and the days they changed',
      description: 'From the answers’ traces (UTC days). A change is a day whose named versions differ from the engine’s previous day with any named: a possible cause of a change in the figures, marked on the dashboard’s time series. `unreported`: some answers of the day named no version (SerpAPI-based engines and DataForSEO’s AI Mode never do).',
      params: WorkspaceParams, querystring: Type.Object({ range: StringEnum(['7d', '28d', 'all'] as const, { default: '28d' }) }, { additionalProperties: false }),
      response: {
        200: Type.Object({
          range: Type.String(), from: Nullable(Type.String()), to: Type.String(),
          engines: Type.Array(Type.Object({ engine: Type.String(), days: Type.Array(Type.Object({ date: Type.String(), versions: Type.Array(Type.String()), unreported: Type.Boolean(), answers: Type.Integer() })) })),
          changes: Type.Array(Type.Object({ date: Type.String(), engine: Type.String(), from: Type.Array(Type.String()), to: Type.Array(Type.String()) })),
        }),
      },
    },
  }, async (request) => sources.modelVersionHistory(workspaceOf(request), (request.query as { range: '7d' | '28d' | 'all' }).range));

  r.get('/api/v1/workspaces/:workspace/engines', {
    config: { credential: ACCESS.runs.read },
    schema: { operationId: 'listEngines', tags: ['runs'], summary: 'Every engine, its surface, and whether it runs', description: 'Core engines run through their provider with a key, else simulated where simulation is on; optional engines (google-ai-mode, copilot, dataforseo-ai-mode, dataforseo-chatgpt, dataforseo-gemini, grok, openai-compatible) run only when GEO_OPTIONAL_ENGINES lists them and their provider is configured (SERPAPI_API_KEY; DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD; XAI_API_KEY; OPENAI_COMPATIBLE_*). An engine that is off says why and `enableWith` names the variables to set.', params: WorkspaceParams, response: { 200: Type.Object({ engines: Type.Array(Engine) }) } },
  }, async (request) => ({ engines: await deps.engines.list(workspaceOf(request).id) }));
}
