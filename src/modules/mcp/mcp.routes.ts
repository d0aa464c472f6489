import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ACCESS } from '../../lib/http/credentials.ts';
import { noCredential } from '../../lib/http/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { ErrorBody } from '../../lib/http/responses.ts';
import type { KeyPrincipal } from '../../lib/http/types.ts';
import type { McpCore } from './mcp.server.ts';

// Streamable HTTP at /mcp, stateless: every POST gets a fresh MCP server and transport bound to
// the caller's key (no session id, no server-sent stream), so any process behind a load
// balancer can answer any request. API keys or OAuth access tokens (docs/mcp.md, "OAuth"): a
// browser session has no business here.

const tags = ['mcp'];
const JsonRpcError = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  error: Type.Object({ code: Type.Integer(), message: Type.String() }, { additionalProperties: true }),
  id: Type.Union([Type.String(), Type.Number(), Type.Null()]),
}, { description: 'JSON-RPC error (the MCP transport’s own refusals: not JSON-RPC, wrong Accept, unsupported protocol version)' });

export interface McpRoutesDeps {
  core: McpCore;
  /**
   * Resolves a bearer (an API key or an OAuth access token) to its principal and the
   * Authorization header the tools' inner API calls carry, or throws `invalid_key` / `ip_forbidden`.
   * `release` ends what the request was lent (docs/mcp.md, "OAuth").
   */
  authenticate(secret: string, ip: string): Promise<{ principal: KeyPrincipal; authorization: string; release(): void }>;
  /** The WWW-Authenticate of a 401 (RFC 9728 §5.1: it names the protected resource metadata). */
  challenge(error?: 'invalid_token'): string;
  slugOf(workspaceId: string): Promise<string>;
}

const notAllowed = (_request: FastifyRequest, reply: FastifyReply) =>
  reply.status(405).header('allow', 'POST')
    .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless; send JSON-RPC with POST.' }, id: null });

export function mcpRoutes(app: FastifyInstance, deps: McpRoutesDeps) {
  app.post('/mcp', {
    // Public to the session/scope guard: the key is checked here, any scope admits it, and each
    // tool is then held to its own route's scope.
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'mcp', tags, summary: 'Model Context Protocol over Streamable HTTP (stateless)',
      description: 'Send `Authorization: Bearer <API key or OAuth access token>`, `Accept: application/json, text/event-stream` and one JSON-RPC message or a batch. '
        + 'The tools listed are those the key’s scopes allow, for the workspace the key is bound to; tools that spend credits answer a quote first (docs/mcp.md). '
        + 'Answers are JSON (no server-sent events); there is no session id. 401 `invalid_key` without a valid key or token, with '
        + '`WWW-Authenticate: Bearer resource_metadata="…/.well-known/oauth-protected-resource/mcp"` (RFC 9728) so that an OAuth client can discover how to connect.',
      security: [{ apiKey: [] }],
      body: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Array(Type.Object({}, { additionalProperties: true }))]),
      response: {
        200: Type.Unknown({ description: 'JSON-RPC response(s)' }),
        202: Type.Null({ description: 'Notifications and responses only: accepted, nothing to answer' }),
        400: Type.Union([JsonRpcError, ErrorBody]),
        401: { ...ErrorBody, description: 'invalid_key: no credential, or a malformed, unknown, inactive or expired key or token' },
        403: { ...ErrorBody, description: 'ip_forbidden: the key does not allow this address' },
        406: JsonRpcError,
        413: ErrorBody,
        415: Type.Union([JsonRpcError, ErrorBody]),
      },
    },
  }, async (request, reply) => {
    const match = /^Bearer (\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
    // Without a credential, the challenge alone (RFC 6750 §3.1); with a bad one, also `invalid_token`.
    const challenged = (err: AppError, error?: 'invalid_token') =>
      err.statusCode === 401 ? new AppError(err.code, err.message, err.details, { ...err.headers, 'www-authenticate': deps.challenge(error) }) : err;
    if (request.headers.authorization === undefined) throw challenged(noCredential());
    if (!match?.[1]) throw challenged(new AppError('invalid_key', 'The Authorization header must be "Bearer <API key or access token>".'), 'invalid_token');
    const bearer = await deps.authenticate(match[1], request.ip).catch((err: unknown) => {
      throw err instanceof AppError ? challenged(err, 'invalid_token') : err;
    });
    try {
      const { principal } = bearer;
      const caller = {
        keyId: principal.keyId, workspaceId: principal.workspaceId, slug: await deps.slugOf(principal.workspaceId),
        scopes: principal.scopes, authorization: bearer.authorization, remoteAddress: request.ip,
      };

      const server = deps.core.serverFor(caller);
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      try {
        await server.connect(transport);
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === 'string') headers.set(name, value);
          else if (Array.isArray(value)) headers.set(name, value.join(', '));
        }
        const answer = await transport.handleRequest(new Request(`http://localhost${request.url}`, { method: 'POST', headers }), { parsedBody: request.body });
        reply.status(answer.status as 200);
        answer.headers.forEach((value, name) => void reply.header(name, value));
        const text = await answer.text();
        // Notifications only: 202 and no body at all (not a JSON `null`).
        return text.length ? reply.send(text) : reply.removeHeader('content-type').send();
      } finally {
        await server.close();
      }
    } finally {
      bearer.release();
    }
  });

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method, url: '/mcp', config: { credential: ACCESS.public },
      schema: { operationId: `mcp${method === 'GET' ? 'Stream' : 'EndSession'}`, tags, summary: `${method} /mcp: not offered (stateless server)`, response: { 405: JsonRpcError } },
      handler: notAllowed,
    });
  }
}
