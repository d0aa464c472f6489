import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.ts';
import { ACCESS } from '../../lib/http/credentials.ts';
import { ErrorBody } from '../../lib/http/responses.ts';
import type { KeysService } from './keys.service.ts';

// `geo logout` revokes its own key: a key revokes itself, as an OAuth client revokes its own token
// (RFC 7009). Spec 5.2 keeps managing keys session-only; giving up the very key presented
// only removes power, so it is the one key action a key may take (docs/access.md, "Scopes").
// Declared public because the credential is checked here: any active key, whatever its scopes.

export function selfRevokeRoutes(app: FastifyInstance, deps: { keys: KeysService }) {
  app.withTypeProvider<TypeBoxTypeProvider>().delete('/api/v1/api-keys/self', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'revokeOwnApiKey', tags: ['api-keys'], summary: 'Revoke the API key that makes this request (logout)',
      description: 'Send `Authorization: Bearer <key>`; that key becomes `revoked` at once. Needs no scope. A missing, malformed, unknown or already revoked key is 401 `invalid_key`; a key outside its `allowedCidrs` 403 `ip_forbidden`.',
      response: {
        200: Type.Object({ keyId: Type.String(), state: Type.Literal('revoked') }),
        401: { ...ErrorBody, description: 'invalid_key' },
        403: { ...ErrorBody, description: 'ip_forbidden' },
      },
    },
  }, async (request) => {
    const match = /^Bearer (\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
    if (!match?.[1]) throw new AppError('invalid_key', 'Send the key to revoke as "Authorization: Bearer gp_live_…".');
    const key = await deps.keys.verify(match[1], request.ip);
    const done = await deps.keys.act({ id: key.workspaceId, slug: '', role: null }, key.keyId, '', { action: 'revoke' });
    return { keyId: done.keyId, state: 'revoked' as const };
  });
}
