import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS, isScope as isKnownScope, type Scope } from '../../lib/http/credentials.ts';
import { invalid } from '../../lib/errors.ts';
import { Closed, Timestamp } from '../../lib/http/schema-helpers.ts';
import { sessionOf, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import { IssuedKey } from './device.routes.ts';
import { installPrompt } from './install.fns.ts';
import { ScopeList } from './keys.schemas.ts';
import { normalizeScopes } from './keys.service.ts';
import type { SetupTokensService } from './setup-tokens.service.ts';

const tags = ['setup'];
const SetupToken = Type.Object({
  setupTokenId: Type.String(), token: Type.String({ description: '`gp_setup_…`, single use.' }), workspace: Type.String(),
  scopes: Type.Array(Type.String()), expiresAt: Timestamp,
});
const TokenOptions = {
  scopes: Type.Optional({ ...ScopeList, description: 'Scopes of the key the token yields; default ["workspace:read"].' }),
  ttlMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, default: 15 })),
};
const Prompt = Type.Object({
  workspace: Type.String(), baseUrl: Type.String(), method: Type.String({ description: '`device` or `setup_token`' }),
  scopes: Type.Array(Type.String()), prompt: Type.String({ description: 'Text to paste into an AI coding agent.' }),
  setupToken: Type.Optional(SetupToken),
});

export function setupRoutes(app: FastifyInstance, deps: { setupTokens: SetupTokensService; publicBaseUrl: string }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { setupTokens, publicBaseUrl } = deps;

  r.post('/api/v1/workspaces/:workspace/setup-tokens', {
    config: { credential: ACCESS.apiKeys },
    schema: {
      operationId: 'createSetupToken', tags, summary: 'A short-lived, single-use token an agent exchanges for a key',
      params: WorkspaceParams, body: Closed({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })), ...TokenOptions }),
      response: { 201: SetupToken },
    },
  }, async (request, reply) => reply.status(201).send(await setupTokens.create(workspaceOf(request), sessionOf(request).userId, request.body)));

  r.post('/api/v1/setup-tokens/exchange', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'exchangeSetupToken', tags, summary: 'Trade a setup token for an active workspace-bound API key',
      description: 'Works once; an unknown, used or expired token is 400 `invalid_token`.',
      body: Closed({ token: Type.String({ minLength: 1, maxLength: 200 }), clientName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }),
      response: { 200: IssuedKey },
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return setupTokens.exchange(request.body);
  });

  r.get('/api/v1/workspaces/:workspace/install-prompt', {
    config: { credential: ACCESS.workspaceSummary.read },
    schema: {
      operationId: 'getInstallPrompt', tags, summary: 'Instructions for an AI coding agent to connect through device authorization, and to connect the MCP server',
      params: WorkspaceParams,
      querystring: Type.Object({ scopes: Type.Optional(Type.String({ maxLength: 500, description: 'Comma-separated scopes to request.' })) }, { additionalProperties: false }),
      response: { 200: Prompt },
    },
  }, async (request) => {
    const ws = workspaceOf(request);
    const scopes = normalizeScopes(parseScopeList(request.query.scopes));
    return { workspace: ws.slug, baseUrl: publicBaseUrl, method: 'device', scopes, prompt: installPrompt({ baseUrl: publicBaseUrl, workspace: ws.slug, scopes }) };
  });

  r.post('/api/v1/workspaces/:workspace/install-prompt', {
    config: { credential: ACCESS.apiKeys },
    schema: {
      operationId: 'createInstallPrompt', tags, summary: 'Instructions with a fresh setup token embedded (session only)',
      params: WorkspaceParams, body: Closed(TokenOptions), response: { 201: Prompt },
    },
  }, async (request, reply) => {
    const ws = workspaceOf(request);
    const setupToken = await setupTokens.create(ws, sessionOf(request).userId, { ...request.body, name: 'Agent install' });
    const prompt = installPrompt({ baseUrl: publicBaseUrl, workspace: ws.slug, scopes: setupToken.scopes, setupToken });
    return reply.status(201).send({ workspace: ws.slug, baseUrl: publicBaseUrl, method: 'setup_token', scopes: setupToken.scopes, prompt, setupToken });
  });
}

function parseScopeList(value: string | undefined) {
  if (!value) return undefined;
  const scopes = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = scopes.filter((s) => !isKnownScope(s));
  if (unknown.length) throw invalid(`querystring.scopes has unknown scopes: ${unknown.join(', ')}`);
  return scopes as Scope[];
}
