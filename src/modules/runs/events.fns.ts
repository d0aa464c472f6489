// The `run.failed` event's error code, from the closing line the jobs service wrote.

export const RUN_FAILURE_CODES = ['all_calls_failed', 'credits_exhausted', 'worker_shutdown', 'worker_lost', 'internal_error'] as const;
export type RunFailureCode = (typeof RUN_FAILURE_CODES)[number];

const RULES: Array<[RegExp, RunFailureCode]> = [
  [/engine calls failed/, 'all_calls_failed'],
  [/credit hold is exhausted/, 'credits_exhausted'],
  [/worker shut down/, 'worker_shutdown'],
  [/stopped heartbeating|no worker took the job/, 'worker_lost'],
];

/** A stable code for receivers to branch on, and the line without its `failed: ` prefix for people. */
export function runFailure(line: string): { code: RunFailureCode; message: string } {
  const message = line.replace(/^failed: /, '');
  return { code: RULES.find(([pattern]) => pattern.test(message))?.[1] ?? 'internal_error', message };
}
