import { describe, expect, it } from 'vitest';
import { ENGINE_IDS } from '../engines/catalogue.ts';
import { simulatedAnswer } from '../engines/simulated.fns.ts';
import { CANARY_PROFILE } from './canary-profile.ts';
import { DEFAULT_CANARY_PROMPTS } from './canary-set.ts';
import { answerFeatures, detectChanges, type CanaryDay } from './changepoint.fns.ts';

// A deterministic noise source, so the tables below are the same on every machine.
function noise(seed: number) {
  let s = seed;
  return () => ((s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648) - 0.5;
}
const dayName = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

/** `count` days of 3 prompts × 2 samples; `shape(i)` moves the features from day i on. */
function series(count: number, shape: (i: number) => { length?: number; citations?: number; listItems?: number; version?: string | null } = () => ({})) {
  const r = noise(7);
  return Array.from({ length: count }, (_, i): CanaryDay => {
    const s = shape(i);
    return {
      day: dayName(i),
      answers: ['a', 'b', 'c'].flatMap((prompt, p) => [1, 2].map(() => ({
        prompt,
        length: 600 + 100 * p + 60 * r() + (s.length ?? 0),
        citations: Math.max(0, Math.round(3 + 2 * r() + (s.citations ?? 0))),
        listItems: Math.max(0, Math.round(4 + 2 * r() + (s.listItems ?? 0))),
        modelVersion: s.version === undefined ? 'model-2026-01' : s.version,
      }))),
    };
  });
}

describe('detectChanges', () => {
  const cases: Array<[string, CanaryDay[], string[]]> = [
    ['a steady engine is never flagged', series(120), []],
    ['a new model version string is a change by itself, even before any baseline', series(12, (i) => ({ version: i >= 2 ? 'model-2026-02' : 'model-2026-01' })), [dayName(2)]],
    ['a product surface reports no version: nothing to compare', series(30, () => ({ version: null })), []],
    ['answers twice as long are flagged on their first day', series(30, (i) => (i >= 12 ? { length: 700 } : {})), [dayName(12)]],
    ['lists gone are flagged on their first day', series(30, (i) => (i >= 9 ? { listItems: -4 } : {})), [dayName(9)]],
    ['a shift before 5 baseline days is not tested (only versions are)', series(5, (i) => (i >= 3 ? { citations: 6 } : {})), []],
    ['one flag per change: the shifted days are the next baseline', series(60, (i) => (i >= 20 ? { citations: 5, length: 500 } : {})), [dayName(20)]],
    ['two changes, two flags', series(60, (i) => (i >= 40 ? { listItems: -4, length: 900 } : i >= 15 ? { length: 900 } : {})), [dayName(15), dayName(40)]],
  ];
  it.each(cases)('%s', (_name, days, expected) => {
    expect(detectChanges(days).map((f) => f.day)).toEqual(expected);
  });

  it('a moderate shift (about 3 standard deviations) is flagged within a few days', () => {
    const flags = detectChanges(series(40, (i) => (i >= 20 ? { length: 60 } : {})));
    expect(flags).toHaveLength(1);
    expect(flags[0]!.day >= dayName(20) && flags[0]!.day <= dayName(25)).toBe(true);
  });

  it('says what moved, with the figures', () => {
    const [flag] = detectChanges(series(30, (i) => (i >= 12 ? { length: 700, version: 'model-2026-02' } : {})));
    expect(flag!.reasons.map((r) => r.feature)).toEqual(['modelVersion', 'length']);
    expect(flag!.reasons[0]!.detail).toContain('model-2026-02');
    expect(flag!.reasons[1]!.detail).toMatch(/^length rose from \d+(\.\d+)? to \d+/);
  });

  it('order of the input does not matter', () => {
    const days = series(30, (i) => (i >= 12 ? { length: 700 } : {}));
    expect(detectChanges([...days].reverse())).toEqual(detectChanges(days));
  });

  it('the simulated engines raise no false flag over a year of canaries, and their shift is flagged on its day', () => {
    for (const engine of ENGINE_IDS) {
      const year = (shiftFrom?: string) => Array.from({ length: 365 }, (_, i): CanaryDay => ({
        day: dayName(i),
        answers: DEFAULT_CANARY_PROMPTS.flatMap((text) => [1, 2].map((sample) => {
          const a = simulatedAnswer(engine, { text, language: 'en', sample }, dayName(i), CANARY_PROFILE, shiftFrom ? { from: shiftFrom } : undefined);
          return { prompt: text, ...answerFeatures(a.text, a.sources.length, a.trace?.modelVersion ?? null) };
        })),
      }));
      expect(detectChanges(year()), engine).toEqual([]);
      expect(detectChanges(year(dayName(200))).map((f) => f.day), engine).toEqual([dayName(200)]);
    }
  });
});

describe('answerFeatures', () => {
  const cases: Array<[string, number]> = [
    ['Intro\n\n1. **A** is good.\n2. **B** is fine.\n\nOutro', 2],
    ['- one\n* two\n• three\n-not a list', 3],
    ['Plain prose, no list at all.', 0],
    ['1) first\n  2. second', 2],
  ];
  it.each(cases)('%j has %i list items', (text, items) => {
    expect(answerFeatures(text, 4, 'v1')).toEqual({ length: text.length, citations: 4, listItems: items, modelVersion: 'v1' });
  });
});
