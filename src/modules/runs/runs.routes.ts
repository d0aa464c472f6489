import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { Closed, StringEnum } from '../../lib/http/schema-helpers.ts';
import { actorOf, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams, workspaceParamsWith } from '../workspaces/workspaces.routes.ts';
import { JobStatus } from '../jobs/jobs.schemas.ts';
import { PRESETS } from './runs.fns.ts';
import type { RunsService } from './runs.service.ts';

const tags = ['runs'];
const RunParams = workspaceParamsWith('id');

export function runsRoutes(app: FastifyInstance, deps: { runs: RunsService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { runs } = deps;

  r.get('/api/v1/workspaces/:workspace/runs', {
    config: { credential: ACCESS.runs.read },
    schema: {
      operationId: 'listRuns', tags, summary: 'Measurement runs, newest first', params: WorkspaceParams,
      querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }) }, { additionalProperties: false }),
      response: { 200: Type.Object({ runs: Type.Array(JobStatus) }) },
    },
  }, async (request) => ({ runs: await runs.list(workspaceOf(request), request.query.limit) }));

  r.post('/api/v1/workspaces/:workspace/runs', {
    config: { credential: ACCESS.runs.write },
    schema: {
      operationId: 'startRun', tags, summary: 'Start a measurement run', params: WorkspaceParams,
      description: 'Takes min(preset cap, active prompts) prompts — smoke 2, lite 50, standard 150 (each engine at most GEO_STANDARD_ENGINE_CAP), searchx 150 on the configured search engine — and every engine. Holds credits for every call (402 `insufficient_credits`); one running run per workspace (409 `job_already_running`); the global cap answers 429 `pipeline_capacity_reached`. The same `idempotencyKey` returns the same run.',
      body: Closed({ preset: StringEnum(PRESETS), idempotencyKey: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }),
      response: { 202: JobStatus },
    },
  }, async (request, reply) => reply.status(202).send(await runs.start(workspaceOf(request), actorOf(request), request.body)));

  r.get('/api/v1/workspaces/:workspace/runs/:id', {
    config: { credential: ACCESS.runs.read },
    schema: { operationId: 'getRun', tags, summary: 'Run status', params: RunParams, response: { 200: JobStatus } },
  }, async (request) => runs.get(workspaceOf(request), request.params.id));

  r.delete('/api/v1/workspaces/:workspace/runs/:id', {
    config: { credential: ACCESS.runs.write },
    schema: {
      operationId: 'cancelRun', tags, summary: 'Cancel a running run', params: RunParams,
      description: 'Answers the final status `cancelled`; the worker stops at once and the credit hold is settled for the calls made. A finished run is 409 `invalid_state`.',
      response: { 200: JobStatus },
    },
  }, async (request) => runs.cancel(workspaceOf(request), request.params.id));

  r.get('/api/v1/workspaces/:workspace/runs/:id/detail', {
    config: { credential: ACCESS.runs.read },
    schema: {
      operationId: 'getRunDetail', tags, summary: 'Results grouped by engine: brand mentions, citations, sentiment and every prompt’s result',
      params: RunParams, response: { 200: Type.Object({ run: JobStatus, engines: Type.Array(Type.Object({}, { additionalProperties: true })) }) },
    },
  }, async (request) => runs.detail(workspaceOf(request), request.params.id));
}
