import { describe, expect, it } from 'vitest';
import { oneEachAction } from './select.fns.ts';
import { actionKey, recTexts } from './texts.fns.ts';
import type { Candidate } from './recs.types.ts';

// Two fan-out queries on one topic ask for the same page: a marketer gets one card, the higher priority.
const gap = (topic: string, priority: number, competitors: string[], type: Candidate['type'] = 'source_gap'): Candidate => ({
  lane: 'geo', type, topic, makesClaims: false, scores: { impact: 1, confidence: 1, effort: 2, priority },
  evidence: { summary: '', metric: { name: 'citation_share', scope: {}, better: 'higher', source: 'runs', current: null }, figures: [], answers: [], prompts: [{ id: 'p', text: 'q', intent: 'discovery' }], urls: [], facts: { competitors, engines: ['chatgpt'], query: topic }, window: null, simulated: true },
} as unknown as Candidate);
const action = (c: Candidate) => actionKey(recTexts(c, 'Acme').title);

describe('one card per action', () => {
  it.each([
    ['same rivals in another order', [gap('a', 30, ['Initech', 'Globex']), gap('b', 50, ['Globex', 'Initech'])], ['b']],
    ['other rivals', [gap('a', 30, ['Initech']), gap('b', 50, ['Globex'])], ['b', 'a']],
    ['a tie keeps the first topic', [gap('b', 40, ['Globex']), gap('a', 40, ['Globex'])], ['a']],
  ] as const)('%s', (_name, candidates, topics) => {
    expect(oneEachAction([...candidates], action).map((c) => c.topic)).toEqual(topics);
  });
});
