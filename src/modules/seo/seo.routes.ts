import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { actorOf, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import { JobStatus } from '../jobs/jobs.schemas.ts';
import { RefreshBody, SeoDashboard } from './seo.schemas.ts';
import type { SeoService } from './seo.service.ts';

const tags = ['seo'];

export function seoRoutes(app: FastifyInstance, deps: { seo: SeoService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { seo } = deps;

  r.get('/api/v1/workspaces/:workspace/seo', {
    config: { credential: ACCESS.seo.read },
    schema: {
      operationId: 'getSeoDashboard', tags, summary: 'SEO dashboard: SEO, GEO and combined scores, components, Search Console insights, failed technical checks',
      description: 'From the latest SEO refresh. Before any refresh the three scores are null and every component is `available: false` with `unavailableReason: "not_refreshed"`.',
      params: WorkspaceParams, response: { 200: SeoDashboard },
    },
  }, async (request) => seo.dashboard(workspaceOf(request)));

  r.post('/api/v1/workspaces/:workspace/seo', {
    config: { credential: ACCESS.seo.write },
    schema: {
      operationId: 'refreshSeo', tags, summary: 'Refresh the SEO dashboard',
      description: 'Starts a `seo_refresh` job: evaluates the home page and up to GEO_SEO_SAMPLE_PAGES URLs of its sitemap (Lighthouse and the nine checks, through the address rules), and reads Search Console and GA4 with the workspace’s stored Google service account. Metered: holds GEO_SEO_PAGE_PRICE per page and GEO_SEO_GOOGLE_CALL_PRICE per Google call (402 `insufficient_credits`); one running per workspace (409 `job_already_running`); the global cap answers 429. No body is needed; `url` overrides the home page.',
      params: WorkspaceParams, body: RefreshBody, response: { 202: JobStatus },
    },
  }, async (request, reply) => reply.status(202).send(await seo.start(workspaceOf(request), actorOf(request), request.body ?? undefined)));
}
