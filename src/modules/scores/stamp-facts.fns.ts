import type { StampFacts } from './methodology.fns.ts';

// The methodology stamp's facts from the answers behind a figure, pure: one row per answer (its
// trace) of the figure's day, and the days with answers in the cadence window before it.

export interface StampAnswer {
  day: string;
  runId: string;
  engine: string;
  surface: string;
  modelVersion: string | null;
  promptId: string;
  simulated: boolean;
  /** answers this row stands for (rows may be counted per cell); 1 when absent */
  n?: number;
}

/** Which answers a figure stands on: a time range [from, to), a set of runs, one engine or surface. */
/** `engines`: any of these (a page's stamps); `engine`: this one. */
export interface StampScope { from?: Date | null; to?: Date; runIds?: string[]; engine?: string; engines?: string[]; surface?: string }

export type FigureSurface = 'api' | 'product' | 'mixed';

/**
 * The surface of a figure from the surfaces of the answers (or engines) behind it: one of them, or
 * `mixed` when API and consumer-product answers are pooled; null with none. The one rule the
 * methodology stamp, the score, the time series and the reports name a figure's surface by.
 */
export function surfaceOf(surfaces: Iterable<string>): FigureSurface | null {
  const distinct = [...new Set(surfaces)];
  return distinct.length === 0 ? null : distinct.length === 1 ? (distinct[0] as 'api' | 'product') : 'mixed';
}

const median = (xs: number[]) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

/**
 * `answers`: the figure's day (already narrowed to its engine for a per-engine figure);
 * `windowDays`: the distinct days with answers in the 7 days ending on it.
 */
export function stampFacts(answers: StampAnswer[], input: { intentOf: Map<string, string>; intents: readonly string[]; windowDays: string[]; from: string | null; to: string }): StampFacts {
  const engines = new Map<string, Set<string>>();
  let n = 0;
  let simulated = 0;
  let unversioned = 0;
  // Samples: answers per (run, engine, prompt) — the median, so one failed call does not decide.
  const asked = new Map<string, number>();
  for (const a of answers) {
    const k = a.n ?? 1;
    n += k;
    if (a.simulated) simulated += k;
    if (!a.modelVersion) unversioned += k;
    const versions = engines.get(a.engine) ?? new Set<string>();
    if (a.modelVersion) versions.add(a.modelVersion);
    engines.set(a.engine, versions);
    const cell = `${a.runId}\u0000${a.engine}\u0000${a.promptId}`;
    asked.set(cell, (asked.get(cell) ?? 0) + k);
  }
  const intentCoverage: Record<string, number> = {};
  for (const id of new Set(answers.map((a) => a.promptId))) {
    const intent = input.intentOf.get(id) ?? 'unknown';
    intentCoverage[intent] = (intentCoverage[intent] ?? 0) + 1;
  }
  const share = (k: number) => (n ? Math.round((10_000 * k) / n) / 10_000 : 0);
  return {
    surface: surfaceOf(answers.map((a) => a.surface)),
    engines: [...engines].map(([engine, v]) => ({ engine, modelVersions: [...v].sort() })).sort((a, b) => a.engine.localeCompare(b.engine)),
    answers: n,
    samplesPerPrompt: median([...asked.values()]),
    intentCoverage,
    intents: input.intents,
    runDays: new Set(input.windowDays).size,
    dateRange: { from: input.from, to: input.to },
    simulatedShare: share(simulated),
    unversionedShare: share(unversioned),
  };
}
