import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import { Closed, StringEnum } from '../../lib/http/schema-helpers.ts';
import { ChainQuery, ChainView, Ga4View, RobotsView, UnfetchedView } from './site.schemas.ts';
import type { SiteViews } from './site.views.ts';
import { RangeQuery } from './traffic.schemas.ts';
import { sendCsv } from './traffic.routes.ts';
import type { Stamps } from '../scores/stamps.ts';

const tags = ['traffic'];
const FormatQuery = Closed({ format: Type.Optional(StringEnum(['json', 'csv'] as const, { description: '`csv` answers text/csv, one record per row' })) });
const jsonOrCsv = (schema: ReturnType<typeof Type.Object>) => ({
  200: { description: 'JSON, or CSV with `format=csv` (RFC 4180: CRLF line endings)', content: { 'application/json': { schema }, 'text/csv': { schema: { type: 'string' } } } },
});

export async function siteRoutes(app: FastifyInstance, deps: { site: SiteViews; stamps: Pick<Stamps, 'ofRuns'> }) {
  const { site } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/api/v1/workspaces/:workspace/traffic/robots', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'getTrafficRobots', tags, summary: 'robots.txt and llms.txt per AI agent beside what the agent fetched',
      description: 'For every AI agent of the shipped table: its fetches of /robots.txt and /llms.txt, and per evaluated page (latest evaluation per path) robots.txt\'s verdict for its token beside its verified and claimed fetches, with a finding. Verdicts come from the page evaluations (`POST …/pages` or the SEO refresh); evaluations made before every agent\'s verdict was recorded know only GPTBot, ClaudeBot, PerplexityBot, Google-Extended and Googlebot (others `not_checked`). CSV: one line per agent and page.',
      params: WorkspaceParams, querystring: FormatQuery, response: jsonOrCsv(RobotsView),
    },
  }, async (request, reply) => {
    const view = await site.robots(workspaceOf(request));
    if (request.query.format !== 'csv') return view;
    return sendCsv(reply, view.agents.flatMap(({ pages, robotsTxt, llmsTxt, ...a }) => pages.map((p) => ({
      agent: a.agent, token: a.token, operator: a.operator, purpose: a.purpose, engine: a.engine, path: p.path, url: p.url, robots: p.robots, finding: p.finding,
      verifiedHits: p.verifiedHits, claimedHits: p.claimedHits, lastStatus: p.lastStatus, lastAt: p.lastAt, robotsTxtFetches: robotsTxt.verifiedHits, llmsTxtFetches: llmsTxt.verifiedHits,
    }))), 'traffic-robots');
  });

  r.get('/api/v1/workspaces/:workspace/traffic/unfetched', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'listTrafficUnfetchedPages', tags, summary: 'Known pages that no AI crawler fetched (from a verified address)',
      description: 'Pages are known from the page evaluations and their sitemap (first 1,000 URLs), the answers that retrieved or cited the brand\'s pages, the access logs and AI referrals. A page fetched only by unverified (claimed) AI user agents is listed, with those hits.',
      params: WorkspaceParams, querystring: FormatQuery, response: jsonOrCsv(UnfetchedView),
    },
  }, async (request, reply) => {
    const view = await site.unfetched(workspaceOf(request));
    if (request.query.format !== 'csv') return view;
    return sendCsv(reply, view.rows.map((p) => ({ ...p, sources: p.sources.join(' ') })), 'traffic-unfetched');
  });

  r.get('/api/v1/workspaces/:workspace/traffic/chain', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'getTrafficChain', tags, summary: 'Per page and engine: crawled → retrieved → cited → visited, and the weakest link',
      description: 'Crawled: verified fetches by the engine\'s search-index and user-triggered agents (all time, from the per-page aggregates). Retrieved and cited: the engine\'s answers in the window of latest runs. Visited: AI-referred visits in `from`…`to` from access-log referrers and, when read, GA4. The weakest link is the first broken one in chain order; a link without data (no log sent, no retrieval reported, no answer) is null, never broken. Most broken first (crawl, retrieval, citation, visits).',
      params: WorkspaceParams, querystring: ChainQuery, response: jsonOrCsv(ChainView),
    },
  }, async (request, reply) => {
    const ws = workspaceOf(request);
    const view = await site.chain(ws, request.query);
    // The stamp of the answers behind retrieved and cited (the window's runs); visits and crawls are logs.
    const stamp = await deps.stamps.ofRuns(ws, view.window, { engine: request.query.engine });
    if (request.query.format !== 'csv') return { ...view, stamp };
    return sendCsv(reply, view.rows.map((c) => ({
      path: c.path, engine: c.engine, weakest: c.weakest, reason: c.reason, verifiedFetches: c.crawled?.verifiedHits ?? null, lastStatus: c.crawled?.lastStatus ?? null,
      robotsBlocked: c.robots.filter((x) => x.verdict === 'blocked').map((x) => x.token).join(' '),
      retrieved: c.retrieved?.k ?? null, retrievalReported: c.retrieved?.n ?? null, cited: c.cited?.k ?? null, answers: c.cited?.n ?? null,
      visitsAccessLogs: c.visits.accessLogs, visitsGa4: c.visits.ga4, simulated: c.simulated, grade: stamp.grade,
    })), 'traffic-chain');
  });

  r.get('/api/v1/workspaces/:workspace/traffic/referrals/ga4', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'listTrafficAnalyticsReferrals', tags, summary: 'GA4 sessions and key events from AI answers per day, engine and landing page',
      description: 'Read by the SEO refresh (`POST …/seo`) when a GA4 property and the Google service account are connected: one more runReport, charged like the others, filtered by GA4 to the AI engines\' sources and the "AI Assistant" channel. `syncedAt` null: never read. `from`/`to` as for the other traffic views.',
      params: WorkspaceParams, querystring: RangeQuery, response: jsonOrCsv(Ga4View),
    },
  }, async (request, reply) => {
    const view = await site.ga4Referrals(workspaceOf(request), request.query);
    if (request.query.format !== 'csv') return view;
    return sendCsv(reply, view.rows, 'traffic-ga4-referrals');
  });
}
