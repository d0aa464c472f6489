import { significant } from '../scores/scores.fns.ts';
import { BOOTSTRAP_RESAMPLES } from '../scores/stats.fns.ts';
import type { Snapshot } from '../scores/snapshot.fns.ts';
import { msg, type Text } from './messages.fns.ts';

// The parts every report type shares, as data: the executive summary's changes, the per-day
// series behind the chart, and the methodology appendix. Sentences are written by the renderer
// in the reader's language; here only the facts.

/** One day's snapshot, as the report's sections read it. */
export type Day = { day: string; data: Snapshot };

/** A reading of one metric on one day, as the snapshot has it. */
export interface Reading { day: string; value: number; n: number; interval: [number, number] }
/** A change the summary states: only significant ones (the alerts' test: the 95% intervals do not overlap). */
export interface SummaryChange { metric: 'score' | 'visibility' | 'citationRate' | 'volume'; unit: 'score' | '%'; from: Reading; to: Reading; direction: 'rose' | 'fell' }
export interface Summary {
  /** The latest composite score of the period with its interval, and the brand's rank on the scoreboard. */
  latest: { day: string; score: number | null; interval: [number, number] | null; n: number; rank: number | null; of: number } | null;
  changes: SummaryChange[];
  /** Metrics compared whose change was not significant (so the reader knows they were looked at). */
  steady: Array<SummaryChange['metric']>;
  firstDay: string | null;
}

type Pick = (s: Snapshot) => { value: number | null; n: number; interval?: [number, number] | null } | null;
const METRICS: Array<[SummaryChange['metric'], 'score' | '%', Pick]> = [
  ['score', 'score', (s) => ({ value: s.score, n: s.answers ?? s.metrics.answers, interval: s.interval ?? null })],
  ['visibility', '%', (s) => s.components.visibility],
  ['citationRate', '%', (s) => s.metrics.citationRate],
  ['volume', '%', (s) => s.components.volume],
];

export function executiveSummary(days: Day[]): Summary {
  const last = days.at(-1);
  if (!last) return { latest: null, changes: [], steady: [], firstDay: null };
  const brand = last.data.scoreboard.find((e) => e.kind === 'brand');
  const latest = {
    day: last.day, score: last.data.score, interval: last.data.interval ?? null, n: last.data.answers ?? last.data.metrics.answers,
    rank: brand?.rank ?? null, of: last.data.scoreboard.length,
  };
  const first = days[0]!;
  if (days.length < 2) return { latest, changes: [], steady: [], firstDay: first.day };
  const changes: SummaryChange[] = [];
  const steady: SummaryChange['metric'][] = [];
  for (const [metric, unit, pick] of METRICS) {
    const a = pick(first.data), b = pick(last.data);
    if (!a || !b || a.value === null || b.value === null || !a.interval || !b.interval) continue;
    if (!significant(a.interval, b.interval)) {
      steady.push(metric);
      continue;
    }
    changes.push({
      metric, unit, direction: b.value > a.value ? 'rose' : 'fell',
      from: { day: first.day, value: a.value, n: a.n, interval: a.interval }, to: { day: last.day, value: b.value, n: b.n, interval: b.interval },
    });
  }
  return { latest, changes, steady, firstDay: first.day };
}

/** One point of the chart: the day's score, its 95% band, and its sample size. */
export interface SeriesPoint { day: string; value: number | null; interval: [number, number] | null; n: number }
export interface Series { composite: SeriesPoint[]; engines: Array<{ engine: string; points: SeriesPoint[] }> }

const point = (d: Day): SeriesPoint => ({ day: d.day, value: d.data.score, interval: d.data.interval ?? null, n: d.data.answers ?? d.data.metrics.answers });

export function seriesOf(days: Day[], perEngineDays: Array<{ engine: string; days: Day[] }>): Series {
  return { composite: days.map(point), engines: perEngineDays.filter((e) => e.days.length).map((e) => ({ engine: e.engine, points: e.days.map(point) })) };
}

/** What the methodology appendix states, from the period's snapshots. */
export interface Methodology {
  /** `models`: the model versions the provider named with the period's answers (null: none named); absent from reports stored before they were read. */
  /** `surfaces`: where the answers came from, `api` (the provider's API) or `product` (the consumer answer via a results provider), from the traces. */
  engines: Array<{ engine: string; answers: number; simulatedShare: number | null; days: number; models?: Array<{ version: string | null; answers: number }>; surfaces?: string[] }>;
  days: number;
  answersPerDay: { min: number; max: number } | null;
  promptsPerDay: { min: number; max: number } | null;
  /** Answers per prompt and engine in one run (the run's samples), when the snapshots tell it. */
  samplesPerPrompt: number | null;
  simulatedShare: number | null;
  interval: Text;
}

const range = (xs: number[]) => (xs.length ? { min: Math.min(...xs), max: Math.max(...xs) } : null);

export function methodology(days: Day[], perEngineDays: Array<{ engine: string; days: Day[] }>): Methodology {
  const answers = days.map((d) => d.data.answers ?? d.data.metrics.answers);
  const total = answers.reduce((a, b) => a + b, 0);
  const simulated = days.reduce((a, d) => a + (d.data.simulatedAnswers ?? 0), 0);
  // Samples per prompt: a per-engine day's answers over its prompts and runs (the same for all, as a run asks each prompt `samples` times).
  const samples = perEngineDays.flatMap((e) => e.days).map((d) => (d.data.prompts && d.data.runs ? (d.data.answers ?? 0) / (d.data.prompts * d.data.runs) : null))
    .filter((x): x is number => x !== null && x > 0);
  return {
    engines: perEngineDays.filter((e) => e.days.length).map((e) => {
      const n = e.days.reduce((a, d) => a + (d.data.answers ?? d.data.metrics.answers), 0);
      const sim = e.days.reduce((a, d) => a + (d.data.simulatedAnswers ?? 0), 0);
      return { engine: e.engine, answers: n, simulatedShare: n ? sim / n : null, days: e.days.length };
    }),
    days: days.length,
    answersPerDay: range(answers),
    promptsPerDay: range(days.map((d) => d.data.prompts ?? 0).filter((p) => p > 0)),
    samplesPerPrompt: samples.length ? Math.round(Math.max(...samples)) : null,
    simulatedShare: total ? simulated / total : null,
    interval: msg('method.interval', { resamples: BOOTSTRAP_RESAMPLES }),
  };
}
