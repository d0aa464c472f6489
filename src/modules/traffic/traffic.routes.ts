import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { actorOf, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import { AgentDay, PageAgent, PagesQuery, RangeQuery, Referral } from './traffic.schemas.ts';
import { toCsv, type TrafficViews } from './traffic.views.ts';

const tags = ['traffic'];

/** JSON rows, or the same rows as CSV (`?format=csv`). */
const rowsOrCsv = (item: TSchema) => ({
  200: { description: 'Rows as JSON, or CSV with `format=csv` (RFC 4180: CRLF line endings)', content: { 'application/json': { schema: Type.Array(item) }, 'text/csv': { schema: { type: 'string' } } } },
});
function send(reply: FastifyReply, format: string | undefined, rows: Array<Record<string, unknown>>, name: string) {
  return format !== 'csv' ? reply.type('application/json').send(rows) : sendCsv(reply, rows, name);
}
/** Rows as a CSV attachment named `name.csv` (the traffic views' one CSV answer). */
export function sendCsv(reply: FastifyReply, rows: Array<Record<string, unknown>>, name: string) {
  const columns = rows[0] ? Object.keys(rows[0]) : [];
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`).send(toCsv(rows, columns));
}

export function trafficRoutes(app: FastifyInstance, deps: { views: TrafficViews }) {
  const { views } = deps;

  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/api/v1/workspaces/:workspace/traffic/agents', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'listTrafficAgentDays', tags, summary: 'AI agent hits per day, agent and verification, by status class, with bytes',
      description: 'From the daily aggregates (kept past raw-hit retention). `from`/`to` default to the last 30 days; at most 400 days (400 `invalid_request`).',
      params: WorkspaceParams, querystring: RangeQuery, response: rowsOrCsv(AgentDay),
    },
  }, async (request, reply) => send(reply, request.query.format, await views.agentsDaily(workspaceOf(request), request.query), 'traffic-agents'));

  r.get('/api/v1/workspaces/:workspace/traffic/pages', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'listTrafficPages', tags, summary: 'Per URL and agent: last crawled, crawl frequency, error rate (filter by agent or folder)',
      description: 'Most recently crawled first. `folder` keeps paths under it (e.g. `/blog/`).',
      params: WorkspaceParams, querystring: PagesQuery, response: rowsOrCsv(PageAgent),
    },
  }, async (request, reply) => send(reply, request.query.format, await views.pages(workspaceOf(request), request.query), 'traffic-pages'));

  r.get('/api/v1/workspaces/:workspace/traffic/referrals', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'listTrafficReferrals', tags, summary: 'Visits referred by AI answers per day, engine and landing page (from access-log referrers)',
      description: 'Engines are recognised by the referrer\'s host (chatgpt.com, perplexity.ai, gemini.google.com, copilot.microsoft.com, claude.ai, … — data/ai-agents.json). `from`/`to` as for agents.',
      params: WorkspaceParams, querystring: RangeQuery, response: rowsOrCsv(Referral),
    },
  }, async (request, reply) => send(reply, request.query.format, await views.referrals(workspaceOf(request), request.query), 'traffic-referrals'));
}
