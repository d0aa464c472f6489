// The change-point test on the canary answers of one engine (docs/monitoring.md, "Canary
// prompts"). Pure. The canaries are the same prompts every day, so a day's answers are compared
// prompt by prompt with that prompt's own past: what moves every canary at once is the engine.
//
// Per numeric feature (length, citation count, list items) and day d:
//   z_p = (x̄_{p,d} − μ_p) / max(σ_p, floor)   for each canary prompt p, where x̄_{p,d} is the mean
//         over the day's samples and μ_p, σ_p the mean and standard deviation of the prompt's
//         daily means over the baseline (the days since the last flag, at most 28, at least 5);
//   Z_d = Σ_p z_p / √P                         (≈ N(0, 1) while nothing changes);
//   a two-sided CUSUM, S⁺ = max(0, S⁺ + Z − k), S⁻ = max(0, S⁻ − Z − k), flags when S > h.
// With k = 0.5 and h = 8 Siegmund's approximation gives an in-control run length of ~19,000
// days per side, so ~3,200 engine-days between false flags over 3 features × 2 sides; a shift of
// 3 standard deviations is flagged in about 3 days, one of 9 or more on its first day. A model
// version string never seen since the last flag is a change by itself. After a flag the new
// regime starts: its days become the next baseline (nothing is tested until it has 5).

export const FEATURES = ['length', 'citations', 'listItems'] as const;
export type Feature = (typeof FEATURES)[number];

export interface CanaryObservation {
  prompt: string;
  length: number;
  citations: number;
  listItems: number;
  /** As the provider reported it; null when it reports none (product surfaces). */
  modelVersion: string | null;
}
export interface CanaryDay { day: string; answers: CanaryObservation[] }

export interface ChangeReason {
  feature: Feature | 'modelVersion';
  /** In words, with the figures. */
  detail: string;
  /** The CUSUM statistic that crossed h (numeric features). */
  statistic?: number;
  /** Baseline and day means over the canary prompts (numeric), or the version strings. */
  before: number | string[];
  after: number | string[];
}
export interface ChangeFlag { day: string; reasons: ChangeReason[] }

export const CHANGE_TEST = { k: 0.5, h: 8, minBaselineDays: 5, maxBaselineDays: 28 } as const;

/** Standard deviation floors: a feature that never moved in the baseline still has a scale. */
const FLOOR: Record<Feature, (mean: number) => number> = {
  length: (mean) => Math.max(0.05 * Math.abs(mean), 5),
  citations: () => 0.5,
  listItems: () => 0.5,
};

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: number[]) => {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};
const round = (x: number, places = 2) => Math.round(x * 10 ** places) / 10 ** places;

/** Per prompt, the mean of a feature over the day's samples. */
function promptMeans(day: CanaryDay, feature: Feature): Map<string, number> {
  const sums = new Map<string, number[]>();
  for (const a of day.answers) sums.set(a.prompt, [...(sums.get(a.prompt) ?? []), a[feature]]);
  return new Map([...sums].map(([p, xs]) => [p, mean(xs)]));
}

/** The standardised deviation of a day from its baseline, pooled over the prompts both have (null: none). */
export function dayScore(baseline: CanaryDay[], day: CanaryDay, feature: Feature): { z: number; before: number; after: number } | null {
  const today = promptMeans(day, feature);
  const past = baseline.map((d) => promptMeans(d, feature));
  const zs: number[] = [];
  const befores: number[] = [];
  const afters: number[] = [];
  for (const [prompt, x] of today) {
    const history = past.flatMap((m) => (m.has(prompt) ? [m.get(prompt)!] : []));
    if (history.length < 2) continue;
    const mu = mean(history);
    zs.push((x - mu) / Math.max(sd(history), FLOOR[feature](mu)));
    befores.push(mu);
    afters.push(x);
  }
  if (!zs.length) return null;
  return { z: zs.reduce((a, b) => a + b, 0) / Math.sqrt(zs.length), before: mean(befores), after: mean(afters) };
}

const versionsOf = (days: CanaryDay[]) => new Set(days.flatMap((d) => d.answers.flatMap((a) => (a.modelVersion ? [a.modelVersion] : []))));

/** Every day flagged as a likely engine change, oldest first; `days` in any order, one entry per day. */
export function detectChanges(days: CanaryDay[], test: { k: number; h: number; minBaselineDays: number; maxBaselineDays: number } = CHANGE_TEST): ChangeFlag[] {
  const ordered = [...days].filter((d) => d.answers.length).sort((a, b) => a.day.localeCompare(b.day));
  const flags: ChangeFlag[] = [];
  let regime: CanaryDay[] = [];
  let cusum = new Map<Feature, { up: number; down: number }>();
  for (const day of ordered) {
    const reasons: ChangeReason[] = [];
    const known = versionsOf(regime);
    const today = versionsOf([day]);
    const fresh = [...today].filter((v) => !known.has(v));
    if (known.size && fresh.length) {
      reasons.push({ feature: 'modelVersion', detail: `model version ${fresh.join(', ')} not seen since the last change (was ${[...known].join(', ')})`, before: [...known].sort(), after: [...today].sort() });
    }
    if (regime.length >= test.minBaselineDays) {
      const baseline = regime.slice(-test.maxBaselineDays);
      for (const feature of FEATURES) {
        const score = dayScore(baseline, day, feature);
        if (!score) continue;
        const s = cusum.get(feature) ?? { up: 0, down: 0 };
        s.up = Math.max(0, s.up + score.z - test.k);
        s.down = Math.max(0, s.down - score.z - test.k);
        cusum.set(feature, s);
        const statistic = Math.max(s.up, s.down);
        if (statistic > test.h) {
          const way = s.up > s.down ? 'rose' : 'fell';
          reasons.push({ feature, detail: `${feature} ${way} from ${round(score.before)} to ${round(score.after)} per answer (CUSUM ${round(statistic)} > ${test.h})`, statistic: round(statistic), before: round(score.before), after: round(score.after) });
        }
      }
    }
    if (reasons.length) {
      flags.push({ day: day.day, reasons });
      regime = [day];
      cusum = new Map();
    } else {
      regime.push(day);
    }
  }
  return flags;
}

/** The features of one answer: its length in characters, its citations, and its list items (numbered or bulleted lines). */
export function answerFeatures(text: string, citations: number, modelVersion: string | null): Omit<CanaryObservation, 'prompt'> {
  const listItems = text.split('\n').filter((line) => /^\s*(?:\d+[.)]|[-*•])\s+\S/.test(line)).length;
  return { length: text.length, citations, listItems, modelVersion };
}
