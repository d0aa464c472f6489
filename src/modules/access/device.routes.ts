import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { Closed, Nullable, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { sessionOf } from '../../lib/http/responses.ts';
import { expected } from '../../lib/http/validation.ts';
import { SLUG_PATTERN, SLUG_WORDS } from '../workspaces/workspaces.schemas.ts';
import type { DeviceService } from './device.service.ts';
import { ScopeList } from './keys.schemas.ts';

const tags = ['device-authorization'];
const CodeParams = Type.Object({ code: Type.String({ maxLength: 100 }) });
const Status = Type.Object({
  status: StringEnum(['pending', 'approved', 'denied', 'expired', 'consumed'] as const),
  clientName: Type.String(),
  scopes: Type.Array(Type.String(), { description: 'Approved scopes once approved, else the requested ones.' }),
  requestedScopes: Type.Array(Type.String()),
  workspace: Nullable(Type.String({ description: 'The workspace the client asked for, if any.' })),
  expiresAt: Timestamp,
});
export const IssuedKey = Type.Object({
  apiKey: Type.String({ description: 'An active `gp_live_` key bound to the workspace.' }),
  keyId: Type.String(), workspace: Type.String(), scopes: Type.Array(Type.String()),
});

export function deviceRoutes(app: FastifyInstance, deps: { device: DeviceService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { device } = deps;

  r.post('/api/v1/device-authorizations', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'startDeviceAuthorization', tags, summary: 'Start a device authorization (RFC 8628 in shape)',
      description: 'Show the user `verificationUriComplete` (or `verificationUri` and `userCode`), then poll the token route every `interval` seconds. At most 30 starts per 10 minutes per address.',
      body: Closed({
        clientName: Type.String({ minLength: 1, maxLength: 100 }),
        workspace: Type.Optional(Type.String({ pattern: SLUG_PATTERN, ...expected(SLUG_WORDS), description: 'Suggested workspace; the user chooses.' })),
        scopes: Type.Optional({ ...ScopeList, description: 'Requested scopes; default ["workspace:read"]. The user may narrow them.' }),
      }),
      response: {
        200: Type.Object({
          deviceCode: Type.String(), userCode: Type.String({ description: 'XXXX-XXXX' }), verificationUri: Type.String(),
          verificationUriComplete: Type.String(), expiresIn: Type.Integer(), interval: Type.Integer(),
        }),
      },
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return device.start(request.body, request.ip);
  });

  r.get('/api/v1/device-authorizations/:code', {
    config: { credential: ACCESS.account },
    schema: {
      operationId: 'getDeviceAuthorization', tags, summary: 'Read an authorization by its user code (the approval page polls this)',
      description: 'Case-insensitive, hyphen optional. An unknown code is 404 `not_found`; 10 wrong codes in 10 minutes → 429 `rate_limited`.',
      params: CodeParams, response: { 200: Status },
    },
  }, async (request) => device.lookup(sessionOf(request), request.params.code));

  r.post('/api/v1/device-authorizations/:code/approve', {
    config: { credential: ACCESS.account },
    schema: {
      operationId: 'approveDeviceAuthorization', tags, summary: 'Approve for one of your workspaces, optionally narrowing the scopes',
      params: CodeParams, body: Closed({ workspace: Type.String({ maxLength: 100 }), scopes: Type.Optional(ScopeList) }), response: { 200: Status },
    },
  }, async (request) => device.approve(sessionOf(request), request.params.code, request.body));

  r.post('/api/v1/device-authorizations/:code/deny', {
    config: { credential: ACCESS.account },
    schema: { operationId: 'denyDeviceAuthorization', tags, summary: 'Deny the authorization', params: CodeParams, response: { 200: Status } },
  }, async (request) => device.deny(sessionOf(request), request.params.code));

  r.post('/api/v1/device-authorizations/:code/token', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'exchangeDeviceCode', tags, summary: 'Poll with the device code; once approved, receive the API key (once)',
      description: '400 `authorization_pending` (keep polling), `slow_down` (add 5 s to the interval; `details.interval`), `access_denied`, `expired_token` (expired, unknown, or already exchanged).',
      params: CodeParams, response: { 200: IssuedKey },
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return device.exchange(request.params.code);
  });
}
