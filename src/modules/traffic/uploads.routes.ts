import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import { Closed, Timestamp } from '../../lib/http/schema-helpers.ts';
import { UploadResult } from './traffic.schemas.ts';
import type { TrafficService } from './traffic.service.ts';

// The list of log uploads and drain pushes: what the dashboard shows as "logs received" (and
// whether any ever arrived, its empty state), beside `GET …/traffic/uploads/{id}` for one.
// Its own file so that the traffic routes and schemas stay as they are.

const UploadListItem = Type.Object({ ...UploadResult.properties, createdAt: Timestamp });
const UploadsQuery = Closed({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })) });

export function uploadsRoutes(app: FastifyInstance, deps: { traffic: TrafficService }) {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/v1/workspaces/:workspace/traffic/uploads', {
    config: { credential: ACCESS.settings.read },
    schema: {
      operationId: 'listTrafficUploads', tags: ['traffic'], summary: 'The latest log uploads and drain pushes, newest first, with what each counted',
      description: 'Each as `GET …/traffic/uploads/{id}` answers it, with `createdAt`. An empty list: no log was ever sent.',
      params: WorkspaceParams, querystring: UploadsQuery, response: { 200: Type.Array(UploadListItem) },
    },
  }, async (request) => deps.traffic.uploads(workspaceOf(request), request.query.limit ?? 20));
}
