// Where a page evaluation stands, from its job's log lines (`stage <key>: <words>`, written by
// src/modules/pages/stages.ts). Pure, so that a table test checks it without a browser.

import { languageOf } from '../../../lib/format/format.ts';
import { t, type MessageKey } from '../../../lib/messages/index.ts';

export type StageState = 'done' | 'current' | 'failed' | 'pending';

/** Each stage's key and the catalogue key of its words. */
export const EVALUATION_STAGES: ReadonlyArray<readonly [string, MessageKey]> = Object.freeze([
  ['fetch', 'dashboard.stages.fetch'],
  ['files', 'dashboard.stages.files'],
  ['audit', 'dashboard.stages.audit'],
  ['store', 'dashboard.stages.store'],
] as const);

/** The page's language (`<html lang>`, as lib.js reads it); English where there is no page (a table test). */
const pageLanguage = (): string => (typeof document === 'undefined' ? 'en' : languageOf(document.documentElement.lang));

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
  const language = pageLanguage();
  return stages.map(([key, label], i) => ({ key, label: t(language, label), state: i < reached ? 'done' : i === reached ? last : 'pending' }));
}
