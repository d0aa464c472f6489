import { CliError, errorLine, EXIT, exitForHttp } from './exit.fns.ts';

// The HTTP side of the CLI: Bearer key, JSON in and out, and every failure turned into a
// CliError whose message is the server's `code: message` and whose exit code says what failed.

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A raw body sent as it is read (log uploads), instead of JSON. */
  stream?: AsyncIterable<Uint8Array>;
}

export interface Api {
  readonly server: string;
  /** The raw answer (for streams); network failures already mapped, HTTP errors not. */
  raw(method: string, path: string, options?: RequestOptions): Promise<Response>;
  /** Parsed JSON of a 2xx answer; anything else throws a CliError. */
  json<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<T>;
}

interface Envelope { error?: { code?: string; message?: string; requestId?: string; details?: Record<string, unknown> } | string; message?: string }

/** The API's error answer as a CliError (also the flat `{error, message}` of the deprecated alias). */
export async function errorFrom(res: Response): Promise<CliError & { details?: Record<string, unknown> }> {
  const text = await res.text().catch(() => '');
  let body: Envelope | null = null;
  try {
    body = JSON.parse(text) as Envelope;
  } catch { /* not JSON: a proxy or something that is not the API */ }
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
  async function raw(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const url = new URL(`${server}${path}`);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'geo-cli', ...options.headers };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const body = options.stream ? (options.stream as unknown as BodyInit) : options.body === undefined ? undefined : JSON.stringify(options.body);
    try {
      // A streamed body needs `duplex: 'half'` (fetch's request streams).
      return await fetchImpl(url, { method, headers, body, signal: options.signal, ...(options.stream ? { duplex: 'half' } : {}) } as RequestInit);
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw networkError(server, err);
    }
  }
  return {
    server,
    raw,
    async json<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
      const res = await raw(method, path, options);
      if (!res.ok) throw await errorFrom(res);
      const text = await res.text();
      try {
        return (text ? JSON.parse(text) : null) as T;
      } catch {
        throw new CliError(errorLine('bad_response', `${method} ${path} did not answer JSON; is ${server} a GEO server?`), EXIT.server, 'bad_response');
      }
    },
  };
}
