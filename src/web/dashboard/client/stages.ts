// Where a page evaluation stands, from its job's log lines (`stage <key>: <words>`, written by
// src/modules/pages/stages.ts). Pure, so that a table test checks it without a browser.

export type StageState = 'done' | 'current' | 'failed' | 'pending';

export const EVALUATION_STAGES: ReadonlyArray<readonly [string, string]> = Object.freeze([
  ['fetch', 'Fetch the page'],
  ['files', 'Read robots.txt, the sitemap and llms.txt'],
  ['audit', 'Lighthouse audit in Chromium'],
  ['store', 'Store the results'],
]);

/**
 * Each stage with its state: `done`, `current` (the latest stage begun while the job runs),
 * `failed` (the latest stage begun when the job failed or was cancelled) or `pending`. A
 * succeeded job has every stage done.
 */
export function stagesOf(lines: readonly string[] | null | undefined, status: string, stages = EVALUATION_STAGES): Array<{ key: string; label: string; state: StageState }> {
  const keys = stages.map(([key]) => key);
  let reached = -1;
  for (const line of lines ?? []) {
    const m = /^(?:\d{4}-\d\d-\d\dT\S+ )?stage (\w+):/.exec(line); // a job's line starts with its timestamp
    if (m && keys.indexOf(m[1]!) > reached) reached = keys.indexOf(m[1]!);
  }
  if (status === 'succeeded') reached = keys.length;
  const last = status === 'running' ? 'current' : 'failed';
  return stages.map(([key, label], i) => ({ key, label, state: i < reached ? 'done' : i === reached ? last : 'pending' }));
}
