import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import type { CanariesService } from './canaries.service.ts';
import { EngineChanges } from './canaries.schemas.ts';

// Engine changes are service-wide (the canaries belong to no workspace); they are read through a
// workspace like its figures, with the credential that reads the figures they qualify.

export function canariesRoutes(app: FastifyInstance, deps: { canaries: CanariesService }) {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/v1/workspaces/:workspace/engine-changes', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'listEngineChanges', tags: ['scores'], summary: 'Likely engine changes flagged by the service’s canary prompts',
      description: 'Service-wide: the same for every workspace. A flag says an engine’s answers to the fixed canary prompts changed shape (length, citations, list items) or model version on that day; figures and significance alerts within `radiusDays` of it say "possible engine change".',
      params: WorkspaceParams,
      querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }) }, { additionalProperties: false }),
      response: { 200: EngineChanges },
    },
  }, async (request) => deps.canaries.list(request.query.limit));
}
