import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import { Nullable, Timestamp } from '../../lib/http/schema-helpers.ts';
import type { TokenService } from './oauth.tokens.ts';

// Settings → Connected apps: the applications a member connected through OAuth (MCP hosts), with
// their last use, and the way to disconnect one. Session only, like API keys (spec 5.2).

const tags = ['oauth'];
const ConnectedApp = Type.Object({
  grantId: Type.String(),
  clientName: Type.String({ description: 'The name the application registered with (its own claim).' }),
  redirectHosts: Type.Array(Type.String(), { description: 'Where it receives codes: the host that identifies it.' }),
  scopes: Type.Array(Type.String()),
  createdAt: Timestamp,
  lastUsedAt: Nullable(Timestamp),
});

export function connectedAppsRoutes(app: FastifyInstance, deps: { tokens: TokenService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/api/v1/workspaces/:workspace/connected-apps', {
    config: { credential: ACCESS.apiKeys },
    schema: {
      operationId: 'listConnectedApps', tags, summary: 'Applications connected to the workspace through OAuth (MCP hosts)', params: WorkspaceParams,
      description: 'Live connections only; last use is to the minute.', response: { 200: Type.Array(ConnectedApp) },
    },
  }, async (request) => deps.tokens.list(workspaceOf(request).id));

  r.delete('/api/v1/workspaces/:workspace/connected-apps/:grantId', {
    config: { credential: ACCESS.apiKeys },
    schema: {
      operationId: 'revokeConnectedApp', tags, summary: 'Disconnect an application: its access and refresh tokens stop working at once',
      description: 'An unknown or already disconnected one is 404 `not_found`.',
      params: workspaceParamsWith('grantId'), response: { 200: Type.Object({ grantId: Type.String(), revokedAt: Timestamp }) },
    },
  }, async (request) => deps.tokens.revokeGrant(workspaceOf(request).id, request.params.grantId));
}
