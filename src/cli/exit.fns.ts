// Exit codes say what failed, so a script can branch without parsing messages (docs/cli.md).

export const EXIT = {
  ok: 0,
  usage: 1, // bad command line, or the server refused the input (400)
  auth: 2, // not logged in, key invalid/revoked (401), missing scope or session-only (403)
  notFound: 3, // 404: workspace, run, recommendation…
  credits: 4, // 402: not enough credits
  conflict: 5, // 409 (job already running, stale state) and 429 (capacity, rate limits): retry later
  server: 6, // 5xx, a lost server, an answer that is not the API's
  denied: 7, // device authorization denied by the user
  expired: 8, // device code expired before approval
  jobFailed: 9, // --wait ended with the job `failed` or `cancelled` by someone else
  interrupted: 130, // Ctrl-C (128 + SIGINT)
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error the CLI reports on one line and exits with. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode: ExitCode, readonly code?: string) {
    super(message);
  }
}

/** Exit code for an HTTP error answer: the status decides, a few codes refine it. */
export function exitForHttp(status: number, code?: string): ExitCode {
  if (code === 'access_denied') return EXIT.denied;
  if (code === 'expired_token') return EXIT.expired;
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 402) return EXIT.credits;
  if (status === 404) return EXIT.notFound;
  if (status === 409 || status === 429) return EXIT.conflict;
  if (status >= 400 && status < 500) return EXIT.usage;
  return EXIT.server;
}

/** The one line a failed call prints: the server's code and message (and request id when known). */
export function errorLine(code: string | undefined, message: string, requestId?: string): string {
  const head = code ? `${code}: ${message}` : message;
  return requestId ? `${head} (request ${requestId})` : head;
}
