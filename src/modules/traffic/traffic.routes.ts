import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Readable } from 'node:stream';
import { Type, type TSchema } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { actorOf, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import { JobStatus } from '../jobs/jobs.schemas.ts';
import { AgentDay, PageAgent, PagesQuery, RangeQuery, Referral, Retention, RetentionBody, UploadResult } from './traffic.schemas.ts';
import type { TrafficService } from './traffic.service.ts';
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

export async function trafficRoutes(app: FastifyInstance, deps: { traffic: TrafficService; views: TrafficViews }) {
  const { traffic, views } = deps;

  // The log is the raw body (any content type): it is streamed to disk, never parsed as JSON.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<TypeBoxTypeProvider>().post('/api/v1/workspaces/:workspace/traffic/logs', {
      config: { credential: ACCESS.settings.write },
      schema: {
        operationId: 'uploadTrafficLog', tags, summary: 'Upload an access log (nginx/Apache, Cloudflare, Vercel, CloudFront), gzip or plain',
        description: 'The request body is the log file itself, up to 100 MB (413 `payload_too_large` beyond: at once when its Content-Length says so, before anything is read), gzip-compressed or plain — detected from its first bytes, whatever the content type; gzip may inflate to 100 times the size of the body or 2 GiB, whichever is smaller, past which the job stops as `failed` with a line naming the limit. Formats are recognised per line: NCSA common and combined (nginx, Apache), JSON lines from Cloudflare Logpush `http_requests`, Vercel log drains and CloudFront standard logging v2, and CloudFront standard logs (tab-separated W3C with `#Fields:`). The body is written to disk as it arrives and a `traffic_ingest` job reads it (202; progress in kilobytes at `GET …/jobs/{id}`, counts and a sample of unparsed lines at `GET …/traffic/uploads/{id}`). Lines that do not parse are counted, never fail the upload. Idempotent: a line already stored (same bytes) is counted once, so overlapping uploads are safe. Only AI-agent requests and AI-referred visits are stored. One upload is ingested at a time per workspace (409 `job_already_running`); 400 `invalid_request` for an empty body.',
        params: WorkspaceParams,
        response: { 202: JobStatus },
      },
    }, async (request, reply) => reply.status(202).send(await traffic.upload(workspaceOf(request), actorOf(request), request.body as Readable, 'upload', { contentLength: request.headers['content-length'] })));
  });

  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/api/v1/workspaces/:workspace/traffic/uploads/:id', {
    config: { credential: ACCESS.settings.read },
    schema: {
      operationId: 'getTrafficUpload', tags, summary: 'What an upload (or a drain push) counted, with a sample of the lines that did not parse',
      description: '404 `not_found` for an unknown id.',
      params: workspaceParamsWith('id'), response: { 200: UploadResult },
    },
  }, async (request) => traffic.uploadResult(workspaceOf(request), request.params.id));

  r.get('/api/v1/workspaces/:workspace/traffic/settings', {
    config: { credential: ACCESS.settings.read },
    schema: { operationId: 'getTrafficSettings', tags, summary: 'Raw-hit retention (default 90 days)', params: WorkspaceParams, response: { 200: Retention } },
  }, async (request) => ({ retentionDays: await traffic.retentionDays(workspaceOf(request)) }));

  r.put('/api/v1/workspaces/:workspace/traffic/settings', {
    config: { credential: ACCESS.settings.write },
    schema: {
      operationId: 'setTrafficSettings', tags, summary: 'Set raw-hit retention', params: WorkspaceParams, body: RetentionBody, response: { 200: Retention },
      description: 'Raw hits older than this are deleted by the minute\'s maintenance sweep; the daily, per-page and referral aggregates are kept. Lines older than the retention are not ingested (counted as `expired`).',
    },
  }, async (request) => traffic.setRetentionDays(workspaceOf(request), request.body.retentionDays));

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
