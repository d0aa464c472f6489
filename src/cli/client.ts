import { createApiClient, type ApiClient, type ApiResult, type ErrorEnvelope } from '../client/api.ts';
import { CliError, errorLine, EXIT, exitForHttp } from './exit.fns.ts';

// The HTTP side of the CLI: the shared typed client (src/client) with the Bearer key, and every
// failure turned into a CliError whose message is the server's `code: message` and whose exit
// code says what failed.

export interface Api {
  readonly server: string;
  /** Typed calls: paths, parameters and bodies as the server's OpenAPI document has them. Network failures are already CliErrors. */
  readonly client: ApiClient;
  /** The data of a call that answered 2xx; anything else throws a CliError. */
  data<D>(call: Promise<ApiResult<D>>): Promise<D>;
}

type Envelope = ErrorEnvelope;

/** The API's error answer as a CliError (also the flat `{error, message}` of the deprecated alias). */
export async function errorFrom(res: Response): Promise<CliError & { details?: Record<string, unknown> }> {
  return errorOf(res, await res.text().catch(() => ''));
}

/** The same from a body already read: its text, or the JSON openapi-fetch parsed from it. */
export function errorOf(res: Response, read: unknown): CliError & { details?: Record<string, unknown> } {
  const text = typeof read === 'string' ? read : read === undefined ? '' : JSON.stringify(read);
  let body: Envelope | null = null;
  if (typeof read === 'object' && read !== null) body = read as Envelope;
  else {
    try {
      body = JSON.parse(text) as Envelope;
    } catch { /* not JSON: a proxy or something that is not the API */ }
  }
  const error = body?.error;
  const code = typeof error === 'object' ? error.code : typeof error === 'string' ? error : undefined;
  const message = (typeof error === 'object' ? error.message : body?.message) ?? (`HTTP ${res.status} ${res.statusText}`.trim() + (text && !body ? `: ${text.slice(0, 200)}` : ''));
  const requestId = typeof error === 'object' ? error.requestId : undefined;
  // Every 404 of the API (unknown route included) carries its envelope: one without it is a
  // server that is not GEO (a wrong --server or GEO_SERVER), not a missing workspace or run.
  if (!code && res.status === 404) {
    const where = res.url ? new URL(res.url).origin : 'the server';
    return new CliError(errorLine('not_a_geo_server', `${where} answered 404 without the GEO API's error envelope; check the server address (--server, GEO_SERVER)`), EXIT.server, 'not_a_geo_server');
  }
  const exit = code ? exitForHttp(res.status, code) : res.status >= 500 || res.status < 400 ? EXIT.server : exitForHttp(res.status);
  return Object.assign(new CliError(errorLine(code, message, requestId), exit, code), { details: typeof error === 'object' ? error.details : undefined });
}

function networkError(server: string, err: unknown): CliError {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const why = cause?.code ?? cause?.message ?? (err as Error).message;
  return new CliError(errorLine('network', `cannot reach ${server} (${why})`), EXIT.server, 'network');
}

export function createApi(server: string, apiKey: string | undefined, fetchImpl: typeof fetch = fetch): Api {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'geo-cli' };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  const client = createApiClient({
    baseUrl: server,
    headers,
    fetch: async (request: Request) => {
      try {
        return await fetchImpl(request);
      } catch (err) {
        if ((err as Error).name === 'AbortError') throw err;
        throw networkError(server, err);
      }
    },
  });
  return {
    server,
    client,
    async data<D>(call: Promise<ApiResult<D>>): Promise<D> {
      let result: ApiResult<D>;
      try {
        result = await call;
      } catch (err) {
        // A 2xx whose body is not JSON: openapi-fetch's parse failed.
        if (err instanceof SyntaxError) throw new CliError(errorLine('bad_response', `the answer was not JSON; is ${server} a GEO server?`), EXIT.server, 'bad_response');
        throw err;
      }
      if (!result.response.ok) throw errorOf(result.response, result.error);
      return (result.data ?? null) as D;
    },
  };
}
