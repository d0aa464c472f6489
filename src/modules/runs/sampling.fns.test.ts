import { describe, expect, it } from 'vitest';
import { adaptiveRounds, allocateRound, reasonsFor, resolveSampling, samplesNeeded, type Cell, type Sampling, type Threshold } from './sampling.fns.ts';

const cell = (k: number, n: number, engine = 'chatgpt', promptId = 'p1'): Cell => ({ engine, promptId, k, n, asked: n });
const alert = (value: number, extra: Partial<Threshold> = {}): Threshold => ({ source: 'alert_rule', ref: 'alr_1', value, ...extra });
const adaptive = (extra: Partial<Sampling> = {}): Sampling => ({ mode: 'adaptive', targetWidth: null, maxExtraMicrousd: 1_000_000, maxSamplesPerCell: 20, ...extra });

describe('resolveSampling', () => {
  const firstPass = { samples: 1, estimateMicrousd: 50_000 };
  it.each([
    ['absent', undefined, null],
    ['uniform', { mode: 'uniform' as const }, null],
    ['adaptive, defaults', { mode: 'adaptive' as const }, { mode: 'adaptive', targetWidth: null, maxExtraMicrousd: 50_000, maxSamplesPerCell: 20 }],
    ['adaptive, all set', { mode: 'adaptive' as const, targetWidth: 30, maxExtraMicrousd: 7, maxSamplesPerCell: 4 }, { mode: 'adaptive', targetWidth: 30, maxExtraMicrousd: 7, maxSamplesPerCell: 4 }],
  ])('%s', (_, input, expected) => expect(resolveSampling(input, firstPass)).toEqual(expected));

  it.each([
    ['a uniform run with a target width', { mode: 'uniform' as const, targetWidth: 20 }, 'sampling.targetWidth'],
    ['a cap the first pass already reaches', { mode: 'adaptive' as const, maxSamplesPerCell: 3 }, 'sampling.maxSamplesPerCell'],
  ])('refuses %s (400 naming the field)', (_, input, field) => {
    expect(() => resolveSampling(input, { samples: 3, estimateMicrousd: 1 })).toThrow(expect.objectContaining({ code: 'invalid_request', details: { field } }));
  });
});

describe('reasonsFor', () => {
  it.each([
    // k of n, thresholds, target width → reason kinds
    ['decided: interval clear of the threshold, no target', cell(10, 10), [alert(50)], null, []],
    ['straddles an alert threshold', cell(5, 10), [alert(50)], null, ['threshold']],
    ['threshold of another engine does not apply', cell(5, 10), [alert(50, { engine: 'gemini' })], null, []],
    ['threshold of other prompts does not apply', cell(5, 10), [alert(50, { promptIds: ['p2'] })], null, []],
    ['wider than the target', cell(5, 10), [], 30, ['target_width']],
    ['within the target', cell(0, 20), [], 30, []],
    ['both', cell(5, 10), [alert(50)], 30, ['threshold', 'target_width']],
    ['no answer yet straddles everything', cell(0, 0), [alert(50)], 30, ['threshold', 'target_width']],
    ['a threshold on the interval edge is not straddled', cell(0, 10), [alert(0)], null, []],
  ] as const)('%s', (_, c, thresholds, target, kinds) => {
    expect(reasonsFor(c, [...thresholds], target).map((r) => r.kind)).toEqual(kinds);
  });
});

describe('samplesNeeded', () => {
  it.each([
    // a rate near 0 settles a 30-point width with fewer samples than one near 50%
    [cell(0, 1), 30, 20, 9],
    [cell(1, 2), 30, 60, 39],
    [cell(1, 2), 30, 20, 20], // capped
  ])('%j to width %i (cap %i) → %i', (c, target, cap, n) => {
    expect(samplesNeeded(c, reasonsFor(c, [], target), cap)).toBe(n);
  });
  it('a threshold far from the rate settles sooner than one near it', () => {
    const c = cell(9, 10);
    expect(samplesNeeded(c, reasonsFor(c, [alert(60)], null), 60)).toBeLessThan(samplesNeeded(c, reasonsFor(c, [alert(80)], null), 60));
  });
});

describe('allocateRound', () => {
  const price = () => 10;
  const judged = (c: Cell, thresholds: Threshold[], target: number | null) => ({ ...c, reasons: reasonsFor(c, thresholds, target) });
  it('gives nothing to decided cells', () => {
    expect(allocateRound([judged(cell(10, 10), [alert(50)], null)], price, 1000, 20)).toEqual([]);
  });
  it('grows an open cell by at most what it has (doubling), never past the cap', () => {
    expect(allocateRound([judged(cell(2, 4), [], 10)], price, 1000, 20)).toEqual([{ engine: 'chatgpt', promptId: 'p1', extra: 4 }]);
    expect(allocateRound([judged(cell(8, 18), [], 10)], price, 1000, 20)).toEqual([{ engine: 'chatgpt', promptId: 'p1', extra: 2 }]);
  });
  it('with a short ceiling serves threshold cells first, then the widest', () => {
    const cells = [
      judged(cell(1, 2, 'chatgpt', 'wide'), [], 10),
      judged(cell(4, 4, 'chatgpt', 'narrow'), [], 10),
      judged(cell(2, 4, 'gemini', 'threshold'), [alert(50)], 10),
    ];
    expect(allocateRound(cells, price, 60, 20)).toEqual([
      { engine: 'gemini', promptId: 'threshold', extra: 4 },
      { engine: 'chatgpt', promptId: 'wide', extra: 2 },
    ]);
  });
  it('prices each engine on its own', () => {
    const cells = [judged(cell(1, 2, 'claude'), [], 10), judged(cell(1, 2, 'gemini'), [], 10)];
    expect(allocateRound(cells, (e) => (e === 'claude' ? 25 : 8), 60, 20)).toEqual([
      { engine: 'claude', promptId: 'p1', extra: 2 }, { engine: 'gemini', promptId: 'p1', extra: 1 },
    ]);
  });
});

describe('adaptiveRounds', () => {
  // Every extra sample of a 0%-rate cell answers "not mentioned", of a 100% cell "mentioned".
  const answer = (rate: number) => async (allocs: Array<{ engine: string; promptId: string; extra: number }>, cells: Map<string, Cell>) =>
    allocs.map((a) => {
      const c = cells.get(a.promptId)!;
      const next = { ...c, k: c.k + rate * a.extra, n: c.n + a.extra, asked: c.asked + a.extra };
      cells.set(a.promptId, next);
      return next;
    });

  it('samples until the target width is met, and records why and where', async () => {
    const cells = new Map([['p1', cell(0, 1)], ['p2', cell(0, 1, 'chatgpt', 'p2')]]);
    const rounds: number[] = [];
    const out = await adaptiveRounds({
      cells: [...cells.values()], thresholds: [], sampling: adaptive({ targetWidth: 30 }), price: () => 1,
      ask: (a) => answer(0)(a, cells), onRound: async (r) => void rounds.push(r.length),
    });
    expect(out.records.map((r) => [r.promptId, r.before.n, r.extra, r.reasons[0]!.kind])).toEqual([['p1', 1, 8, 'target_width'], ['p2', 1, 8, 'target_width']]);
    expect(cells.get('p1')!.n).toBe(9); // 1 → 2 → 4 → 8 → 9: 0 of 9 spans 29.9 points
    expect(out.spentMicrousd).toBe(16);
    expect(rounds.length).toBe(out.rounds);
  });

  it('stops at the credit ceiling', async () => {
    const cells = new Map([['p1', cell(1, 2)]]);
    const out = await adaptiveRounds({ cells: [...cells.values()], thresholds: [], sampling: adaptive({ targetWidth: 5, maxExtraMicrousd: 7 }), price: () => 2, ask: (a) => answer(0.5)(a, cells) });
    expect(out.spentMicrousd).toBe(6);
    expect(cells.get('p1')!.n).toBe(5);
  });

  it('spends nothing when no decision is open', async () => {
    const out = await adaptiveRounds({ cells: [cell(3, 3)], thresholds: [alert(10)], sampling: adaptive(), price: () => 1, ask: async () => [] });
    expect(out).toEqual({ records: [], spentMicrousd: 0, rounds: 0 });
  });
});
