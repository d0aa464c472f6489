import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { sessionOf, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import type { Connector } from './connections.fns.ts';
import type { ConnectionsService } from './connections.service.ts';
import { ConfigureBody, ConnectionStatus, CredentialBody, CredentialSlot, RevealedCredential, StoredCredential, TestBody, TestResult } from './connections.schemas.ts';

const tags = ['connections'];

export function connectionsRoutes(app: FastifyInstance, deps: { connections: ConnectionsService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { connections } = deps;

  r.post('/api/v1/workspaces/:workspace/credentials', {
    config: { credential: ACCESS.connections.secret },
    schema: {
      operationId: 'setCredential', tags, summary: 'Store a connector credential (sealed; only a masked value is returned)',
      params: WorkspaceParams, body: CredentialBody, response: { 200: StoredCredential, 201: StoredCredential },
      description: '201 when created, 200 when `rotate: true` replaced it. 409 `credential_exists` when one is stored and `rotate` is false.',
    },
  }, async (request, reply) => {
    const { created, credential } = await connections.setCredential(workspaceOf(request), sessionOf(request).userId, { ...request.body, connector: request.body.connector as Connector });
    return reply.status(created ? 201 : 200).send(credential);
  });

  r.post('/api/v1/workspaces/:workspace/connections/reveal', {
    config: { credential: ACCESS.connections.secret },
    schema: {
      operationId: 'revealCredential', tags, summary: 'Read a stored credential in clear (session only)',
      params: WorkspaceParams, body: CredentialSlot, response: { 200: RevealedCredential },
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return connections.reveal(workspaceOf(request), { ...request.body, connector: request.body.connector as Connector });
  });

  r.get('/api/v1/workspaces/:workspace/connections', {
    config: { credential: ACCESS.connections.read },
    schema: {
      operationId: 'getConnections', tags, summary: 'Search Console and GA4 configuration, and where each engine’s key comes from',
      params: WorkspaceParams, response: { 200: ConnectionStatus },
    },
  }, async (request) => connections.status(workspaceOf(request)));

  r.post('/api/v1/workspaces/:workspace/connections/configure', {
    config: { credential: ACCESS.connections.write },
    schema: {
      operationId: 'configureConnections', tags, summary: 'Set the Search Console and/or GA4 property',
      params: WorkspaceParams, body: ConfigureBody, response: { 200: ConnectionStatus },
    },
  }, async (request) => connections.configure(workspaceOf(request), request.body));

  r.post('/api/v1/workspaces/:workspace/connections/test', {
    config: { credential: ACCESS.connections.test },
    schema: {
      operationId: 'testConnection', tags, summary: 'Check a connector’s credential: stored, decrypts, well formed, accepted by the provider',
      description: '`ok` is true only when every check passed. When the provider could not be asked (Perplexity has no free endpoint to confirm a key: its check is `skipped`) or could not be reached, `ok` is false and `reason` says why; the key is then checked on the first run.',
      params: WorkspaceParams, body: TestBody, response: { 200: TestResult },
    },
  }, async (request) => connections.test(workspaceOf(request), request.body.connector as Connector));
}
