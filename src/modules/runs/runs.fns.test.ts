import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, ENGINE_IDS } from '../engines/catalogue.ts';
import { brandVisibility, planRun } from './runs.fns.ts';

const pipeline = { pricing: DEFAULT_PRICING, searchEngine: 'google-aio' as const, standardEngineCap: 120 };
// The five core engines (optional ones join a run only when listed in GEO_OPTIONAL_ENGINES).
const perCallAll = ENGINE_IDS.reduce((a, id) => a + DEFAULT_PRICING[id], 0);

describe('planRun', () => {
  it.each([
    ['smoke', 50, 2, 2 * 5, 2 * perCallAll],
    ['smoke', 1, 1, 5, perCallAll],
    ['lite', 300, 50, 250, 50 * perCallAll],
    ['lite', 30, 30, 150, 30 * perCallAll],
    ['standard', 300, 150, 120 * 5, 120 * perCallAll],
    ['standard', 100, 100, 500, 100 * perCallAll],
    ['searchx', 300, 150, 150, 150 * DEFAULT_PRICING['google-aio']],
    ['lite', 0, 0, 0, 0],
  ] as const)('%s with %i active prompts', (preset, active, prompts, calls, estimate) => {
    const plan = planRun(preset, active, pipeline);
    expect(plan.promptCount).toBe(prompts);
    expect(plan.totalCalls).toBe(calls);
    expect(plan.estimateMicrousd).toBe(estimate);
  });

  it('searchx asks only the configured search engine', () => {
    expect(Object.keys(planRun('searchx', 10, { ...pipeline, searchEngine: 'perplexity' }).calls)).toEqual(['perplexity']);
  });

  it.each([
    ['smoke', 50, 3, 2, 2 * 3 * 5, 2 * 3 * perCallAll],
    ['lite', 30, 10, 30, 30 * 10 * 5, 30 * 10 * perCallAll],
    // standard: the per-engine cap bounds prompts (120); each is asked `samples` times.
    ['standard', 300, 2, 150, 120 * 2 * 5, 120 * 2 * perCallAll],
    ['searchx', 300, 4, 150, 150 * 4, 150 * 4 * DEFAULT_PRICING['google-aio']],
  ] as const)('%s with %i active prompts and %i samples', (preset, active, samples, prompts, calls, estimate) => {
    const plan = planRun(preset, active, pipeline, { samples });
    expect([plan.promptCount, plan.samples, plan.totalCalls, plan.estimateMicrousd]).toEqual([prompts, samples, calls, estimate]);
    expect(Object.values(plan.calls).every((c) => c === calls / Object.keys(plan.calls).length)).toBe(true);
  });

  it('asks only the engines it is given (gated ones left out)', () => {
    const plan = planRun('lite', 50, pipeline, { engines: ['chatgpt', 'claude'], samples: 2 });
    expect(plan.calls).toEqual({ chatgpt: 100, claude: 100 });
    expect(plan.estimateMicrousd).toBe(100 * (DEFAULT_PRICING.chatgpt + DEFAULT_PRICING.claude));
  });
});

describe('brandVisibility: what a run alone measured', () => {
  it.each([
    ['nothing stored yet', undefined, null],
    ['only failed calls', { answered: 0, mentioned: 0 }, null],
    ['31 of 50', { answered: 50, mentioned: 31 }, { n: 50, mentioned: 31, percent: 62, interval: [48.15, 74.14] }],
    ['none of 4', { answered: 4, mentioned: 0 }, { n: 4, mentioned: 0, percent: 0, interval: [0, 48.99] }],
    ['all of 1', { answered: 1, mentioned: 1 }, { n: 1, mentioned: 1, percent: 100, interval: [20.65, 100] }],
  ] as const)('%s', (_label, counts, expected) => {
    expect(brandVisibility(counts)).toEqual(expected);
  });
});
