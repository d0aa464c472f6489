import type { Answer } from './scores.fns.ts';

// The worked example of docs/scoring.md; scores.worked-example.test.ts reproduces its numbers.
const m = (rank: number, sentiment: number | null = null) => ({ rank, sentiment });
export const WORKED_ANSWERS: Answer[] = [
  { engine: 'chatgpt', mentions: { brand: m(1, 0.8), c0: m(2) }, citedEntities: ['brand'], cited: true },
  { engine: 'chatgpt', mentions: { brand: m(2, 0), c0: m(1) }, citedEntities: [], cited: true },
  { engine: 'chatgpt', mentions: { c0: m(1) }, citedEntities: ['c0'], cited: true },
  { engine: 'chatgpt', mentions: { brand: m(1, 0.4) }, citedEntities: [], cited: false },
  { engine: 'chatgpt', mentions: { c0: m(1), c1: m(2) }, citedEntities: [], cited: false },
  { engine: 'chatgpt', mentions: { brand: m(3, -0.6), c0: m(1), c1: m(2) }, citedEntities: ['brand'], cited: true },
  { engine: 'chatgpt', mentions: {}, citedEntities: [], cited: false },
  { engine: 'chatgpt', mentions: { c1: m(1) }, citedEntities: ['c1'], cited: true },
];
export const WORKED_ENTITIES = ['brand', 'c0', 'c1'];
