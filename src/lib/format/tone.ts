// A sentiment score in [-1, 1] read as a tone, the same on the server (a run detail's tone filter)
// and in the dashboard (client/lib.js `tone`): one threshold, so a row the page calls "negative"
// is the row the filter keeps.
export type Tone = 'positive' | 'neutral' | 'negative';
export const TONE_THRESHOLD = 0.15;

export function toneOfScore(score: number | null | undefined): Tone | null {
  if (score === null || score === undefined) return null;
  return score > TONE_THRESHOLD ? 'positive' : score < -TONE_THRESHOLD ? 'negative' : 'neutral';
}
