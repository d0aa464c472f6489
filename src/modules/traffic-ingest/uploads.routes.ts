import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { actorOf, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import { JobStatus } from '../jobs/jobs.schemas.ts';
import { Closed, Timestamp } from '../../lib/http/schema-helpers.ts';
import { Retention, RetentionBody, UploadResult } from '../traffic/traffic.schemas.ts';
import type { TrafficService } from './ingest.service.ts';

// Access logs in: the upload itself (streamed to disk, ingested by a job), what each upload or
// drain push counted, the list the dashboard shows as "logs received" (and whether any ever
// arrived, its empty state), and how long raw hits are kept.
const tags = ['traffic'];

const UploadListItem = Type.Object({ ...UploadResult.properties, createdAt: Timestamp });
const UploadsQuery = Closed({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })) });

export async function uploadsRoutes(app: FastifyInstance, deps: { traffic: TrafficService }) {
  const { traffic } = deps;
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

  r.get('/api/v1/workspaces/:workspace/traffic/uploads', {
    config: { credential: ACCESS.settings.read },
    schema: {
      operationId: 'listTrafficUploads', tags, summary: 'The latest log uploads and drain pushes, newest first, with what each counted',
      description: 'Each as `GET …/traffic/uploads/{id}` answers it, with `createdAt`. An empty list: no log was ever sent.',
      params: WorkspaceParams, querystring: UploadsQuery, response: { 200: Type.Array(UploadListItem) },
    },
  }, async (request) => deps.traffic.uploads(workspaceOf(request), request.query.limit ?? 20));
}
