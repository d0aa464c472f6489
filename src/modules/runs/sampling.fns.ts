import { wilsonPercent } from '../../lib/stats/wilson.ts';
import { invalid } from '../../lib/errors.ts';

// Adaptive sampling: after a run's first pass, extra samples go only to the
// prompt × engine cells whose 95% interval of the brand's mention rate leaves a decision open — it
// straddles a threshold someone decides on (an alert rule, a recommendation's effect test), or it
// is wider than the width the user asked for — within a credit ceiling held at start. Pure: the
// service and bench/sampling.bench.ts run the same rounds. See docs/methodology.md.

export const SAMPLING_MODES = ['uniform', 'adaptive'] as const;
export type SamplingMode = (typeof SAMPLING_MODES)[number];
/** Samples a cell may reach with its extras, by default and at most. */
export const DEFAULT_MAX_SAMPLES_PER_CELL = 20;
export const MAX_SAMPLES_PER_CELL = 60;
/** Rounds of extra samples after the first pass; each re-reads every interval before spending more. */
export const MAX_ROUNDS = 8;

/** The option as a request gives it. */
export interface SamplingInput {
  mode: SamplingMode;
  targetWidth?: number;
  maxExtraMicrousd?: number;
  maxSamplesPerCell?: number;
}
/** The option as a run records it: every default filled in. */
export interface Sampling {
  mode: 'adaptive';
  /** Points (0-100) an interval may span; null: only thresholds call for samples. */
  targetWidth: number | null;
  /** The credit ceiling of the extra calls, held at start on top of the first pass. */
  maxExtraMicrousd: number;
  maxSamplesPerCell: number;
}

/**
 * The recorded option of a run, or null for a uniform run; a 400 for settings that do not apply
 * (a uniform run takes no adaptive setting) or cannot work. The ceiling defaults to the first
 * pass's own estimate: an adaptive run costs at most twice a uniform one unless told otherwise.
 */
export function resolveSampling(input: SamplingInput | undefined, firstPass: { samples: number; estimateMicrousd: number }): Sampling | null {
  if (!input || input.mode === 'uniform') {
    const stray = input && (['targetWidth', 'maxExtraMicrousd', 'maxSamplesPerCell'] as const).filter((f) => input[f] !== undefined);
    if (stray?.length) throw invalid(`sampling.${stray[0]} applies to adaptive sampling only (sampling.mode: adaptive)`, { field: `sampling.${stray[0]}` });
    return null;
  }
  const maxSamplesPerCell = input.maxSamplesPerCell ?? Math.max(DEFAULT_MAX_SAMPLES_PER_CELL, firstPass.samples + 1);
  if (maxSamplesPerCell <= firstPass.samples) {
    throw invalid(`sampling.maxSamplesPerCell (${maxSamplesPerCell}) must exceed samples (${firstPass.samples}): the first pass already asks each cell that often`, { field: 'sampling.maxSamplesPerCell' });
  }
  return { mode: 'adaptive', targetWidth: input.targetWidth ?? null, maxExtraMicrousd: input.maxExtraMicrousd ?? firstPass.estimateMicrousd, maxSamplesPerCell };
}

/** A value a decision hangs on, in percent, for the cells it covers (no engine / prompts: all). */
export interface Threshold {
  source: 'alert_rule' | 'recommendation';
  /** The alert rule's or recommendation's id. */
  ref: string;
  value: number;
  engine?: string;
  promptIds?: string[];
}
export type Reason =
  | { kind: 'threshold'; source: Threshold['source']; ref: string; threshold: number }
  | { kind: 'target_width'; targetWidth: number; width: number };

export interface Cell {
  engine: string;
  promptId: string;
  /** Answers naming the brand, of `n` answered. */
  k: number;
  n: number;
  /** Calls made on the cell (answered or failed): what the per-cell cap counts. */
  asked: number;
}
const round2 = (x: number) => Math.round(x * 100) / 100;
export const interval = (k: number, n: number): [number, number] | null => {
  const w = wilsonPercent(k, n);
  return w && [round2(w[0]), round2(w[1])];
};
const width = (k: number, n: number) => {
  const w = wilsonPercent(k, n);
  return w ? w[1] - w[0] : 100;
};
const applies = (t: Threshold, cell: Pick<Cell, 'engine' | 'promptId'>) =>
  (!t.engine || t.engine === cell.engine) && (!t.promptIds || t.promptIds.includes(cell.promptId));

/**
 * Why a cell needs more samples now: each threshold strictly inside its interval, and its width
 * over the target. Empty: the cell is decided. A cell with no answer straddles everything.
 */
export function reasonsFor(cell: Cell, thresholds: Threshold[], targetWidth: number | null): Reason[] {
  const iv = wilsonPercent(cell.k, cell.n) ?? [0, 100];
  const reasons: Reason[] = thresholds.filter((t) => applies(t, cell) && iv[0] < t.value && t.value < iv[1])
    .map((t) => ({ kind: 'threshold', source: t.source, ref: t.ref, threshold: t.value }));
  const w = iv[1] - iv[0];
  if (targetWidth !== null && w > targetWidth) reasons.push({ kind: 'target_width', targetWidth, width: round2(w) });
  return reasons;
}

/**
 * Samples the cell is expected to need in all, if its observed rate k/n holds (½ without an
 * answer), before its interval is within the target and clear of every threshold it straddles;
 * `cap` at most. Allocation grows a cell by at most its own size per round, so a rate misjudged
 * from one or two answers is re-read before much is spent on it.
 */
export function samplesNeeded(cell: Cell, reasons: Reason[], cap: number): number {
  const p = cell.n ? cell.k / cell.n : 0.5;
  const settled = (n: number) => reasons.every((r) => {
    const iv = wilsonPercent(p * n, n)!;
    return r.kind === 'target_width' ? iv[1] - iv[0] <= r.targetWidth : !(iv[0] < r.threshold && r.threshold < iv[1]);
  });
  let n = cell.n + 1;
  while (n < cap && !settled(n)) n++;
  return Math.min(n, cap);
}

export interface Allocation {
  engine: string;
  promptId: string;
  extra: number;
}

/**
 * One round's extra samples. Each open cell asks for what it is expected to need, at most as
 * many as it has (so a rate misjudged from few answers is re-read before much is spent on it),
 * at least one, and never past the per-cell cap. When the ceiling is short, cells where a
 * threshold hangs come first, then the widest intervals (where a sample narrows most).
 */
export function allocateRound(
  cells: Array<Cell & { reasons: Reason[] }>, price: (engine: string) => number, budgetMicrousd: number, cap: number,
): Allocation[] {
  const open = cells.filter((c) => c.reasons.length && c.asked < cap)
    .map((c) => ({ c, decides: c.reasons.some((r) => r.kind === 'threshold'), w: width(c.k, c.n) }))
    .sort((a, b) => Number(b.decides) - Number(a.decides) || b.w - a.w || a.c.engine.localeCompare(b.c.engine) || a.c.promptId.localeCompare(b.c.promptId));
  const out: Allocation[] = [];
  let left = budgetMicrousd;
  for (const { c } of open) {
    const want = Math.min(cap - c.asked, Math.max(1, Math.min(samplesNeeded(c, c.reasons, cap) - c.n, Math.max(c.n, 1))));
    const each = price(c.engine);
    const extra = each > 0 ? Math.min(want, Math.floor(left / each)) : want;
    if (extra <= 0) continue;
    left -= extra * each;
    out.push({ engine: c.engine, promptId: c.promptId, extra });
  }
  return out;
}

/** Where the extra samples of a run went and why: one record per cell that got any. */
export interface CellRecord {
  engine: string;
  promptId: string;
  reasons: Reason[];
  before: { k: number; n: number; asked: number };
  extra: number;
  rounds: number;
}

/**
 * The rounds after the first pass: read every cell's interval, allocate within what is left of
 * the ceiling, ask (`ask` makes the calls and answers the cells' new counts), and again, until no
 * cell is open, the ceiling is spent, or MAX_ROUNDS. `onRound` sees the records so far before
 * each round's calls (the service stores them, so a run cut short still says where its samples
 * went). Returns the records and the credits the extras were allotted.
 */
export async function adaptiveRounds(input: {
  cells: Cell[]; thresholds: Threshold[]; sampling: Sampling; price: (engine: string) => number;
  ask: (allocations: Allocation[]) => Promise<Cell[]>;
  onRound?: (records: CellRecord[]) => Promise<void>;
}): Promise<{ records: CellRecord[]; spentMicrousd: number; rounds: number }> {
  const { sampling, price } = input;
  const cells = new Map(input.cells.map((c) => [`${c.engine}\u0000${c.promptId}`, c]));
  const records = new Map<string, CellRecord>();
  let spent = 0;
  let round = 0;
  while (round < MAX_ROUNDS) {
    const judged = [...cells.values()].map((c) => ({ ...c, reasons: reasonsFor(c, input.thresholds, sampling.targetWidth) }));
    const allocations = allocateRound(judged, price, sampling.maxExtraMicrousd - spent, sampling.maxSamplesPerCell);
    if (!allocations.length) break;
    round++;
    for (const a of allocations) {
      const key = `${a.engine}\u0000${a.promptId}`;
      const cell = cells.get(key)!;
      // The reasons a cell was first picked for are its "why"; later rounds only add samples.
      const record = records.get(key) ?? { engine: a.engine, promptId: a.promptId, reasons: judged.find((j) => j.engine === a.engine && j.promptId === a.promptId)!.reasons, before: { k: cell.k, n: cell.n, asked: cell.asked }, extra: 0, rounds: 0 };
      record.extra += a.extra;
      record.rounds += 1;
      records.set(key, record);
      spent += a.extra * price(a.engine);
    }
    await input.onRound?.([...records.values()]);
    for (const c of await input.ask(allocations)) cells.set(`${c.engine}\u0000${c.promptId}`, c);
  }
  return { records: [...records.values()], spentMicrousd: spent, rounds: round };
}
