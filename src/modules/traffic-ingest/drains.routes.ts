import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import { JobStatus } from '../jobs/jobs.schemas.ts';
import { GEO_SIGNATURE, VERCEL_SIGNATURE, VERCEL_VERIFY } from './drains.fns.ts';
import { SPOOL_LIMITS, SPOOL_RETRY_AFTER_S } from './spool-gate.fns.ts';
import type { DrainsService } from './drains.service.ts';
import { Drain, DrainBody, DrainCreated, DrainPatch } from '../traffic/traffic.schemas.ts';

// Log drains (docs/traffic.md): managing them is a setting of the workspace, like its webhooks;
// the push itself carries no session or API key, only the signature made with the drain's secret.

const tags = ['traffic'];
const SIGNING = `Sign each push with the secret: the lowercase hex HMAC-SHA256 of the raw request body (the bytes as sent, gzip or not) in \`${GEO_SIGNATURE}\`; or, for a Vercel drain whose signature secret is set to this secret, Vercel's own HMAC-SHA1 in \`${VERCEL_SIGNATURE}\`.`;

export async function drainsRoutes(app: FastifyInstance, deps: { drains: DrainsService }) {
  const { drains } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/api/v1/workspaces/:workspace/traffic/drains', {
    config: { credential: ACCESS.settings.write },
    schema: {
      operationId: 'createTrafficDrain', tags, summary: 'Create a log drain: a push address with a signing secret of its own (shown only here)',
      description: `The drain may do one thing: push access logs into this workspace at \`pushUrl\` (\`POST /api/v1/traffic/drains/{id}/push\`). ${SIGNING} The secret is stored sealed and is never shown again; revoke the drain and create another to change it.`,
      params: WorkspaceParams, body: DrainBody, response: { 201: DrainCreated },
    },
  }, async (request, reply) => reply.status(201).send(await drains.create(workspaceOf(request), request.body)));

  r.patch('/api/v1/workspaces/:workspace/traffic/drains/:id', {
    config: { credential: ACCESS.settings.write },
    schema: {
      operationId: 'updateTrafficDrain', tags, summary: 'Rename a log drain, or set its Vercel verification code',
      description: 'Only `name` and `vercelVerify` (null clears it) can change; the secret cannot (revoke and create another). A revoked drain stays revoked. Unknown id → 404 `not_found`.',
      params: workspaceParamsWith('id'), body: DrainPatch, response: { 200: Drain },
    },
  }, async (request) => drains.update(workspaceOf(request), request.params.id, request.body));

  r.get('/api/v1/workspaces/:workspace/traffic/drains', {
    config: { credential: ACCESS.settings.read },
    schema: {
      operationId: 'listTrafficDrains', tags, summary: 'The workspace’s log drains, newest first, revoked ones included (never their secrets)',
      params: WorkspaceParams, response: { 200: Type.Array(Drain) },
    },
  }, async (request) => drains.list(workspaceOf(request)));

  r.delete('/api/v1/workspaces/:workspace/traffic/drains/:id', {
    config: { credential: ACCESS.settings.write },
    schema: {
      operationId: 'revokeTrafficDrain', tags, summary: 'Revoke a log drain: its pushes are refused from now on',
      description: 'Pushes already accepted are ingested; the next one is 401. Revoking a revoked drain is a no-op (204). Unknown id → 404 `not_found`.',
      params: workspaceParamsWith('id'), response: { 204: Type.Null() },
    },
  }, async (request, reply) => {
    await drains.revoke(workspaceOf(request), request.params.id);
    return reply.status(204).send(null);
  });

  // The push is the raw body (any content type), spooled as it arrives: never parsed as JSON here.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<TypeBoxTypeProvider>().post('/api/v1/traffic/drains/:id/push', {
      config: { credential: ACCESS.public },
      schema: {
        operationId: 'pushTrafficDrain', tags, summary: 'A log drain pushes access logs (authenticated by its signature only)',
        description: `No session or API key: the signature is the credential. ${SIGNING} The body is what \`POST …/traffic/logs\` takes — any supported format, a JSON array of records (Vercel's \`json\` delivery) or JSON lines, plain or gzip, up to 100 MB — and is ingested the same way into the drain's workspace only: 202 with the job (its counts at \`GET …/traffic/uploads/{id}\`, \`source\` \`drain:{id}\`), idempotent, one ingestion at a time per workspace (409 \`job_already_running\`: push again later). No timestamp is signed: a replayed body counts nothing twice. A missing or wrong signature, and an unknown or revoked drain, are all the same 401 \`invalid_key\`. Before any of the body is read: a Content-Length over 100 MB is 413 \`payload_too_large\`; and since a push is written to disk until its signature is checked, at most ${SPOOL_LIMITS.perDrain} such pushes per drain, ${SPOOL_LIMITS.perAddress} per client address and ${SPOOL_LIMITS.total} in all are received at once — beyond, 429 \`rate_limited\` with \`Retry-After: ${SPOOL_RETRY_AFTER_S}\` and \`details.scope\` (\`drain\`, \`address\` or \`total\`).`,
        params: Type.Object({ id: Type.String({ maxLength: 100, description: 'The drain id (`drn_…`)' }) }),
        headers: Type.Object({
          [GEO_SIGNATURE]: Type.Optional(Type.String({ description: 'Lowercase hex HMAC-SHA256 of the raw body with the drain secret' })),
          [VERCEL_SIGNATURE]: Type.Optional(Type.String({ description: 'Lowercase hex HMAC-SHA1 of the raw body with the drain secret (what Vercel sends)' })),
        }),
        response: { 202: JobStatus },
      },
    }, async (request, reply) => {
      const { job, vercelVerify } = await drains.push(request.params.id, request.headers, request.body as Readable, request.ip);
      if (vercelVerify) reply.header(VERCEL_VERIFY, vercelVerify);
      return reply.status(202).send(job);
    });
  });

  r.get('/api/v1/traffic/drains/:id/push', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'verifyTrafficDrain', tags, summary: 'Vercel’s endpoint check: answers the drain’s verification code in `x-vercel-verify`',
      description: `When a drain is added in Vercel, Vercel asks the URL for its verification code in the \`${VERCEL_VERIFY}\` response header: set it on the drain (\`vercelVerify\`, at creation or with \`PATCH …/traffic/drains/{id}\`) and this answers 200 with it (without a code: 200 without the header). It proves only that the URL belongs to whoever set the code; pushes still need the signature. An unknown or revoked drain is 401 \`invalid_key\`, as for a push.`,
      params: Type.Object({ id: Type.String({ maxLength: 100, description: 'The drain id (`drn_…`)' }) }),
      response: { 200: Type.Object({ ok: Type.Literal(true) }) },
    },
  }, async (request, reply) => {
    const code = await drains.vercelVerify(request.params.id);
    if (code) reply.header(VERCEL_VERIFY, code);
    return { ok: true as const };
  });
}
