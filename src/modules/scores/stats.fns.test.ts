import { describe, expect, it } from 'vitest';
import type { StoredAnalysis } from '../runs/detail.fns.ts';
import { components, composite, wilson } from './scores.fns.ts';
import { buildSnapshot, changeFrom, deriveSnapshot, toAnswer } from './snapshot.fns.ts';
import { bootstrapScore, mergeStats, mulberry32, runStats, type AnsweredInput } from './stats.fns.ts';

const ids = ['brand', 'competitor:0', 'competitor:1'];
const entities = [
  { entityId: 'brand', name: 'Acme', kind: 'brand' as const },
  { entityId: 'competitor:0', name: 'Globex', kind: 'competitor' as const },
  { entityId: 'competitor:1', name: 'Initech', kind: 'competitor' as const },
];
let seq = 0;
/** A deterministic answered call: who is named (in order), tones, cited entity ids. */
function answered(engine: string, promptId: string, named: Array<[string, number | null]>, cited: Array<string | null> = [], simulated = true): AnsweredInput {
  const analysis: StoredAnalysis = {
    mentioned: named.map(([id]) => id),
    entities: named.map(([id, tone], i) => ({ entityId: id, name: id, kind: id === 'brand' ? 'brand' : 'competitor', mentioned: true, rank: i + 1, sentiment: tone })),
    citations: cited.map((id) => ({ url: `https://x/${++seq}`, domain: id ? `${id}.com` : 'g2.com', class: id === 'brand' ? 'owned' : id ? 'competitor' : 'third_party', entityId: id })),
  };
  return { engine, promptId, simulated, analysis };
}
function randomRun(seed: number, count: number, simulatedEvery = 1): AnsweredInput[] {
  const r = mulberry32(seed);
  return Array.from({ length: count }, (_, i) => {
    const named = ids.filter(() => r() < 0.5).map((id) => [id, r() < 0.3 ? null : Math.round((r() * 2 - 1) * 100) / 100] as [string, number | null]);
    const cited = named.filter(() => r() < 0.4).map(([id]) => id);
    return answered(['chatgpt', 'gemini'][i % 2]!, `p${i % 7}`, named, r() < 0.2 ? [...cited, null] : cited, i % simulatedEvery === 0);
  });
}

describe('pooling by sufficient statistics', () => {
  it('two runs pooled give exactly the snapshot of all their answers at once, engine by engine', () => {
    const a = randomRun(1, 40);
    const b = randomRun(2, 25);
    const pooledA = runStats('run_a', a, ids, 'composite');
    const pooledB = runStats('run_b', b, ids, 'composite');
    const together = runStats('run_ab', [...a, ...b], ids, 'composite');
    for (const engine of ['composite', 'chatgpt', 'gemini']) {
      const merged = mergeStats(pooledA.get(engine), pooledB.get(engine)!);
      expect(merged.answers).toBe(pooledA.get(engine)!.answers + pooledB.get(engine)!.answers);
      const x = deriveSnapshot(engine, merged, entities);
      const y = deriveSnapshot(engine, together.get(engine)!, entities);
      expect({ ...x, runs: 0 }).toEqual({ ...y, runs: 0 });
      expect(x.runs).toBe(2);
    }
  });

  it('matches the answer-by-answer formulas (components, scoreboard, metrics)', () => {
    const run = randomRun(3, 60);
    const snap = deriveSnapshot('composite', runStats('r', run, ids, 'composite').get('composite')!, entities);
    const parts = components(run.map((r) => toAnswer(r.engine, r.analysis)), 'brand', ids);
    expect(snap.components).toEqual(parts);
    expect(snap.score).toBe(composite(parts).score);
    expect(snap.metrics.answers).toBe(60);
    const cited = run.filter((r) => r.analysis.citations.length).length;
    expect(snap.metrics.citationRate).toEqual({ value: Number(((100 * cited) / 60).toFixed(4)), n: 60, interval: wilson(cited, 60) });
    const brandRow = snap.scoreboard.find((e) => e.entityId === 'brand')!;
    expect(brandRow.visibilityInterval).toEqual(parts.visibility.interval);
    expect(brandRow.citations).toBe(run.flatMap((r) => r.analysis.citations).filter((c) => c.entityId === 'brand').length);
  });

  it('a run pooled twice counts once; entities new in a later run are appended', () => {
    const first = runStats('run_1', randomRun(4, 10), ids, 'composite').get('composite')!;
    expect(mergeStats(first, first)).toBe(first);
    const later = runStats('run_2', [answered('claude', 'p1', [['competitor:2', 0.5], ['brand', null]])], [...ids, 'competitor:2'], 'composite').get('composite')!;
    const merged = mergeStats(first, later);
    expect(merged.entityIds).toEqual([...ids, 'competitor:2']);
    expect(merged.entities[3]![0]).toBe(1);
    expect(merged.prompts.p1!.length).toBe(7 + 4);
  });

  it('counts simulated answers for the honest label', () => {
    const run = randomRun(5, 30, 3); // every third answer simulated
    const snap = deriveSnapshot('composite', runStats('r', run, ids, 'composite').get('composite')!, entities);
    expect([snap.simulatedAnswers, snap.simulatedShare, snap.simulated]).toEqual([10, 0.3333, true]);
    const real = deriveSnapshot('composite', runStats('r', run.map((r) => ({ ...r, simulated: false })), ids, 'composite').get('composite')!, entities);
    expect([real.simulatedShare, real.simulated]).toEqual([0, false]);
  });
});

describe('bootstrap over prompts', () => {
  it('is reproducible, contains the score, and narrows as prompts are added', () => {
    const small = runStats('r', randomRun(6, 40).map((a, i) => ({ ...a, promptId: `p${i % 8}` })), ids, 'composite').get('composite')!;
    const large = runStats('r', randomRun(6, 400).map((a, i) => ({ ...a, promptId: `p${i % 80}` })), ids, 'composite').get('composite')!;
    const a = bootstrapScore(small)!;
    expect(bootstrapScore(small)).toEqual(a);
    const score = deriveSnapshot('composite', small, entities).score!;
    expect(a[0]).toBeLessThanOrEqual(score);
    expect(a[1]).toBeGreaterThanOrEqual(score);
    const b = bootstrapScore(large)!;
    expect(b[1] - b[0]).toBeLessThan(a[1] - a[0]);
  });

  it('does not depend on the order answers arrive in, and a resample unit is a prompt with all its samples', () => {
    const run = randomRun(7, 50);
    const forward = runStats('r', run, ids, 'composite').get('composite')!;
    const backward = runStats('r', [...run].reverse(), ids, 'composite').get('composite')!;
    expect(bootstrapScore(backward)).toEqual(bootstrapScore(forward));
    expect(Object.keys(forward.prompts)).toHaveLength(7);
  });

  it('is null without prompts; one prompt gives a point', () => {
    expect(bootstrapScore({ prompts: {}, entityIds: ids })).toBeNull();
    const one = buildSnapshot('chatgpt', [answered('chatgpt', 'p', [['brand', 0.2]], ['brand'])], entities);
    expect(one.interval).toEqual([one.score, one.score]);
  });
});

describe('change', () => {
  it('is significant only when the intervals do not overlap', () => {
    expect(changeFrom({ score: 70, interval: [65, 75] }, { day: '2026-09-01', score: 50, interval: [44, 56] })).toEqual({ previousDate: '2026-09-01', previous: 50, delta: 20, significant: true });
    expect(changeFrom({ score: 70, interval: [60, 80] }, { day: '2026-09-01', score: 50, interval: [40, 60] })!.significant).toBe(false);
    expect(changeFrom({ score: 70, interval: null }, { day: '2026-09-01', score: 50, interval: [40, 45] })!.significant).toBe(false);
    expect(changeFrom({ score: 70, interval: [65, 75] }, null)).toBeNull();
  });
});
