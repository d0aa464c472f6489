import { describe, expect, it } from 'vitest';
import { GAP_THRESHOLDS, sourceGapCandidates } from './gaps-lane.fns.ts';
import type { GeoResult } from './geo-lane.fns.ts';
import type { SourceGap } from './recs.types.ts';
import { templateText } from './writer.ts';

const now = '2026-01-02T00:00:00.000Z';
const window = { runIds: ['run_1'], from: '2026-01-01T00:00:00.000Z', to: now };
const gap = (over: Partial<SourceGap> = {}): SourceGap => ({
  query: 'crm pricing for small teams', engine: 'chatgpt', surface: 'api', promptIds: ['prm_1'], answers: 3, searchedIn: 4, simulated: false, attribution: 'query',
  competitors: [{ name: 'Globex', urls: ['https://globex.com/pricing'] }], resultIds: ['res_1', 'res_2', 'res_3'], ...over,
});
const result = (id: string, promptId: string, brandMentioned: boolean, over: Partial<GeoResult> = {}): GeoResult => ({
  id, runId: 'run_1', engine: 'chatgpt', promptId, prompt: `prompt ${promptId}`, intent: 'comparison', language: 'en', simulated: false,
  brandMentioned, brandSentiment: null, competitors: ['Globex'], citations: [], answer: `answer ${id}`, ...over,
});
const results = [result('res_1', 'prm_1', false), result('res_2', 'prm_1', false), result('res_3', 'prm_1', true), result('res_4', 'prm_1', false), result('res_5', 'prm_2', true)];
const run = (gaps: SourceGap[], rows = results) => sourceGapCandidates({ gaps, prompts: new Map([['prm_1', 'Which CRM is cheapest for a team of five?']]), results: rows, window, now });

describe('source gaps lane: one item per fan-out query and surface', () => {
  it.each([
    ['one gap, 3 of 4 answers', [gap()], [{ topic: 'source_gap:api:crm pricing for small teams', k: 3, n: 4 }]],
    ['below the minimum answers: nothing', [gap({ answers: 1, resultIds: ['res_1'] })], []],
    ['the same query on two engines of one surface: one item, counts added', [gap(), gap({ engine: 'claude', answers: 2, searchedIn: 2, query: 'CRM  pricing for small teams' })], [{ topic: 'source_gap:api:crm pricing for small teams', k: 5, n: 6 }]],
    ['the same query on two surfaces: never pooled', [gap(), gap({ engine: 'google-aio', surface: 'product', answers: 2, searchedIn: 5 })], [{ topic: 'source_gap:api:crm pricing for small teams', k: 3, n: 4 }, { topic: 'source_gap:product:crm pricing for small teams', k: 2, n: 5 }]],
  ] as const)('%s', (_name, gaps, expected) => {
    const items = run([...gaps]);
    expect(items.map((i) => ({ topic: i.topic, k: i.evidence.figures[0]!.k, n: i.evidence.figures[0]!.n })).sort((a, b) => a.topic.localeCompare(b.topic))).toEqual(expected);
    for (const i of items) expect(i).toMatchObject({ lane: 'geo', type: 'source_gap', makesClaims: true, scores: { effort: 2 } });
  });

  it('evidence: k of n with its interval, per engine, the competitor URLs, the answers and the mention-rate metric on the prompts', () => {
    const [item] = run([gap()]);
    const ev = item!.evidence;
    expect(ev.figures[0]).toMatchObject({ unit: 'percent', value: 75, k: 3, n: 4, interval: [expect.any(Number), expect.any(Number)] });
    expect(ev.figures[1]).toMatchObject({ label: 'on ChatGPT', k: 3, n: 4 });
    expect(ev.summary).toBe('On 3 of 4 answers (ChatGPT, surface api) that searched "crm pricing for small teams", the engine read Globex\'s pages and none of the brand\'s');
    expect(ev.urls).toEqual(['https://globex.com/pricing']);
    expect(ev.facts).toMatchObject({ query: 'crm pricing for small teams', competitor: 'Globex', urlsSimulated: false, attribution: 'query' });
    expect(ev.answers.map((a) => a.resultId)).toEqual(['res_1', 'res_2', 'res_3']);
    expect(ev.answers[0]!.urls).toEqual(['https://globex.com/pricing']);
    expect(ev.prompts).toEqual([{ promptId: 'prm_1', text: 'Which CRM is cheapest for a team of five?', intent: 'comparison', language: 'en' }]);
    // Before, current and after count one population: the answers to the prompts behind the query.
    expect(ev.metric).toMatchObject({ name: 'mention_rate', scope: { promptIds: ['prm_1'] }, better: 'higher', source: 'runs', current: { k: 1, n: 4 } });
    // The title names the page to publish, never the fan-out query in quotes; the query is said once, in the rationale.
    expect(templateText(item!, 'Acme').title).toBe('Publish a comparison of Acme and Globex');
    expect(templateText(item!, 'Acme').rationale).toMatch(/Engines searched for: crm pricing for small teams\.$/);
  });

  it('simulated traces: no links, the pages listed in the facts and marked simulated', () => {
    const [item] = run([gap({ simulated: true })], results.map((r) => ({ ...r, simulated: true })));
    expect(item!.evidence).toMatchObject({ simulated: true, urls: [], facts: { competitorUrls: ['https://globex.com/pricing'], urlsSimulated: true } });
    expect(item!.evidence.answers[0]!.urls).toBeUndefined();
    expect(item!.evidence.summary).toMatch(/simulated engines/);
    expect(templateText(item!, 'Acme').rationale).not.toMatch(/https?:/);
  });

  it('at most the top items by priority, the same on regeneration', () => {
    const many = Array.from({ length: 8 }, (_, i) => gap({ query: `query ${i}`, answers: 2 + (i % 3) }));
    const items = run(many);
    expect(items).toHaveLength(GAP_THRESHOLDS.maxItems);
    expect(run(many).map((i) => i.topic)).toEqual(items.map((i) => i.topic));
    expect(items.every((i, j) => j === 0 || items[j - 1]!.scores.priority >= i.scores.priority)).toBe(true);
  });
});
