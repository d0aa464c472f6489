import type { RouteOptions } from 'fastify';
import { ErrorBody } from './responses.ts';

// How every route's error responses are declared in the OpenAPI document, so that the document
// says what the server sends (a client generated from it must not expect text where JSON comes):
// errors are the JSON envelope whatever the route's success type (a page, a script, Prometheus
// text), a browser that asks a page address with a malformed part gets the HTML "page not found",
// every route may fail with a 5XX envelope, and a 401 names its challenge in WWW-Authenticate.

/** Sent with every 401 (RFC 9110 requires a challenge): the API key is a bearer token. */
export const WWW_AUTHENTICATE = 'Bearer realm="geo"';

const HTML_NOT_FOUND = { 'text/html': { schema: { type: 'string', description: 'The HTML "page not found"' } } };
const SERVER_ERROR = 'internal_error (logged under the request id), upstream_error, or a 503 (`not_ready`, `billing_unavailable`, `pdf_unavailable`)';

type Response = { description?: string; content?: Record<string, unknown>; headers?: Record<string, unknown>; type?: unknown; [k: string]: unknown };

/** An error response in the envelope, as JSON (not the route's `produces`). */
export function envelopeResponse(description: string, schema: object = ErrorBody): Response {
  return { description, content: { 'application/json': { schema } } };
}

/** A GET outside /api/ with path parameters: a browser asking it with a malformed part gets the HTML 404 (error-handler.ts wantsPage). */
function isPageWithParams(route: RouteOptions): boolean {
  const methods = [route.method].flat();
  return methods.includes('GET') && !route.url.startsWith('/api/') && Boolean(route.schema?.params);
}

/** Rewrites a route's declared responses in place (the object is the route's own copy). */
export function declareErrorResponses(route: RouteOptions, response: Record<string, Response>) {
  for (const [status, declared] of Object.entries(response)) {
    if (!/^[45]/.test(status) || declared.content || declared.type === 'null') continue;
    // A bare schema (ErrorBody, a JSON-RPC error): JSON, whatever the route produces on success.
    const { description, ...schema } = declared;
    response[status] = envelopeResponse(description ?? 'Error envelope', schema);
  }
  if (isPageWithParams(route)) {
    const notFound = response['404'];
    response['404'] = notFound
      ? { ...notFound, description: `${notFound.description}; a browser asking with a malformed address part gets the HTML page not found`, content: { ...notFound.content, ...HTML_NOT_FOUND } }
      : { description: 'A browser asking with a malformed address part: the HTML page not found', content: HTML_NOT_FOUND };
  }
  if (response['401']) {
    // /mcp names where its authorization server is (RFC 9728, docs/mcp.md): an agent starts OAuth from it.
    const challenge = route.url.startsWith('/mcp')
      ? 'The challenge: `Bearer resource_metadata="<PUBLIC_BASE_URL>/.well-known/oauth-protected-resource/mcp"` (RFC 9728), from which an agent discovers the authorization server'
      : `The challenge: \`${WWW_AUTHENTICATE}\``;
    response['401'] = { ...response['401'], headers: { 'www-authenticate': { type: 'string', description: challenge } } };
  }
  response['5xx'] ??= envelopeResponse(SERVER_ERROR);
}
