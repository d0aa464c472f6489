import { createOpenAI } from '@ai-sdk/openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeProvider } from '../../../test/helpers/fake-openai.ts';
import { analyserLabel, goldLabels } from '../analysis/blind.fns.ts';
import { loadBlindSet } from '../analysis/eval.cases.ts';
import { judgeBlindSet } from './blind-judge.ts';

// The judge on the blind set through the real `@ai-sdk/openai` client against a loopback model
// that answers with the people's label for some answers and "neutral" for the rest: the report's
// agreement and accuracy are what those answers make them.

let fake: FakeProvider;
const set = loadBlindSet();
const gold = goldLabels(set.a, set.b, set.settled);
// Twelve blind answers the engine knows the brand in, the first six judged as the people labelled them.
const cases = set.cases.filter((c) => gold.get(c.id) !== 'unknown').slice(0, 12);
const brandOf = (body: { messages: Array<{ content: string }> }) => body.messages.at(-1)!.content.split('\n')[0]!.replace(/^Brand: /, '');

beforeAll(async () => {
  fake = await startFakeOpenAI((body) => {
    const i = cases.findIndex((c) => brandOf(body) === c.workspace.brand.name && body.messages.at(-1).content.includes(c.answer.slice(0, 200)));
    const label = i >= 0 && i < 6 ? gold.get(cases[i]!.id)! : 'neutral';
    return { text: [JSON.stringify({ label, rationale: 'Read whole.' })] };
  });
});
afterAll(async () => fake?.close());

describe('the model judge on the blind set', () => {
  it('labels each answer once and reports agreement with the lexicon and accuracy against the people', async () => {
    const model = createOpenAI({ apiKey: 'sk-test-local', baseURL: fake.url }).chat('gpt-4.1-mini');
    const r = await judgeBlindSet(model, cases, gold, { concurrency: 2 });
    expect(fake.requests).toHaveLength(12);
    expect(r).toMatchObject({ judged: 12, failed: 0 });
    const expected = cases.filter((c, i) => (i < 6 ? gold.get(c.id) : 'neutral') === gold.get(c.id)).length;
    expect(r.model).toEqual({ n: 12, correct: expected });
    // The loopback model read each answer it was sent: the first six came back as the people labelled them.
    for (const c of cases.slice(0, 6)) expect(r.rows.find((x) => x.id === c.id)!.model).toBe(gold.get(c.id));
    expect(new Set(cases.slice(0, 6).map((c) => gold.get(c.id))).size).toBeGreaterThan(1);
    expect(r.lexicon).toEqual({ n: 12, correct: cases.filter((c) => analyserLabel(c) === gold.get(c.id)).length });
    expect(r.withLexicon.n).toBe(cases.filter((c) => ['positive', 'negative', 'mixed', 'neutral'].includes(analyserLabel(c))).length);
  });
});
