import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { actorOf, ErrorBody, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import { JobStatus } from '../jobs/jobs.schemas.ts';
import type { Drafts } from './drafts.ts';
import type { RecsGeneration } from './generation.ts';
import type { RecsService } from './recs.service.ts';
import { Draft, GenerateBody, Recommendation, RecommendationDetail, RecommendationGroups, StatusAliasError, StatusAliasOk, TransitionBody } from './recs.schemas.ts';

const tags = ['recommendations'];
const RecParams = workspaceParamsWith('id');
const TRANSITION_ERRORS = '409: `stale_state` (details currentVersion, currentStatus), `invalid_transition` (details allowedActions), `compliance_approval_required`, `topic_open`, `idempotency_conflict`.';

// Credential and workspace failures keep the envelope on the alias too: they are decided before
// the route's own rules, and a 404 workspace_not_found must be the same bytes on every route.
const GUARD_CODES = new Set(['invalid_key', 'insufficient_scope', 'session_required', 'ip_forbidden', 'csrf_rejected', 'workspace_not_found', 'rate_limited']);

/**
 * The deprecated alias's flat failure body `{error, message}`, with the status /transition would
 * give: every failure is first answered in the envelope as anywhere else, then flattened here.
 */
async function flattenAliasError(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  try {
    const body = JSON.parse(payload) as { error?: { code?: string; message?: string } };
    const { code, message } = body.error ?? {};
    if (typeof code !== 'string' || GUARD_CODES.has(code)) return payload;
    return JSON.stringify({ error: code, message: message ?? '' });
  } catch {
    return payload;
  }
}

export function recsRoutes(app: FastifyInstance, deps: { recs: RecsService; generation: RecsGeneration; drafts: Drafts }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { recs, generation, drafts } = deps;

  r.get('/api/v1/workspaces/:workspace/recs', {
    config: { credential: ACCESS.recs.read },
    schema: { operationId: 'listRecommendations', tags, summary: 'Recommendations grouped by the five statuses', params: WorkspaceParams, response: { 200: RecommendationGroups } },
  }, async (request) => recs.list(workspaceOf(request)));

  r.post('/api/v1/workspaces/:workspace/recs/generate', {
    config: { credential: ACCESS.recs.write },
    schema: {
      operationId: 'generateRecommendations', tags, summary: 'Generate recommendations for a lane (job `recs_generation`)', params: WorkspaceParams, body: GenerateBody,
      description: 'Creates at most min(cap, target open − open items of the lane), never a topic that is already open. `geo` is free and reads the latest runs (and page evaluations); `seo` holds credits for its cap (402 `insufficient_credits`) and is charged per created item. One generation runs per workspace (409 `job_already_running`). The job’s last log line is its result, e.g. `result: {"lane":"seo","available":false,"reason":…}` when the SEO signals are not available — no item is ever made up.',
      response: { 202: JobStatus },
    },
  }, async (request, reply) => reply.status(202).send(await generation.start(workspaceOf(request), actorOf(request), request.body.lane)));

  r.get('/api/v1/workspaces/:workspace/recs/:id', {
    config: { credential: ACCESS.recs.read },
    schema: {
      operationId: 'getRecommendation', tags, summary: 'A recommendation with its transition history, drafts and measured effect', params: RecParams,
      description: 'The effect compares the metric its evidence names at acceptance (before) with the first runs after it was done (after), each with n and a 95% Wilson interval; the verdict is `improved` only when the intervals separate.',
      response: { 200: RecommendationDetail },
    },
  }, async (request) => recs.detail(workspaceOf(request), request.params.id));

  r.post('/api/v1/workspaces/:workspace/recs/:id/transition', {
    config: { credential: ACCESS.recs.write },
    schema: {
      operationId: 'transitionRecommendation', tags, summary: 'Move a recommendation through its lifecycle (compare-and-swap on status and version)', params: RecParams, body: TransitionBody,
      description: `Answers the recommendation. ${TRANSITION_ERRORS} \`reopen\` and \`restore\` return an archived item to the status it had before archiving.`,
      response: { 200: Recommendation },
    },
  }, async (request) => recs.transition(workspaceOf(request), actorOf(request), request.params.id, request.body));

  r.post('/api/v1/workspaces/:workspace/recs/:id/status', {
    config: { credential: ACCESS.recs.write },
    onSend: flattenAliasError,
    onRequest: async (request, reply) => {
      const { workspace, id } = request.params as { workspace: string; id: string };
      reply.header('deprecation', 'true').header('link', `</api/v1/workspaces/${workspace}/recs/${encodeURIComponent(id)}/transition>; rel="successor-version"`);
    },
    schema: {
      operationId: 'setRecommendationStatus', tags, summary: 'Deprecated alias of /transition', deprecated: true, params: RecParams, body: TransitionBody,
      description: `Same body and rules as /transition. Success: \`{stdout: "<rec>: <from> → <to>, version <n>", stderr: ""}\`; failure: \`{error: <code>, message}\` with the status /transition would give (credential and workspace failures keep the standard envelope). Carries \`Deprecation: true\` and a \`Link\` to its successor. ${TRANSITION_ERRORS}`,
      response: { 200: StatusAliasOk, ...Object.fromEntries([400, 402, 404, 409, 413].map((status) => [status, Type.Union([StatusAliasError, ErrorBody])])) },
    },
  }, async (request) => {
    const after = await recs.transition(workspaceOf(request), actorOf(request), request.params.id, request.body);
    // A transition only succeeds from the expected status, so it is the "from" of the line.
    return { stdout: `${after.rec_id}: ${request.body.expectedStatus} → ${after.status}, version ${after.state_version}`, stderr: '' };
  });

  r.post('/api/v1/workspaces/:workspace/recs/:id/draft', {
    config: { credential: ACCESS.recs.write },
    schema: {
      operationId: 'draftRecommendationReply', tags, summary: 'Draft a Reddit reply for a reddit_thread recommendation', params: RecParams,
      description: 'Through the workspace’s model, or the simulated model when no provider is configured (`simulated: true`). Metered like one chat step: 120,000 micro-USD (402 `insufficient_credits`). The draft discloses the brand’s affiliation in its first line and never poses as an independent user; each draft is a new version and becomes `current_draft_id`. Any other type → 400 `invalid_request`.',
      response: { 201: Draft },
    },
  }, async (request, reply) => {
    const ws = workspaceOf(request);
    return reply.status(201).send(await drafts.create(ws, await recs.load(ws, request.params.id)));
  });
}
