import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema.d.ts';

// The one client of the GEO API, for the dashboard and the CLI alike: openapi-fetch over the
// types generated from the server's own OpenAPI document (schema.d.ts, `npm run api:generate`).
// Paths are the document's templates (`/api/v1/workspaces/{workspace}/runs/{id}`) with their
// parameters given apart, so a path, query or body the server does not have fails the type
// check, and no caller builds a path from strings. What a caller does with an error (the CLI's
// exit codes, the dashboard's sign-in redirect) stays the caller's.

export type { paths };
export type ApiClient = Client<paths>;

/** A call's outcome as openapi-fetch gives it: `data` on 2xx, `error` (the parsed body) otherwise. */
export interface ApiResult<D> { data?: D; error?: unknown; response: Response }

/** The error envelope every API error answers with (docs/api.md, "Errors"). */
export interface ErrorEnvelope { error?: { code?: string; message?: string; requestId?: string; details?: Record<string, unknown> } | string; message?: string }

export function createApiClient(options: ClientOptions = {}): ApiClient {
  return createClient<paths>(options);
}

/**
 * The same client for a caller that reads JSON answers only (the dashboard): an answer's `data`
 * is typed as the route's JSON, never the CSV text the same route gives for `format=csv`. A
 * `parseAs: 'stream'` call still gets its stream.
 */
export type JsonApiClient = Client<paths, 'application/json'>;
export function createJsonApiClient(options: ClientOptions = {}): JsonApiClient {
  return createClient<paths, 'application/json'>(options);
}
