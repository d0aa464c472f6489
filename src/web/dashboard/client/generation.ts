// What a finished recommendation generation tells a person, from its job's last line
// (`result: {lane, available, reason?, answers?, candidates, created, skippedOpenTopics}`, written
// by src/modules/recs/generation.ts). "Generation succeeded." over an empty board read as a fault;
// the notice says what was made, or why nothing was. Pure, so a table test checks it.

export interface GenerationResult { lane: string; available: boolean; reason?: string; answers?: number; candidates?: number; created: number; skippedOpenTopics?: number }

import { isKey } from '../../../lib/messages/index.ts';

/** The job's `result: {…}` line, parsed; null when it has none (an older or unfinished job). */
export function generationResult(lines: readonly string[] | null | undefined): GenerationResult | null {
  for (const line of [...(lines ?? [])].reverse()) {
    const at = line.indexOf('result: {');
    if (at < 0) continue;
    try {
      return JSON.parse(line.slice(at + 'result: '.length)) as GenerationResult;
    } catch {
      return null;
    }
  }
  return null;
}

/** Says a catalogue key in the page's language (lib.js `say`). */
export type Say = (key: string, params?: Record<string, string | number>) => string;

/** The notice for a generation job that has ended, in the page's language (`say`). */
export function generationNotice(job: { status: string; lastLines?: readonly string[] | null }, say: Say): string {
  const last = job.lastLines?.[job.lastLines.length - 1];
  if (job.status !== 'succeeded') return say('recs.ui.gen.failed', { reason: last ?? say('recs.ui.gen.noLog') });
  const result = generationResult(job.lastLines);
  if (!result) return say('recs.ui.gen.finished');
  if (!result.available) {
    // The SEO module's reasons are codes ("not_refreshed"): said by the catalogue's words for them.
    const code = String(result.reason ?? '').split(/[:\s]/)[0] ?? '';
    return say('recs.ui.gen.unavailable', { reason: isKey(`seo.reason.${code}`) ? say(`seo.reason.${code}`) : say('recs.ui.gen.noData') });
  }
  const skipped = result.skippedOpenTopics ? ` ${say('recs.ui.gen.skipped', { n: result.skippedOpenTopics })}` : '';
  if (result.created) return `${say('recs.ui.gen.created', { n: result.created })}${skipped}`;
  if (result.skippedOpenTopics) return `${say('recs.ui.gen.nothingNew')}${skipped}`;
  if (result.answers === 0) return say('recs.ui.gen.noRun');
  return typeof result.answers === 'number' ? say('recs.ui.gen.nothingAnswers', { n: result.answers }) : say('recs.ui.gen.nothingData');
}
