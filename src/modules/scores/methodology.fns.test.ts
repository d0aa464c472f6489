import { describe, expect, it } from 'vitest';
import { stamp, type StampFacts } from './methodology.fns.ts';

const intents = ['discovery', 'comparison'] as const;
const good: StampFacts = {
  surface: 'api', engines: [{ engine: 'openai', modelVersions: ['gpt-x'] }, { engine: 'anthropic', modelVersions: ['claude-y'] }],
  answers: 480, samplesPerPrompt: 3, intentCoverage: { discovery: 10, comparison: 10 }, intents,
  runDays: 4, dateRange: { from: '2026-09-01', to: '2026-09-28' }, simulatedShare: 0, unversionedShare: 0,
};

describe('stamp grade', () => {
  it('is decision-grade when every rule holds', () => {
    expect(stamp(good)).toMatchObject({ grade: 'decision-grade', reasons: [], prompts: 20, metricVersion: 'geo-score-v1' });
  });
  it.each<[string, Partial<StampFacts>, string]>([
    ['simulated', { simulatedShare: 0.01 }, 'simulated answers'],
    ['volume', { answers: 399 }, 'query volume: 399 answers, fewer than 400'],
    ['samples', { samplesPerPrompt: 2 }, 'sample size: 2 samples per prompt, fewer than 3'],
    ['prompts', { intentCoverage: { discovery: 9, comparison: 10 } }, 'prompt coverage: 19 prompts, fewer than 20'],
    ['intent', { intentCoverage: { discovery: 18, comparison: 2 } }, 'prompt coverage: fewer than 3 prompts for comparison'],
    ['cadence', { runDays: 3 }, 'cadence: runs on 3 distinct days, fewer than 4'],
    ['versions', { unversionedShare: 0.1 }, 'reproducibility: some answers carry no provider-reported model version'],
    ['surface', { surface: 'mixed' }, 'platform coverage: surface not stated as one of api or product'],
    ['engines', { engines: good.engines.slice(0, 1) }, 'platform coverage: 1 engine, fewer than 2'],
  ])('%s demotes to exploratory and says why', (_n, change, reason) => {
    const s = stamp({ ...good, ...change });
    expect(s.grade).toBe('exploratory');
    expect(s.reasons).toEqual([reason]);
  });
  it('lists every failed rule', () => {
    expect(stamp({ ...good, simulatedShare: 1, answers: 10, runDays: 1 }).reasons).toHaveLength(3);
  });
});
