import type { StoredAnalysis } from '../runs/detail.fns.ts';
import { round, weightedScore, type Tally } from './scores.fns.ts';

// A day's snapshot keeps sufficient statistics — counts and sums — so that every succeeded run of
// the day pools into it by addition, and the bootstrap over prompts can resample prompt clusters
// without reading a single stored answer again.

/** Tally fields in their stored (array) order. */
const TALLY_KEYS = ['mentions', 'irSum', 'irSq', 'ranked', 'rankSum', 'toneSum', 'toneSq', 'toned', 'citedIn', 'citations'] as const;
/** A prompt cluster's fields before its per-entity mentions: answers, citing answers, then the brand's rank, tone and citation sums. */
const PROMPT_HEAD = ['answers', 'citing', 'irSum', 'ranked', 'toneSum', 'toned', 'citedIn'] as const;
const HEAD = PROMPT_HEAD.length;

export interface SnapshotStats {
  v: 1;
  /** Entity ids, the brand first; `entities` and every prompt's mentions follow this order. */
  entityIds: string[];
  answers: number;
  simulated: number;
  citing: number;
  /** Runs pooled, oldest first (pooling a run twice changes nothing). */
  runIds: string[];
  /** Per entity, the Tally fields in TALLY_KEYS order. */
  entities: number[][];
  /** Per prompt id: PROMPT_HEAD fields, then mentions per entity (the bootstrap's unit is the prompt). */
  prompts: Record<string, number[]>;
  /** Citations (links) per class and domain. */
  domains: Record<'owned' | 'competitor' | 'third_party', Record<string, number>>;
}

export interface AnsweredInput {
  engine: string;
  /** Absent: each answer is its own cluster. */
  promptId?: string;
  simulated?: boolean;
  analysis: StoredAnalysis;
}

export const emptyStats = (entityIds: string[]): SnapshotStats => ({
  v: 1, entityIds: [...entityIds], answers: 0, simulated: 0, citing: 0, runIds: [],
  entities: entityIds.map(() => TALLY_KEYS.map(() => 0)), prompts: {}, domains: { owned: {}, competitor: {}, third_party: {} },
});

export const tallyOf = (row: number[]): Tally => Object.fromEntries(TALLY_KEYS.map((k, i) => [k, row[i] ?? 0])) as unknown as Tally;

const indexes = new WeakMap<SnapshotStats, Map<string, number>>();

/** Adds one answered call to the statistics (entities not tracked are ignored). */
export function addAnswer(stats: SnapshotStats, a: AnsweredInput, key: string) {
  let index = indexes.get(stats);
  if (!index) indexes.set(stats, (index = new Map(stats.entityIds.map((id, i) => [id, i]))));
  const width = HEAD + stats.entityIds.length;
  const prompt = (stats.prompts[key] ??= new Array<number>(width).fill(0));
  stats.answers++;
  prompt[0]!++;
  if (a.simulated) stats.simulated++;
  for (const e of a.analysis.entities) {
    const i = index.get(e.entityId);
    if (i === undefined) continue;
    // In TALLY_KEYS order: mentions, Σ1/rank, Σ1/rank², ranked, Σrank, Σtone, Σtone², toned.
    const row = stats.entities[i]!;
    row[0]!++;
    if (e.rank !== null) {
      row[1]! += 1 / e.rank;
      row[2]! += 1 / (e.rank * e.rank);
      row[3]!++;
      row[4]! += e.rank;
    }
    if (e.sentiment !== null) {
      row[5]! += e.sentiment;
      row[6]! += e.sentiment * e.sentiment;
      row[7]!++;
    }
    prompt[HEAD + i]!++;
    if (i === 0) {
      if (e.rank !== null) {
        prompt[2]! += 1 / e.rank;
        prompt[3]!++;
      }
      if (e.sentiment !== null) {
        prompt[4]! += e.sentiment;
        prompt[5]!++;
      }
    }
  }
  if (a.analysis.citations.length) {
    stats.citing++;
    prompt[1]!++;
    const citedEntities = new Set<number>();
    for (const c of a.analysis.citations) {
      stats.domains[c.class][c.domain] = (stats.domains[c.class][c.domain] ?? 0) + 1;
      const i = c.entityId === null ? undefined : index.get(c.entityId);
      if (i === undefined) continue;
      stats.entities[i]![9]! += 1;
      citedEntities.add(i);
    }
    for (const i of citedEntities) stats.entities[i]![8]! += 1;
    if (citedEntities.has(0)) prompt[6]!++;
  }
}

/** One run's statistics per snapshot: `composite` (every engine) and each engine. */
/** `alsoPool`: further pools an answer joins besides the composite and its engine (the composite of its surface). */
export function runStats(runId: string, answered: AnsweredInput[], entityIds: string[], composite: string, alsoPool: (a: AnsweredInput) => string[] = () => []): Map<string, SnapshotStats> {
  const out = new Map<string, SnapshotStats>();
  const of = (engine: string) => {
    let s = out.get(engine);
    if (!s) out.set(engine, (s = { ...emptyStats(entityIds), runIds: [runId] }));
    return s;
  };
  answered.forEach((a, i) => {
    const key = a.promptId ?? `answer:${i}`;
    addAnswer(of(composite), a, key);
    addAnswer(of(a.engine), a, key);
    for (const pool of alsoPool(a)) addAnswer(of(pool), a, key);
  });
  return out;
}

/** a + b, entity by entity and prompt by prompt; entities new in b are appended. A run already pooled in a adds nothing. */
export function mergeStats(a: SnapshotStats | null | undefined, b: SnapshotStats): SnapshotStats {
  if (!a || a.v !== 1) return b;
  if (b.runIds.some((id) => a.runIds.includes(id))) return a;
  const entityIds = [...a.entityIds, ...b.entityIds.filter((id) => !a.entityIds.includes(id))];
  const width = HEAD + entityIds.length;
  const remap = (s: SnapshotStats, row: number[]) => {
    const out = new Array<number>(width).fill(0);
    for (let i = 0; i < HEAD; i++) out[i] = row[i] ?? 0;
    s.entityIds.forEach((id, i) => (out[HEAD + entityIds.indexOf(id)] = row[HEAD + i] ?? 0));
    return out;
  };
  const prompts: Record<string, number[]> = {};
  for (const s of [a, b]) {
    for (const [key, row] of Object.entries(s.prompts)) {
      const r = remap(s, row);
      const p = prompts[key];
      prompts[key] = p ? p.map((x, i) => x + r[i]!) : r;
    }
  }
  const entities = entityIds.map((id) => {
    const rows = [a, b].map((s) => s.entities[s.entityIds.indexOf(id)]).filter((r): r is number[] => Boolean(r));
    return TALLY_KEYS.map((_k, i) => rows.reduce((sum, r) => sum + (r[i] ?? 0), 0));
  });
  const domains = { owned: { ...a.domains.owned }, competitor: { ...a.domains.competitor }, third_party: { ...a.domains.third_party } };
  for (const cls of ['owned', 'competitor', 'third_party'] as const) {
    for (const [d, n] of Object.entries(b.domains[cls])) domains[cls][d] = (domains[cls][d] ?? 0) + n;
  }
  return {
    v: 1, entityIds, answers: a.answers + b.answers, simulated: a.simulated + b.simulated, citing: a.citing + b.citing,
    runIds: [...a.runIds, ...b.runIds], entities, prompts, domains,
  };
}

export const BOOTSTRAP_RESAMPLES = 1000;
export const BOOTSTRAP_SEED = 0x9e0_5c0e;

/** mulberry32: a small, fast, well-mixed 32-bit generator; the same seed gives the same draws everywhere. */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * 95% percentile-bootstrap interval of the brand's GEO score over prompts: B resamples of the
 * prompt clusters (sorted by prompt id) with replacement, each scored by the same formulas; the
 * bounds are the sorted scores at ⌊0.025·(m−1)⌋ and ⌈0.975·(m−1)⌉ (m resamples with a score).
 * relativeSov's denominator in a resample is the larger of the brand's mentions and those of the
 * day's most-mentioned other entity (fixed from the full data: the resample does not re-elect it,
 * which keeps a resample to 9 sums instead of one per entity). Null without prompts.
 */
export function bootstrapScore(stats: Pick<SnapshotStats, 'prompts' | 'entityIds'>, resamples = BOOTSTRAP_RESAMPLES, seed = BOOTSTRAP_SEED): [number, number] | null {
  const keys = Object.keys(stats.prompts).sort();
  const p = keys.length;
  if (!p) return null;
  // The day's leader among the other entities, by total mentions (the first in entity order on a tie).
  const totals = stats.entityIds.map((_id, e) => keys.reduce((sum, k) => sum + (stats.prompts[k]![HEAD + e] ?? 0), 0));
  let leader = -1;
  for (let e = 1; e < totals.length; e++) if (leader < 0 || totals[e]! > totals[leader]!) leader = e;
  // Per prompt: the seven head sums, the brand's mentions, the leader's mentions.
  const W = HEAD + 2;
  const matrix = new Float64Array(p * W);
  keys.forEach((k, i) => {
    const row = stats.prompts[k]!;
    for (let j = 0; j < HEAD; j++) matrix[i * W + j] = row[j] ?? 0;
    matrix[i * W + HEAD] = row[HEAD] ?? 0;
    matrix[i * W + HEAD + 1] = leader < 0 ? 0 : (row[HEAD + leader] ?? 0);
  });
  const { starts, prompt, times } = drawCounts(p, resamples, seed);
  const scores = new Float64Array(resamples);
  let m = 0;
  for (let b = 0; b < resamples; b++) {
    // Each drawn prompt's sums are added once, times the number of times it was drawn (nine
    // scalar sums: this loop is the whole cost of the interval).
    let answers = 0, citing = 0, irSum = 0, ranked = 0, toneSum = 0, toned = 0, citedIn = 0, mentions = 0, leaderMentions = 0;
    for (let d = starts[b]!, end = starts[b + 1]!; d < end; d++) {
      const c = times[d]!;
      const base = prompt[d]! * W;
      answers += c * matrix[base]!;
      citing += c * matrix[base + 1]!;
      irSum += c * matrix[base + 2]!;
      ranked += c * matrix[base + 3]!;
      toneSum += c * matrix[base + 4]!;
      toned += c * matrix[base + 5]!;
      citedIn += c * matrix[base + 6]!;
      mentions += c * matrix[base + 7]!;
      leaderMentions += c * matrix[base + 8]!;
    }
    const top = Math.max(mentions, leaderMentions);
    const score = weightedScore({
      visibility: answers ? (100 * mentions) / answers : null,
      relativeSov: top ? (100 * mentions) / top : null,
      position: ranked ? (100 * irSum) / ranked : null,
      sentiment: toned ? 50 * (1 + toneSum / toned) : null,
      volume: citing ? (100 * citedIn) / citing : null,
    });
    if (score !== null) scores[m++] = score;
  }
  if (!m) return null;
  // A typed array sorts numerically without a comparator call per comparison.
  const sorted = scores.subarray(0, m).sort();
  return [round(sorted[Math.floor(0.025 * (m - 1))]!, 2), round(sorted[Math.ceil(0.975 * (m - 1))]!, 2)];
}

/**
 * The resamples' draws as counts per prompt: resample b drew prompt `prompt[d]` `times[d]` times
 * for d in [starts[b], starts[b+1]), prompts in ascending order. Only the prompts drawn are listed
 * (about 63 % of them): the sums skip no zero, and a branch on a random zero mispredicted often.
 * The draws depend only on the number of prompts, the resamples and the seed, so they are drawn
 * once per process and shared by every snapshot of that many prompts (a run's composite and
 * engine snapshots usually share them).
 */
interface Draws { starts: Int32Array; prompt: Int32Array; times: Int32Array }
const drawCache = new Map<string, Draws>();
function drawCounts(p: number, resamples: number, seed: number): Draws {
  const key = `${p}|${resamples}|${seed}`;
  const cached = drawCache.get(key);
  if (cached) return cached;
  const random = mulberry32(seed);
  const counts = new Int32Array(p);
  const starts = new Int32Array(resamples + 1);
  const prompt: number[] = [];
  const times: number[] = [];
  for (let b = 0; b < resamples; b++) {
    counts.fill(0);
    for (let d = 0; d < p; d++) counts[Math.floor(random() * p)]! += 1;
    for (let i = 0; i < p; i++) {
      if (!counts[i]) continue;
      prompt.push(i);
      times.push(counts[i]!);
    }
    starts[b + 1] = prompt.length;
  }
  const draws = { starts, prompt: Int32Array.from(prompt), times: Int32Array.from(times) };
  if (drawCache.size >= 16) drawCache.delete(drawCache.keys().next().value!);
  drawCache.set(key, draws);
  return draws;
}
