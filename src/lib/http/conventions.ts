import type { FastifyInstance, RouteOptions } from 'fastify';
import { isCredential, type Credential } from './credentials.ts';
import { declareErrorResponses, envelopeResponse } from './error-responses.ts';
import { ERROR_STATUS, type ErrorCode } from '../errors.ts';

// Applied to every route as it is registered: a route without a declared credential or an
// operationId is a programming error and stops the server from starting. The OpenAPI security
// and the error responses of each route are derived from the same declaration.

const WORKSPACE_PARAMS = ['workspace', 'brand'];

export function hasWorkspaceParam(url: string): boolean {
  return WORKSPACE_PARAMS.some((p) => url.includes(`:${p}`));
}

export function securityFor(credential: Credential): Array<Record<string, string[]>> | undefined {
  if (credential === 'public') return [];
  if (credential === 'session') return [{ sessionCookie: [] }];
  return [{ sessionCookie: [] }, { apiKey: [credential] }];
}

function errorResponses(route: RouteOptions, credential: Credential): Record<number, string> {
  const out: Record<number, string> = {};
  const schema = route.schema ?? {};
  // Fastify reads a body on every method but GET and HEAD, schema or not: any of them can meet
  // malformed JSON (400), an oversized body (413) or a content type it does not read (415).
  const readsBody = [route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD');
  if (schema.body || schema.querystring || schema.params || readsBody) out[400] = 'invalid_request: the request failed validation or its JSON does not parse';
  if (credential !== 'public') {
    out[401] = 'invalid_key: no credential, or a malformed, unknown or inactive key';
    out[403] = credential === 'session'
      ? 'session_required (an API key was used), csrf_rejected or ip_forbidden'
      : 'insufficient_scope, csrf_rejected or ip_forbidden';
  }
  // A page address (outside /api/) does not look its workspace up: the page's script does.
  if ((hasWorkspaceParam(route.url) && route.url.startsWith('/api/')) || route.config?.workspaceIn) out[404] = 'workspace_not_found (unknown, unreachable or malformed workspace) or not_found';
  if (schema.body || readsBody) {
    out[413] = 'payload_too_large: the body is over 1 MiB';
    out[415] = 'unsupported_media_type: the body is not sent as application/json';
  }
  // Every error code a route's description names (`insufficient_credits`, `job_already_running`…)
  // is listed under its status, so the OpenAPI entry answers "what can this fail with".
  const description = String((schema as { description?: unknown }).description ?? '');
  for (const code of documentedCodes(description)) {
    const status = ERROR_STATUS[code];
    out[status] = out[status] && !out[status].includes(code) ? `${out[status]}; ${code}` : (out[status] ?? code);
  }
  return out;
}

/** Error codes quoted in backticks in a description, e.g. "402 `insufficient_credits`". */
export function documentedCodes(description: string): ErrorCode[] {
  const found = [...description.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
  return [...new Set(found)].filter((c): c is ErrorCode => c in ERROR_STATUS && ERROR_STATUS[c as ErrorCode] >= 400);
}

export interface RegisteredRoute {
  method: string;
  url: string;
  credential: unknown;
  operationId: unknown;
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, for the tests that walk them all (credentials, security matrix). */
    registeredRoutes: RegisteredRoute[];
  }
}

export function applyRouteConventions(app: FastifyInstance) {
  const registered: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    // The /docs reference is third-party static assets (swagger-ui): public and left out of the description.
    const hidden = route.url.startsWith('/docs');
    if (hidden) {
      route.config = { ...route.config, credential: 'public' };
      route.schema = { ...route.schema, hide: true };
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue; // Fastify's automatic HEAD twin of each GET
      const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
      registered.push({ method, url: route.url, credential: route.config?.credential, operationId, hidden });
    }
    if (hidden) return;
    const credential = route.config?.credential;
    if (!isCredential(credential)) throw new Error(`${route.method} ${route.url} declares no credential`);
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    if (!schema.operationId) throw new Error(`${route.method} ${route.url} has no operationId`);
    schema.security = securityFor(credential);
    schema['x-credential'] = credential;
    // The route's own copy: routes share response maps (a page's PAGE), and each gets its own errors.
    const response = (schema.response = { ...(schema.response as object) }) as Parameters<typeof declareErrorResponses>[1];
    for (const [status, description] of Object.entries(errorResponses(route, credential))) {
      response[status] ??= envelopeResponse(description);
    }
    declareErrorResponses(route, response);
  });
}
