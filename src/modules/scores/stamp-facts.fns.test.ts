import { describe, expect, it } from 'vitest';
import { promptsOf, stampFacts, type StampCell } from './stamp-facts.fns.ts';

/** One answer to prompt `promptId` (p1), as a cell of its own: cells of one key may repeat. */
const a = ({ promptId = 'p1', ...o }: Partial<Omit<StampCell, 'prompts'>> & { promptId?: string }): StampCell =>
  ({ day: '2026-11-20', runId: 'r1', engine: 'chatgpt', surface: 'api', modelVersion: 'gpt-5', simulated: false, prompts: { [promptId]: 1 }, ...o });
const cell = (prompts: Record<string, number>, o: Partial<StampCell> = {}): StampCell => ({ ...a(o), prompts });
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
  it.each<[string, StampCell[], number]>([
    ['one cell: its counts', [cell({ p1: 1, p2: 2, p3: 3 })], 2],
    ['the lower median of an even count', [cell({ p1: 1, p2: 4 })], 1],
    ['a run and engine over two cells (a new model version) adds its prompts first', [cell({ p1: 1, p2: 1 }), cell({ p1: 2, p2: 2 }, { modelVersion: 'gpt-5.1' })], 3],
    ['a run crossing midnight too', [cell({ p1: 2 }), cell({ p1: 1 }, { day: '2026-11-21' })], 3],
    ['two runs are two samples of a prompt each', [cell({ p1: 1 }), cell({ p1: 5 }, { runId: 'r2' }), cell({ p1: 5 }, { runId: 'r3' })], 5],
    ['two engines the same', [cell({ p1: 1 }), cell({ p1: 1 }, { engine: 'claude' }), cell({ p1: 7 }, { engine: 'gemini' })], 1],
  ])('samples per prompt: %s', (_n, cells, median) => expect(stampFacts(cells, input).samplesPerPrompt).toBe(median));
  it('names each prompt once', () => {
    expect(promptsOf([cell({ p1: 1, p2: 1 }), cell({ p2: 3, p3: 1 }, { runId: 'r2' })]).sort()).toEqual(['p1', 'p2', 'p3']);
  });
});
