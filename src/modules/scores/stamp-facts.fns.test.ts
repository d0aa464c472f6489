import { describe, expect, it } from 'vitest';
import { stampFacts, type StampAnswer } from './stamp-facts.fns.ts';

const a = (o: Partial<StampAnswer>): StampAnswer => ({ day: '2026-11-20', runId: 'r1', engine: 'chatgpt', surface: 'api', modelVersion: 'gpt-5', promptId: 'p1', simulated: false, ...o });
const input = { intentOf: new Map([['p1', 'discovery'], ['p2', 'comparison']]), intents: ['discovery', 'comparison'] as const, windowDays: ['2026-11-18', '2026-11-20', '2026-11-20'], from: '2026-11-14', to: '2026-11-20' };

describe('stampFacts', () => {
  it('counts answers, engines and their versions, samples per prompt, prompts per intent and days', () => {
    const answers = [a({}), a({}), a({}), a({ promptId: 'p2' }), a({ promptId: 'p2' }), a({ promptId: 'p2', modelVersion: 'gpt-5.1' }), a({ engine: 'claude', modelVersion: null })];
    expect(stampFacts(answers, input)).toEqual({
      surface: 'api', engines: [{ engine: 'chatgpt', modelVersions: ['gpt-5', 'gpt-5.1'] }, { engine: 'claude', modelVersions: [] }],
      answers: 7, samplesPerPrompt: 3, intentCoverage: { discovery: 1, comparison: 1 }, intents: ['discovery', 'comparison'], runDays: 2,
      dateRange: { from: '2026-11-14', to: '2026-11-20' }, simulatedShare: 0, unversionedShare: 0.1429,
    });
  });
  it.each([
    ['api and product pooled are mixed', [a({}), a({ engine: 'google-aio', surface: 'product' })], 'mixed'],
    ['product only', [a({ surface: 'product' })], 'product'],
    ['no answers: no surface', [], null],
  ] as const)('%s', (_n, answers, surface) => expect(stampFacts([...answers], input).surface).toBe(surface));
  it('simulated share, and an unknown prompt counted under "unknown"', () => {
    expect(stampFacts([a({ simulated: true }), a({ promptId: 'gone' })], input)).toMatchObject({ simulatedShare: 0.5, intentCoverage: { discovery: 1, unknown: 1 } });
  });
});
