// Adaptive sampling against uniform sampling at equal interval width, on simulated
// engines whose true mention rate per prompt × engine cell is known. Pure: no database, no network.
//
//   npx tsx bench/sampling.bench.ts            (BENCH_SEEDS=5, BENCH_PROMPTS=40)
//
// Five engines × 40 prompts = 200 cells. True rates as measured runs show them: most prompts name
// the brand almost always or almost never on an engine, a third are in between. The adaptive side
// is the service's own code (`adaptiveRounds` in src/modules/runs/sampling.fns.ts) after a first
// pass of one sample per cell; the uniform baseline, in the same run on the same cells, asks every
// cell n times, with the smallest n that reaches the same result:
//   width:     every cell's 95% Wilson interval at most 30 points wide (share of cells within it
//              at least the adaptive run's);
//   threshold: an alert threshold per cell (its previous rate, the true rate moved by ±5-25
//              points): cells whose interval still straddles it, at most as many as adaptive left.
// Printed: calls of each and the ratio adaptive / uniform. Target ≤ 0.70 (30% fewer calls).
import { wilsonPercent } from '../src/lib/stats/wilson.ts';
import { adaptiveRounds, MAX_SAMPLES_PER_CELL, type Cell, type Threshold } from '../src/modules/runs/sampling.fns.ts';

const ENGINES = ['chatgpt', 'perplexity', 'gemini', 'claude', 'google-aio'];
const PROMPTS = Number(process.env.BENCH_PROMPTS ?? 40);
const SEEDS = Number(process.env.BENCH_SEEDS ?? 5);
const WIDTH = 30;
const CAP = MAX_SAMPLES_PER_CELL;

/** mulberry32: a small seeded generator, so every run of the bench draws the same answers. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface TrueCell { engine: string; promptId: string; rate: number; previous: number }
function world(seed: number): TrueCell[] {
  const r = rng(seed);
  return ENGINES.flatMap((engine) => Array.from({ length: PROMPTS }, (_, i) => {
    const u = r();
    const rate = u < 0.4 ? r() * 0.05 : u < 0.65 ? 0.95 + r() * 0.05 : 0.1 + r() * 0.8;
    const shift = (0.05 + r() * 0.2) * (r() < 0.5 ? -1 : 1);
    return { engine, promptId: `p${i}`, rate, previous: Math.min(99, Math.max(1, 100 * (rate + shift))) };
  }));
}

/** An engine's answers to one cell: sample j of cell c is mentioned with the cell's true rate (same draws for both sides). */
function answers(seed: number, cells: TrueCell[]) {
  const draws = new Map(cells.map((c, i) => {
    const r = rng(seed * 7919 + i);
    return [`${c.engine}/${c.promptId}`, Array.from({ length: CAP }, () => (r() < c.rate ? 1 : 0))];
  }));
  return (c: Pick<TrueCell, 'engine' | 'promptId'>, n: number) => draws.get(`${c.engine}/${c.promptId}`)!.slice(0, n).reduce((a: number, b) => a + b, 0);
}

const within = (k: number, n: number) => {
  const w = wilsonPercent(k, n)!;
  return w[1] - w[0] <= WIDTH;
};
const straddles = (k: number, n: number, t: number) => {
  const w = wilsonPercent(k, n)!;
  return w[0] < t && t < w[1];
};

async function adaptive(seed: number, cells: TrueCell[], thresholds: Threshold[], targetWidth: number | null) {
  const kOf = answers(seed, cells);
  const state = new Map<string, Cell>(cells.map((c) => [`${c.engine}/${c.promptId}`, { engine: c.engine, promptId: c.promptId, k: kOf(c, 1), n: 1, asked: 1 }]));
  let calls = cells.length;
  await adaptiveRounds({
    cells: [...state.values()], thresholds, price: () => 1,
    sampling: { mode: 'adaptive', targetWidth, maxExtraMicrousd: Number.MAX_SAFE_INTEGER, maxSamplesPerCell: CAP },
    ask: async (allocations) => allocations.map((a) => {
      calls += a.extra;
      const c = state.get(`${a.engine}/${a.promptId}`)!;
      const n = c.n + a.extra;
      const next = { ...c, n, asked: n, k: kOf(c, n) };
      state.set(`${a.engine}/${a.promptId}`, next);
      return next;
    }),
  });
  return { calls, cells: [...state.values()] };
}

/** The smallest uniform n whose cells meet `ok` at least as often as adaptive did. */
function uniform(seed: number, cells: TrueCell[], score: (c: TrueCell, k: number, n: number) => boolean, needed: number) {
  const kOf = answers(seed, cells);
  let met = 0;
  for (let n = 1; n <= CAP; n++) {
    met = cells.filter((c) => score(c, kOf(c, n), n)).length;
    if (met >= needed) return { n, calls: n * cells.length, met, short: false };
  }
  return { n: CAP, calls: CAP * cells.length, met, short: true };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ratios: Record<'width' | 'threshold', number[]> = { width: [], threshold: [] };
const tilts: Array<{ truth: number; pooled: number; perCell: number }> = [];
for (let seed = 1; seed <= SEEDS; seed++) {
  const cells = world(seed);
  // Width: every cell matters, the target is 30 points.
  const a = await adaptive(seed, cells, [], WIDTH);
  const metA = a.cells.filter((c) => within(c.k, c.n)).length;
  const u = uniform(seed, cells, (_, k, n) => within(k, n), metA);
  ratios.width.push(a.calls / u.calls);
  // What pooling every answer does to the run's overall mention rate (the score's visibility): open cells weigh more.
  const pooled = (cs: Array<{ k: number; n: number }>) => (100 * cs.reduce((s, c) => s + c.k, 0)) / cs.reduce((s, c) => s + c.n, 0);
  const perCell = (cs: Array<{ k: number; n: number }>) => (100 * cs.reduce((s, c) => s + c.k / c.n, 0)) / cs.length;
  tilts.push({ truth: (100 * cells.reduce((s, c) => s + c.rate, 0)) / cells.length, pooled: pooled(a.cells), perCell: perCell(a.cells) });
  console.log(`seed ${seed} width ≤ ${WIDTH}: adaptive ${a.calls} calls (${metA}/${cells.length} cells within) · uniform ${u.calls} calls (n=${u.n}${u.short ? `: only ${u.met} within at the cap, ratio an upper bound` : ''}) · ratio ${(a.calls / u.calls).toFixed(3)}`);
  // Threshold: an alert threshold on every cell; the cells that matter are those it could move.
  const thresholds: Threshold[] = cells.map((c) => ({ source: 'alert_rule', ref: 'alr_bench', value: c.previous, engine: c.engine, promptIds: [c.promptId] }));
  const t = await adaptive(seed, cells, thresholds, null);
  const openA = t.cells.filter((c) => straddles(c.k, c.n, cells.find((x) => x.engine === c.engine && x.promptId === c.promptId)!.previous)).length;
  const v = uniform(seed, cells, (c, k, n) => !straddles(k, n, c.previous), cells.length - openA);
  ratios.threshold.push(t.calls / v.calls);
  console.log(`seed ${seed} thresholds: adaptive ${t.calls} calls (${openA} cells still straddling) · uniform ${v.calls} calls (n=${v.n}${v.short ? `: still ${cells.length - v.met} straddling at the cap, so the ratio is an upper bound` : ''}) · ratio ${(t.calls / v.calls).toFixed(3)}`);
}
const summary = (xs: number[]) => `median of ${xs.length} seeds ${median(xs).toFixed(3)} (range ${Math.min(...xs).toFixed(3)}-${Math.max(...xs).toFixed(3)})`;
console.log(`width: calls adaptive / uniform at equal interval width (≤ ${WIDTH} points), ${summary(ratios.width)}; target ≤ 0.70 — ${Math.max(...ratios.width) <= 0.7 ? 'met on every seed' : 'NOT met on every seed'}`);
console.log(`threshold: calls adaptive / uniform at no more cells left straddling, ${summary(ratios.threshold)}`);
const worst = (f: (t: (typeof tilts)[number]) => number) => Math.max(...tilts.map((t) => Math.abs(f(t) - t.truth))).toFixed(2);
console.log(`overall mention rate of the adaptive runs against the true mean: all answers pooled off by up to ${worst((t) => t.pooled)} points; the mean of the cells' rates by up to ${worst((t) => t.perCell)}`);
