import { wilsonPercent } from './wilson.ts';

// How sure the tone label is: the analyser's tone toward the brand against the blind set's
// labels (eval/blind/, docs/analysis.md "The blind set"), over the answers whose engine knows the
// brand. Written down here, once per change of the analyser, because the dashboard's methodology
// note and the docs quote it; src/modules/analysis/blind.eval.test.ts scores the set again and
// fails when this figure no longer matches what the analyser does.
// The dashboard's bundle imports this very file, as it does wilson.ts.

export const TONE_ACCURACY = {
  /** Answers that know the brand, labelled blind by two people who agreed (κ in docs/analysis.md). */
  n: 256,
  /** Of those, where the analyser's tone label is theirs. */
  correct: 134,
  /** When it was last scored. */
  scored: '2026-12-05',
} as const;

/** The share in percent with its 95% Wilson interval, as the formatter takes them. */
export const toneAccuracyPercent = () => ({
  value: (100 * TONE_ACCURACY.correct) / TONE_ACCURACY.n,
  interval: wilsonPercent(TONE_ACCURACY.correct, TONE_ACCURACY.n)!,
  n: TONE_ACCURACY.n,
});
