import { describe, expect, it } from 'vitest';
import { composite, components, meanInterval, significant, wilson, type Answer, type ComponentKey } from './scores.fns.ts';

const a = (mentions: Answer['mentions'], cited: string[] = [], anyCitation = cited.length > 0): Answer => ({ engine: 'chatgpt', mentions, citedEntities: cited, cited: anyCitation });
const ids = ['brand', 'c0', 'c1'];

describe('wilson', () => {
  it.each([
    [0, 10, [0, 27.754]],
    [5, 10, [23.659, 76.341]],
    [10, 10, [72.246, 100]],
    [0, 0, [0, 100]],
  ] as const)('%i of %i', (k, n, interval) => expect(wilson(k, n)).toEqual(interval));
});

describe('meanInterval (normal approximation on the 0-100 scale)', () => {
  const pct = (x: number) => 100 * x;
  it.each([
    // ranks 1 and 2: values 100 and 50, mean 75, s = 35.355, half = 1.96·s/√2 = 49 → [26, 124] clipped
    [2, 1.5, 1.25, pct, [26, 100]],
    // four identical values: no spread, a point interval
    [4, 2, 1, pct, [50, 50]],
    // fewer than two values: the whole range
    [1, 1, 1, pct, [0, 100]],
    [0, 0, 0, pct, [0, 100]],
    // sentiment -0.5 and +0.5 on 50·(1+x): 25 and 75 → mean 50, s = 35.355 → [1, 99]
    [2, 0, 0.5, (x: number) => 50 * (1 + x), [1, 99]],
  ] as const)('n=%i Σ=%d Σ²=%d', (n, sum, sq, scale, interval) => expect(meanInterval(n, sum, sq, scale)).toEqual(interval));
});

describe('components', () => {
  it('computes each from the brand’s point of view', () => {
    const answers = [
      a({ brand: { rank: 1, sentiment: 0.5 }, c0: { rank: 2, sentiment: 0 } }, ['brand']),
      a({ c0: { rank: 1, sentiment: 0 } }, ['c0']),
      a({ brand: { rank: 2, sentiment: -0.5 }, c0: { rank: 1, sentiment: 0 } }, [], true),
      a({}),
    ];
    const c = components(answers, 'brand', ids);
    expect(c.visibility).toEqual({ value: 50, n: 4, interval: wilson(2, 4) });
    expect(c.relativeSov).toEqual({ value: round3((100 * 2) / 3), n: 3, interval: wilson(2, 3) });
    expect(c.position).toEqual({ value: 75, n: 2, interval: meanInterval(2, 1.5, 1.25, (x) => 100 * x) });
    expect(c.sentiment).toEqual({ value: 50, n: 2, interval: meanInterval(2, 0, 0.5, (x) => 50 * (1 + x)) });
    expect(c.volume).toEqual({ value: round3(100 / 3), n: 3, interval: wilson(1, 3) });
  });

  it.each([
    ['no answers', [] as Answer[], ['visibility', 'relativeSov', 'position', 'sentiment', 'volume']],
    ['nobody mentioned, nothing cited', [a({}), a({})], ['relativeSov', 'position', 'sentiment', 'volume']],
    ['brand never mentioned', [a({ c0: { rank: 1, sentiment: 0 } })], ['position', 'sentiment', 'volume']],
    ['brand mentioned without sentiment', [a({ brand: { rank: 1, sentiment: null } }, ['brand'])], ['sentiment']],
    ['nothing cited', [a({ brand: { rank: 1, sentiment: 0.2 } })], ['volume']],
  ])('missing components: %s', (_name, answers, missing) => {
    const c = components(answers, 'brand', ids);
    expect((Object.keys(c) as ComponentKey[]).filter((k) => c[k].value === null)).toEqual(missing);
    expect(composite(c).missingComponents).toEqual(missing);
  });
});

describe('composite', () => {
  const parts = (values: Partial<Record<ComponentKey, number>>) =>
    Object.fromEntries(['visibility', 'relativeSov', 'position', 'sentiment', 'volume'].map((k) => [k, { value: values[k as ComponentKey] ?? null, n: 1 }])) as never;

  it('weighs 0.25/0.35/0.15/0.10/0.15', () => {
    expect(composite(parts({ visibility: 100, relativeSov: 100, position: 100, sentiment: 100, volume: 100 })).score).toBe(100);
    expect(composite(parts({ visibility: 40, relativeSov: 80, position: 50, sentiment: 60, volume: 20 })).score).toBe(0.25 * 40 + 0.35 * 80 + 0.15 * 50 + 0.1 * 60 + 0.15 * 20);
  });

  it('renormalises over the present components', () => {
    const c = composite(parts({ visibility: 40, relativeSov: 80 }));
    expect(c.score).toBe(Number(((0.25 * 40 + 0.35 * 80) / 0.6).toFixed(2)));
    expect(c.weights).toEqual({ visibility: 0.416667, relativeSov: 0.583333, position: 0, sentiment: 0, volume: 0 });
    expect(c.missingComponents).toEqual(['position', 'sentiment', 'volume']);
  });

  it('has no score when every component is missing', () => {
    expect(composite(parts({})).score).toBeNull();
  });
});

describe('significant', () => {
  it.each([
    [[10, 20], [21, 30], true],
    [[10, 20], [20, 30], false],
    [[30, 40], [10, 29.9], true],
    [undefined, [1, 2], false],
  ] as const)('%j vs %j', (x, y, out) => expect(significant(x as never, y as never)).toBe(out));
});

function round3(x: number) {
  return Number(x.toFixed(4));
}
