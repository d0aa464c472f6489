import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { actorOf, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import { JobStatus } from '../jobs/jobs.schemas.ts';
import { PageEvaluation, StartEvaluationBody } from './pages.schemas.ts';
import type { PagesService } from './pages.service.ts';

const tags = ['pages'];

export function pagesRoutes(app: FastifyInstance, deps: { pages: PagesService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { pages } = deps;

  r.get('/api/v1/workspaces/:workspace/page-evaluation', {
    config: { credential: ACCESS.pageEvaluations.read },
    schema: {
      operationId: 'listPageEvaluations', tags, summary: 'The latest 20 page evaluations, newest first', params: WorkspaceParams,
      response: { 200: Type.Array(PageEvaluation) },
    },
  }, async (request) => pages.list(workspaceOf(request)));

  r.post('/api/v1/workspaces/:workspace/page-evaluation', {
    config: { credential: ACCESS.pageEvaluations.write },
    schema: {
      operationId: 'startPageEvaluation', tags, summary: 'Evaluate a page: Lighthouse scores and metrics, and the nine checks',
      description: 'Starts a `page_evaluation` job (read it at `GET …/jobs/{id}`). A URL that is forbidden on its face — not http(s), with credentials, a loopback, private, link-local or otherwise reserved address in any spelling, `localhost` — is `400 invalid_request` (`details.reason`). A name or redirect that leads to such an address fails the job with the reason, as does a page that cannot be fetched, answers an error or is not HTML. Every request the browser makes passes the same rules. One running per workspace (409 `job_already_running`); the global cap answers 429 `pipeline_capacity_reached`. Needs Chromium on the server: without it the job fails saying how to install it.',
      params: WorkspaceParams, body: StartEvaluationBody, response: { 202: JobStatus },
    },
  }, async (request, reply) => reply.status(202).send(await pages.start(workspaceOf(request), actorOf(request), request.body)));
}
