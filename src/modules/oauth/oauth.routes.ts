import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { SCOPES } from '../../lib/http/credentials.ts';
import { ACCESS } from '../../lib/http/credentials.ts';
import { AppError } from '../../lib/errors.ts';
import { toErrorReply } from '../../lib/http/error-handler.ts';
import type { AuthorizeService, OAuthUrls } from './oauth.service.ts';
import type { TokenForm, TokenService } from './oauth.tokens.ts';

// The OAuth endpoints a client reads and posts to. Their answers and refusals are in the shapes
// of the RFCs (6749 §5.2, 7591 §3.2.2), not the API's envelope: that is what OAuth clients parse.

const tags = ['oauth'];
const OAuthError = Type.Object({ error: Type.String(), error_description: Type.Optional(Type.String()) }, { description: 'RFC 6749 §5.2 error' });
const Urls = Type.Array(Type.String());
const ResourceMetadata = Type.Object({
  resource: Type.String({ description: 'This server\'s MCP URL: the `resource` (RFC 8707) to ask tokens for' }),
  authorization_servers: Urls, scopes_supported: Urls, bearer_methods_supported: Urls,
  resource_name: Type.String(), resource_documentation: Type.String(),
}, { description: 'RFC 9728 protected resource metadata' });
const ServerMetadata = Type.Object({
  issuer: Type.String(), authorization_endpoint: Type.String(), token_endpoint: Type.String(), registration_endpoint: Type.String(), revocation_endpoint: Type.String(),
  scopes_supported: Urls, response_types_supported: Urls, response_modes_supported: Urls, grant_types_supported: Urls, code_challenge_methods_supported: Urls,
  token_endpoint_auth_methods_supported: Urls, revocation_endpoint_auth_methods_supported: Urls,
  authorization_response_iss_parameter_supported: Type.Boolean(), client_id_metadata_document_supported: Type.Boolean(), service_documentation: Type.String(),
}, { description: 'RFC 8414 authorization server metadata' });
const Registered = Type.Object({
  client_id: Type.String(), client_id_issued_at: Type.Integer(), client_name: Type.String(), client_uri: Type.Optional(Type.String()),
  redirect_uris: Urls, grant_types: Urls, response_types: Urls, token_endpoint_auth_method: Type.Literal('none'),
}, { description: 'RFC 7591 §3.2.1 client information (no secret: a public client)' });
const FormFields = (names: string[]) => Type.Object(Object.fromEntries(names.map((n) => [n, Type.Optional(Type.String({ maxLength: 4096 }))])), { additionalProperties: true });
const TokenAnswer = Type.Object({
  access_token: Type.String({ description: '`gp_oat_…`, valid for `expires_in` seconds on /mcp only' }), token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(), refresh_token: Type.String({ description: '`gp_ort_…`, single use: each refresh answers a new one' }), scope: Type.String(),
});

/** One refusal: RFC shape, no-store, and a challenge for a client that failed to authenticate. */
function oauthError(reply: FastifyReply, error: AppError) {
  const status = error.code === 'invalid_client' ? 401 : error.statusCode;
  if (error.headers) reply.headers(error.headers);
  return reply.status(status).header('cache-control', 'no-store').header('pragma', 'no-cache')
    .send({ error: error.code, error_description: error.message });
}

/** Form bodies of the token and revocation endpoints; a parameter sent twice is refused (RFC 6749 §3.2). */
export function parseForm(body: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = out[name];
    out[name] = seen === undefined ? value : [...[seen].flat(), value];
  }
  return out;
}

function singleValued(body: unknown): TokenForm {
  const form = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const repeated = Object.entries(form).find(([, v]) => typeof v !== 'string');
  if (repeated) throw new AppError('invalid_request', `${repeated[0]} must be sent once, as a string.`);
  return form as TokenForm;
}

export function oauthRoutes(app: FastifyInstance, deps: { authorize: AuthorizeService; tokens: TokenService; urls: OAuthUrls }) {
  const { urls } = deps;
  const resourceMetadata = {
    resource: urls.resource, authorization_servers: [urls.issuer], scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'], resource_name: 'GEO visibility MCP server', resource_documentation: `${urls.issuer}/docs`,
  };
  const serverMetadata = {
    issuer: urls.issuer,
    authorization_endpoint: `${urls.issuer}/oauth/authorize`,
    token_endpoint: `${urls.issuer}/oauth/token`,
    registration_endpoint: `${urls.issuer}/oauth/register`,
    revocation_endpoint: `${urls.issuer}/oauth/revoke`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    authorization_response_iss_parameter_supported: true,
    // Client ID Metadata Documents would make this server fetch addresses clients name: not offered; register instead.
    client_id_metadata_document_supported: false,
    service_documentation: `${urls.issuer}/docs`,
  };

  const document = (url: string, operationId: string, summary: string, body: object) =>
    app.get(url, {
      config: { credential: ACCESS.public },
      schema: { operationId, tags, summary, response: { 200: 'issuer' in body ? ServerMetadata : ResourceMetadata } },
    }, async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').header('access-control-allow-origin', '*').send(body));
  document('/.well-known/oauth-protected-resource/mcp', 'oauthProtectedResourceMetadata', 'RFC 9728 metadata of the MCP endpoint (named by the 401 of /mcp)', resourceMetadata);
  document('/.well-known/oauth-protected-resource', 'oauthProtectedResourceMetadataRoot', 'RFC 9728 metadata of the MCP endpoint, at the root path clients also probe', resourceMetadata);
  document('/.well-known/oauth-authorization-server', 'oauthServerMetadata', 'RFC 8414 authorization server metadata', serverMetadata);
  document('/.well-known/openid-configuration', 'oauthOpenIdConfiguration', 'The same metadata at the OpenID path some clients probe (no ID tokens are issued)', serverMetadata);

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, parseForm(body as string)));
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof AppError && error.statusCode < 500) return oauthError(reply, error);
      const fe = error as { statusCode?: number; validation?: unknown; message: string };
      if ((fe.statusCode ?? 500) < 500) {
        const code = request.url.startsWith('/oauth/register') ? 'invalid_client_metadata' : 'invalid_request';
        return oauthError(reply, new AppError(code as 'invalid_request', fe.validation ? 'The request is malformed.' : fe.message));
      }
      return toErrorReply(error as Error, request, reply);
    });

    scope.post('/oauth/register', {
      config: { credential: ACCESS.public },
      schema: {
        operationId: 'oauthRegisterClient', tags, summary: 'Dynamic client registration (RFC 7591), public clients only',
        description: 'Redirect URIs must be https, or http to 127.0.0.1, [::1] or localhost (any port then matches, RFC 8252). `token_endpoint_auth_method` must be `none`. '
          + 'At most 20 registrations per hour per address (429 `rate_limited`). A client unused for 30 days is deleted with its connections. Errors: `invalid_redirect_uri`, `invalid_client_metadata`.',
        body: Type.Object({
          redirect_uris: Type.Array(Type.String({ maxLength: 2000 }), { minItems: 1, maxItems: 10 }),
          client_name: Type.Optional(Type.String({ maxLength: 200 })),
          client_uri: Type.Optional(Type.String({ maxLength: 2000 })),
          token_endpoint_auth_method: Type.Optional(Type.String({ maxLength: 100 })),
          grant_types: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 10 })),
          response_types: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 10 })),
          scope: Type.Optional(Type.String({ maxLength: 2000 })),
        }, { additionalProperties: true }),
        response: { 201: Registered, 400: OAuthError, 429: OAuthError },
      },
    }, async (request, reply) => reply.status(201).header('cache-control', 'no-store')
      .send(await deps.authorize.register(request.body as never, request.ip)));

    scope.post('/oauth/token', {
      config: { credential: ACCESS.public },
      schema: {
        operationId: 'oauthToken', tags, summary: 'Token endpoint: authorization_code (with PKCE) and refresh_token grants',
        description: 'Form-encoded. A public client sends `client_id`. The code grant needs `code`, `code_verifier`, `redirect_uri` (and `resource`, if sent, must be the MCP URL); the refresh grant `refresh_token`. '
          + 'Every refresh answers a new refresh token; presenting a used one revokes the whole connection. Errors (RFC 6749 §5.2): `invalid_request`, `invalid_client` (401), `invalid_grant`, `invalid_target`, `invalid_scope`, `unsupported_grant_type`.',
        consumes: ['application/x-www-form-urlencoded'],
        body: FormFields(['grant_type', 'client_id', 'code', 'code_verifier', 'redirect_uri', 'resource', 'refresh_token', 'scope']),
        response: { 200: TokenAnswer, 400: OAuthError, 401: OAuthError },
      },
    }, async (request, reply) => {
      const form = singleValued(request.body);
      const grantType = form.grant_type;
      const answer = grantType === 'authorization_code' ? await deps.tokens.exchangeCode(form)
        : grantType === 'refresh_token' ? await deps.tokens.refresh(form)
          : (() => { throw new AppError(grantType ? 'unsupported_grant_type' : 'invalid_request', grantType ? 'grant_type must be authorization_code or refresh_token.' : 'grant_type is required.'); })();
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
    });

    scope.post('/oauth/revoke', {
      config: { credential: ACCESS.public },
      schema: {
        operationId: 'oauthRevoke', tags, summary: 'Token revocation (RFC 7009): an access or refresh token ends its whole connection',
        description: 'Form-encoded: `token`, `client_id` (optional `token_type_hint` is not needed). Answers 200 with an empty body for any token, known or not.',
        consumes: ['application/x-www-form-urlencoded'],
        body: FormFields(['token', 'token_type_hint', 'client_id']),
        response: { 200: Type.Null({ description: 'Revoked, or nothing to revoke' }), 400: OAuthError, 401: OAuthError },
      },
    }, async (request: FastifyRequest, reply) => {
      await deps.tokens.revoke(singleValued(request.body));
      return reply.header('cache-control', 'no-store').status(200).send();
    });
  });
}
