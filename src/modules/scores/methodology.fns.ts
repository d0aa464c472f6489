// The methodology stamp's grade: which figures a demanding analyst may decide on.
// Rules follow the IAB's six criteria; thresholds and reasoning are in docs/methodology.md.
// Pure: the caller gathers the facts (answers, prompts, run days, engines, versions).
import { VERSION } from './scores.fns.ts';

export type Grade = 'exploratory' | 'decision-grade';

export interface StampFacts {
  surface: 'api' | 'product' | 'mixed' | null;
  engines: { engine: string; modelVersions: string[] }[];
  answers: number;
  samplesPerPrompt: number;
  /** prompts per intent in the measured set */
  intentCoverage: Record<string, number>;
  /** intents the workspace should cover (all known intents) */
  intents: readonly string[];
  /** distinct days with a completed run in the window */
  runDays: number;
  dateRange: { from: string | null; to: string };
  simulatedShare: number;
  /** share of answers whose provider reported no model version */
  unversionedShare: number;
}

export const THRESHOLDS = {
  answers: 400,          // ±5 points 95% interval at p = 0.5 needs ~385 answers
  samplesPerPrompt: 3,   // repeated asks disagree; one sample per prompt is an anecdote
  promptsPerIntent: 3,   // every intent measured by more than one or two phrasings
  prompts: 20,
  runDays: 4,            // a level, not a day: 4 distinct days in the window
  engines: 2,            // one engine is one vendor's opinion
  unversionedShare: 0,   // every answer names the model that gave it
} as const;

export interface Stamp extends StampFacts {
  prompts: number;
  metricVersion: string;
  grade: Grade;
  reasons: string[];
  /** the criteria behind `reasons`, each once, for readers that say them in their own language */
  failedCriteria: Criterion[];
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The IAB's criteria a figure can fail (plus simulation), as `failedCriteria` names them. */
export const CRITERIA = ['simulation', 'query_volume', 'sample_size', 'prompt_coverage', 'cadence', 'reproducibility', 'platform_coverage'] as const;
export type Criterion = (typeof CRITERIA)[number];

/** Every failed rule (empty: decision-grade), with its criterion and a sentence saying it. */
export function failedRules(f: StampFacts): Array<{ criterion: Criterion; reason: string }> {
  const t = THRESHOLDS;
  const out: Array<{ criterion: Criterion; reason: string }> = [];
  const fail = (criterion: Criterion, reason: string) => out.push({ criterion, reason });
  const prompts = Object.values(f.intentCoverage).reduce((a, b) => a + b, 0);
  if (f.simulatedShare > 0) fail('simulation', 'simulated answers');
  if (f.answers < t.answers) fail('query_volume', `query volume: ${count(f.answers, 'answer')}, fewer than ${t.answers}`);
  if (f.samplesPerPrompt < t.samplesPerPrompt) fail('sample_size', `sample size: ${count(f.samplesPerPrompt, 'sample')} per prompt, fewer than ${t.samplesPerPrompt}`);
  if (prompts < t.prompts) fail('prompt_coverage', `prompt coverage: ${count(prompts, 'prompt')}, fewer than ${t.prompts}`);
  const thin = f.intents.filter((i) => (f.intentCoverage[i] ?? 0) < t.promptsPerIntent);
  if (thin.length) fail('prompt_coverage', `prompt coverage: fewer than ${t.promptsPerIntent} prompts for ${thin.join(', ')}`);
  if (f.runDays < t.runDays) fail('cadence', `cadence: runs on ${count(f.runDays, 'distinct day')}, fewer than ${t.runDays}`);
  if (f.unversionedShare > t.unversionedShare) fail('reproducibility', 'reproducibility: some answers carry no provider-reported model version');
  if (f.surface === null || f.surface === 'mixed') fail('platform_coverage', 'platform coverage: surface not stated as one of api or product');
  if (f.engines.length < t.engines) fail('platform_coverage', `platform coverage: ${count(f.engines.length, 'engine')}, fewer than ${t.engines}`);
  return out;
}

/** The reasons a figure is exploratory (empty: decision-grade), one per failed rule. */
export const gradeReasons = (f: StampFacts): string[] => failedRules(f).map((r) => r.reason);

export function stamp(f: StampFacts): Stamp {
  const failed = failedRules(f);
  const prompts = Object.values(f.intentCoverage).reduce((a, b) => a + b, 0);
  return {
    ...f, prompts, metricVersion: VERSION, grade: failed.length ? 'exploratory' : 'decision-grade',
    reasons: failed.map((r) => r.reason), failedCriteria: [...new Set(failed.map((r) => r.criterion))],
  };
}
