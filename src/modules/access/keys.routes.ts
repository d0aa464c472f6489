import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { sessionOf, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import type { KeysService } from './keys.service.ts';
import { KeyActionBody, KeyActionResult, KeyCreateBody, KeyDelivery, KeyListItem, withActivation } from './keys.schemas.ts';

const tags = ['api-keys'];
const KeyParams = workspaceParamsWith('keyId');

export function keysRoutes(app: FastifyInstance, deps: { keys: KeysService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { keys } = deps;

  r.get('/api/v1/workspaces/:workspace/api-keys', {
    config: { credential: ACCESS.apiKeys },
    schema: { operationId: 'listApiKeys', tags, summary: 'Keys of the workspace, never with secrets', params: WorkspaceParams, response: { 200: Type.Array(KeyListItem) } },
  }, async (request) => keys.list(workspaceOf(request)));

  r.post('/api/v1/workspaces/:workspace/api-keys', {
    config: { credential: ACCESS.apiKeys },
    schema: {
      operationId: 'createApiKey', tags, summary: 'Create a pending key and deliver its secret', params: WorkspaceParams, body: KeyCreateBody,
      description: 'The key is `pending` until `acknowledge`d within 10 minutes (the answer\'s `activate` is that call); unacknowledged it ends `revoked`. **A pending key does not work yet**: it answers 401 `invalid_key`, the same bytes as an unknown key, so that a key\'s existence is never revealed. A replay with the same `idempotencyKey` and body answers the same key while its delivery is open; with another body, 409 `idempotency_conflict`.',
      response: { 201: KeyDelivery },
    },
  }, async (request, reply) => {
    const ws = workspaceOf(request);
    return reply.status(201).send(withActivation(await keys.create(ws, sessionOf(request).userId, request.body), ws.slug));
  });

  r.post('/api/v1/workspaces/:workspace/api-keys/:keyId', {
    config: { credential: ACCESS.apiKeys },
    schema: {
      operationId: 'apiKeyAction', tags, summary: 'Acknowledge, resume delivery, rotate, confirm rotation or revoke', params: KeyParams, body: KeyActionBody,
      description: 'A state that does not allow the action answers 409 `invalid_state`; an unknown key 404 `not_found`.',
      response: { 200: KeyActionResult },
    },
  }, async (request) => keys.act(workspaceOf(request), request.params.keyId, sessionOf(request).userId, request.body));
}
