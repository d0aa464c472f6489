import type { Answer } from './scores.fns.ts';
import type { AnsweredInput } from './stats.fns.ts';

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

/** The same eight answers as one run's answered calls, each to its own prompt (p1…p8), for the pooling and bootstrap examples. */
export function workedAnswered(runSuffix = ''): AnsweredInput[] {
  return WORKED_ANSWERS.map((a, i) => ({
    engine: a.engine, promptId: `p${i + 1}`, simulated: false,
    analysis: {
      mentioned: Object.keys(a.mentions),
      entities: Object.entries(a.mentions).map(([id, m]) => ({ entityId: id, name: id, kind: id === 'brand' ? 'brand' as const : 'competitor' as const, mentioned: true as const, rank: m.rank, sentiment: m.sentiment })),
      // Answer 2 cites a third-party page only; the others cite their owners' domains.
      citations: !a.cited ? [] : a.citedEntities.length
        ? a.citedEntities.map((id) => ({ url: `https://${id}.example/${runSuffix}`, domain: `${id}.example`, class: id === 'brand' ? 'owned' as const : 'competitor' as const, entityId: id }))
        : [{ url: 'https://g2.com/', domain: 'g2.com', class: 'third_party' as const, entityId: null }],
    },
  }));
}
