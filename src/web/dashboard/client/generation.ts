// What a finished recommendation generation tells a person, from its job's last line
// (`result: {lane, available, reason?, answers?, candidates, created, skippedOpenTopics}`, written
// by src/modules/recs/generation.ts). "Generation succeeded." over an empty board read as a fault;
// the notice says what was made, or why nothing was. Pure, so a table test checks it.

export interface GenerationResult { lane: string; available: boolean; reason?: string; answers?: number; candidates?: number; created: number; skippedOpenTopics?: number }

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

/** The notice for a generation job that has ended; `plural` is the shared formatter's. */
export function generationNotice(job: { status: string; lastLines?: readonly string[] | null }, plural: (count: number, one: string, many?: string) => string): string {
  const last = job.lastLines?.[job.lastLines.length - 1];
  if (job.status !== 'succeeded') return `Generation ${job.status}: ${last ?? 'no reason was logged'}`;
  const result = generationResult(job.lastLines);
  if (!result) return 'Generation finished.';
  if (!result.available) return `Nothing generated: ${String(result.reason ?? 'the lane has no data').replaceAll('_', ' ')}.`;
  const skipped = result.skippedOpenTopics ? ` ${plural(result.skippedOpenTopics, 'topic')} found ${result.skippedOpenTopics === 1 ? 'is' : 'are'} already open on the board.` : '';
  if (result.created) return `${plural(result.created, 'new recommendation')} proposed.${skipped}`;
  if (result.skippedOpenTopics) return `Nothing new to propose.${skipped}`;
  if (result.answers === 0) return 'Nothing to propose yet: no run has measured answers. Start a run, then generate again.';
  const read = typeof result.answers === 'number' ? `the ${plural(result.answers, 'answer')} of the latest runs ${result.answers === 1 ? 'shows' : 'show'}` : 'the latest data show';
  return `Nothing to propose: ${read} no gap, source or tone problem above the thresholds. More prompts or another run give it more to go on.`;
}
