import type { StampFacts } from './methodology.fns.ts';

// The methodology stamp's facts from the answers behind a figure, pure: the answers counted in
// cells, and the days with answers in the cadence window before it.

/**
 * The answers of one UTC day, run, engine, surface, model version and simulated flag, with their
 * count per prompt: what a stamp is made of. A month at 500 prompts and five engines is some 150
 * cells where it is 70,000 (day, run, engine, prompt) rows, so the facts are counted from the
 * cells as they are read, never spread into rows (issue 47: the rows were the cold overview's cost).
 */
export interface StampCell { day: string; runId: string; engine: string; surface: string; modelVersion: string | null; simulated: boolean; prompts: Record<string, number> }

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

/**
 * A cell's prompts and counts as arrays, with their total, made once per cell: a month's cells are
 * read once and shared by the eight stamps of a page, and enumerating an object of 500 keys is
 * what a stamp spent its time on. Cells are never changed once read.
 */
const listed = new WeakMap<Record<string, number>, { ids: string[]; counts: number[]; total: number }>();
function entries(prompts: Record<string, number>) {
  let e = listed.get(prompts);
  if (!e) {
    const ids = Object.keys(prompts);
    const counts = ids.map((id) => prompts[id]!);
    let total = 0;
    for (const k of counts) total += k;
    listed.set(prompts, (e = { ids, counts, total }));
  }
  return e;
}

/** The prompts the cells ask, each once. */
export function promptsOf(cells: StampCell[]): string[] {
  const ids = new Set<string>();
  for (const c of cells) for (const id of entries(c.prompts).ids) ids.add(id);
  return [...ids];
}

/** The lower median of values given as a histogram (value → how many). */
function medianOf(histogram: Map<number, number>): number {
  let total = 0;
  for (const k of histogram.values()) total += k;
  if (!total) return 0;
  let rank = Math.floor((total - 1) / 2);
  for (const value of [...histogram.keys()].sort((a, b) => a - b)) {
    rank -= histogram.get(value)!;
    if (rank < 0) return value;
  }
  return 0;
}

/**
 * `cells`: the figure's day (already narrowed to its engine for a per-engine figure);
 * `windowDays`: the distinct days with answers in the 7 days ending on it; `prompts`: exactly
 * `promptsOf(cells)` when the caller has it already (it is not checked).
 */
export function stampFacts(cells: StampCell[], input: { intentOf: Map<string, string>; intents: readonly string[]; windowDays: string[]; from: string | null; to: string; prompts?: string[] }): StampFacts {
  const engines = new Map<string, Set<string>>();
  let n = 0;
  let simulated = 0;
  let unversioned = 0;
  const byRunEngine = new Map<string, StampCell[]>();
  for (const c of cells) {
    const k = entries(c.prompts).total;
    n += k;
    if (c.simulated) simulated += k;
    if (!c.modelVersion) unversioned += k;
    const versions = engines.get(c.engine) ?? new Set<string>();
    if (c.modelVersion) versions.add(c.modelVersion);
    engines.set(c.engine, versions);
    const key = `${c.runId}\u0000${c.engine}`;
    const group = byRunEngine.get(key);
    if (group) group.push(c);
    else byRunEngine.set(key, [c]);
  }
  // Samples: answers per (run, engine, prompt) — the median, so one failed call does not decide. A
  // run and engine is one cell unless its model version changed or it crossed midnight.
  const samples = new Map<number, number>();
  const count = (v: number) => samples.set(v, (samples.get(v) ?? 0) + 1);
  for (const group of byRunEngine.values()) {
    if (group.length === 1) {
      for (const k of entries(group[0]!.prompts).counts) count(k);
      continue;
    }
    const asked = new Map<string, number>();
    for (const c of group) {
      const { ids, counts } = entries(c.prompts);
      for (let i = 0; i < ids.length; i++) asked.set(ids[i]!, (asked.get(ids[i]!) ?? 0) + counts[i]!);
    }
    for (const v of asked.values()) count(v);
  }
  const intentCoverage: Record<string, number> = {};
  for (const id of input.prompts ?? promptsOf(cells)) {
    const intent = input.intentOf.get(id) ?? 'unknown';
    intentCoverage[intent] = (intentCoverage[intent] ?? 0) + 1;
  }
  const share = (k: number) => (n ? Math.round((10_000 * k) / n) / 10_000 : 0);
  return {
    surface: surfaceOf(cells.map((c) => c.surface)),
    engines: [...engines].map(([engine, v]) => ({ engine, modelVersions: [...v].sort() })).sort((a, b) => a.engine.localeCompare(b.engine)),
    answers: n,
    samplesPerPrompt: medianOf(samples),
    intentCoverage,
    intents: input.intents,
    runDays: new Set(input.windowDays).size,
    dateRange: { from: input.from, to: input.to },
    simulatedShare: share(simulated),
    unversionedShare: share(unversioned),
  };
}
