import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { workspaceParamsWith } from '../../lib/http/params.ts';
import { jobView, type JobsService } from './jobs.service.ts';
import { JobStatus } from './jobs.schemas.ts';

export function jobsRoutes(app: FastifyInstance, deps: { jobs: JobsService }) {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/v1/workspaces/:workspace/jobs/:id', {
    config: { credential: ACCESS.runs.read },
    schema: {
      operationId: 'getJob', tags: ['jobs'], summary: 'Any background job of the workspace (runs, prompt generation, …)',
      params: workspaceParamsWith('id'), response: { 200: JobStatus },
    },
  }, async (request) => {
    const ws = workspaceOf(request);
    return jobView(await deps.jobs.get(ws, request.params.id), ws.slug);
  });
}
