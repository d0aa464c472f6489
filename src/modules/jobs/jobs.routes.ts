import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { workspaceParamsWith } from '../../lib/http/params.ts';
import { jobView, type JobsService } from './jobs.service.ts';
import { JobStatus } from './jobs.schemas.ts';
import { LOG_TAIL_BYTES, readJobLog } from './jobs.log.ts';

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

  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/v1/workspaces/:workspace/jobs/:id/log', {
    config: { credential: ACCESS.runs.read },
    schema: {
      operationId: 'getJobLog', tags: ['jobs'], summary: 'The whole log of a job (the address in its `logPath`)',
      description: `text/plain, one stamped line per event, oldest first; the last ${LOG_TAIL_BYTES} bytes when longer (from a whole line). \`X-Log-Source: file\` when read from the log file, \`last-lines\` when the file is on another node's disk and only the lines kept with the job (its \`lastLines\`) are available; \`X-Log-Truncated: true\` when the head was cut.`,
      params: workspaceParamsWith('id'),
      response: { 200: { description: 'The log', content: { 'text/plain': { schema: { type: 'string' } } } } },
    },
  }, async (request, reply) => {
    const log = await readJobLog(await deps.jobs.get(workspaceOf(request), request.params.id));
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store')
      .header('x-log-source', log.source).header('x-log-truncated', String(log.truncated)).send(log.text);
  });
}
