import { describe, expect, it } from 'vitest';
import { modelVersionsByEngine } from './model-versions.fns.ts';

const day = (engine: string, d: string, versions: Array<string | null>, answers = 10) => ({ engine, day: `2026-11-${d}`, versions, answers });

describe('modelVersionsByEngine', () => {
  it.each([
    ['the same model every day: no change', [day('chatgpt', '01', ['gpt-5']), day('chatgpt', '02', ['gpt-5'])], []],
    ['a new model: one change on its first day', [day('chatgpt', '01', ['gpt-5']), day('chatgpt', '02', ['gpt-5.1']), day('chatgpt', '03', ['gpt-5.1'])],
      [{ date: '2026-11-02', engine: 'chatgpt', from: ['gpt-5'], to: ['gpt-5.1'] }]],
    ['a day with none named is skipped, not a change', [day('claude', '01', ['opus-4']), day('claude', '02', [null]), day('claude', '03', ['opus-4'])], []],
    ['a rollout (two versions in a day) is a change, and so is its end', [day('gemini', '01', ['g-2']), day('gemini', '02', ['g-2', 'g-3']), day('gemini', '03', ['g-3'])],
      [{ date: '2026-11-02', engine: 'gemini', from: ['g-2'], to: ['g-2', 'g-3'] }, { date: '2026-11-03', engine: 'gemini', from: ['g-2', 'g-3'], to: ['g-3'] }]],
    ['engines are compared with themselves only', [day('chatgpt', '01', ['gpt-5']), day('claude', '01', ['opus-4'])], []],
  ])('%s', (_name, rows, changes) => expect(modelVersionsByEngine(rows).changes).toEqual(changes));

  it('lists each engine\'s days with their versions and whether some answers named none', () => {
    const out = modelVersionsByEngine([day('claude', '02', ['opus-4', null], 7), day('claude', '01', ['opus-4'])]);
    expect(out.engines).toEqual([{ engine: 'claude', days: [
      { date: '2026-11-01', versions: ['opus-4'], unreported: false, answers: 10 },
      { date: '2026-11-02', versions: ['opus-4'], unreported: true, answers: 7 },
    ] }]);
  });
});
