import { describe, expect, it } from 'vitest';
import { contentGaps, geoCandidates, laggards, negativeSentences, normalizeSentence, outreachTargets, redditThreads, threadUrl, type GeoInput, type GeoResult } from './geo-lane.fns.ts';

let n = 0;
const r = (over: Partial<GeoResult>): GeoResult => ({
  id: `res_${++n}`, runId: 'run_1', engine: 'chatgpt', promptId: `prm_${n % 7}`, prompt: 'best analytics tool?', intent: 'discovery', language: 'en', simulated: false,
  brandMentioned: false, brandSentiment: null, competitors: [], citations: [], answer: '', ...over,
});
const input = (results: GeoResult[]): GeoInput => ({
  brand: { name: 'Acme Analytics', aliases: ['acme'] }, results, window: { runIds: ['run_1'], from: '2026-01-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' }, now: '2026-01-02T00:00:00.000Z',
});
const third = (url: string) => ({ url, domain: new URL(url).hostname.replace(/^www\./, ''), class: 'third_party' as const });

describe('content gaps: competitors named, brand not, by intent and engine', () => {
  it.each([
    ['3 of 10 gaps (30%) → an item', 3, 10, 1],
    ['2 of 4 (below 3 answers) → none', 2, 4, 0],
    ['3 of 20 (15%, below 25%) → none', 3, 20, 0],
  ])('%s', (_n, gaps, total, items) => {
    const rows = [...Array.from({ length: gaps }, () => r({ competitors: ['Globex'] })), ...Array.from({ length: total - gaps }, () => r({ brandMentioned: true }))];
    expect(contentGaps(input(rows))).toHaveLength(items);
  });

  it('an item carries its topic key, figure with n and interval, prompts and the metric to track', () => {
    const rows = [...Array.from({ length: 4 }, (_, i) => r({ competitors: ['Globex'], promptId: `prm_g${i}` })), ...Array.from({ length: 4 }, () => r({ brandMentioned: true }))];
    const [item] = contentGaps(input(rows));
    expect(item).toMatchObject({ lane: 'geo', type: 'content_gap', topic: 'content_gap:discovery:chatgpt', makesClaims: true });
    expect(item!.evidence.figures[0]).toMatchObject({ value: 50, k: 4, n: 8, unit: 'percent' });
    expect(item!.evidence.figures[0]!.interval).toHaveLength(2);
    expect(item!.evidence.metric).toMatchObject({ name: 'mention_rate', scope: { engine: 'chatgpt', promptIds: ['prm_g0', 'prm_g1', 'prm_g2', 'prm_g3'] }, current: { k: 0, n: 4 } });
    expect(item!.evidence.answers).toHaveLength(4);
    expect(item!.scores.priority).toBeGreaterThan(0);
  });

  it('engines are kept apart: the same gap on two engines is two topics', () => {
    const rows = ['chatgpt', 'gemini'].flatMap((engine) => Array.from({ length: 3 }, () => r({ engine, competitors: ['Globex'] })));
    expect(contentGaps(input(rows)).map((c) => c.topic).sort()).toEqual(['content_gap:discovery:chatgpt', 'content_gap:discovery:gemini']);
  });
});

describe('outreach targets: third-party domains cited for competitors, never for the brand', () => {
  it('a domain cited in 2 competitor answers and no brand answer is a target, with its citing answers', () => {
    const rows = [
      r({ competitors: ['Globex'], citations: [third('https://g2.com/a')] }),
      r({ competitors: ['Initech'], citations: [third('https://g2.com/b')] }),
      r({ brandMentioned: true, citations: [third('https://capterra.com/x')] }),
      r({ competitors: ['Globex'], citations: [third('https://capterra.com/y')] }),
      r({ competitors: ['Globex'], citations: [third('https://capterra.com/z')] }),
    ];
    const items = outreachTargets(input(rows));
    expect(items.map((i) => i.topic)).toEqual(['outreach:g2.com']);
    expect(items[0]!.evidence.answers.map((a) => a.urls)).toEqual([['https://g2.com/a'], ['https://g2.com/b']]);
    expect(items[0]!.evidence.metric).toMatchObject({ name: 'citation_share', scope: { domain: 'g2.com' }, current: { k: 0, n: 2 } });
  });

  it('owned and competitor domains and reddit are not outreach targets', () => {
    const rows = Array.from({ length: 3 }, () => r({ competitors: ['Globex'], citations: [{ url: 'https://globex.com/p', domain: 'globex.com', class: 'competitor' }, third('https://reddit.com/r/x/comments/1/t')] }));
    expect(outreachTargets(input(rows))).toEqual([]);
  });
});

describe('reddit threads', () => {
  it.each([
    ['https://www.reddit.com/r/analytics/comments/abc/best/?utm=1#c', 'https://reddit.com/r/analytics/comments/abc/best'],
    ['https://old.reddit.com/r/a/comments/x/', 'https://reddit.com/r/a/comments/x'],
    ['https://reddit.com/', null],
  ])('thread URL of %s is %s', (url, thread) => expect(threadUrl(url)).toBe(thread));

  it('one item per thread, with the thread URL and the share of citing answers without the brand', () => {
    const cite = { url: 'https://www.reddit.com/r/analytics/comments/abc/best', domain: 'reddit.com', class: 'third_party' as const };
    const items = redditThreads(input([r({ citations: [cite] }), r({ citations: [{ ...cite, url: `${cite.url}/?x=1` }], brandMentioned: true }), r({ citations: [cite] })]));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'reddit_thread', topic: 'reddit_thread:https://reddit.com/r/analytics/comments/abc/best', evidence: { facts: { threadUrl: 'https://reddit.com/r/analytics/comments/abc/best' } } });
    expect(items[0]!.evidence.figures[0]).toMatchObject({ k: 2, n: 3 });
    // The effect is measured over the answers citing the thread, as the figure counts.
    expect(items[0]!.evidence.metric).toMatchObject({ name: 'thread_mention_rate', scope: { thread: 'https://reddit.com/r/analytics/comments/abc/best' }, current: { k: 1, n: 3 } });
    expect(items[0]!.evidence.metric.scope).not.toHaveProperty('promptIds');
  });
});

describe('lagging engines and languages', () => {
  const rows = (engine: string, k: number, total: number, language = 'en') => Array.from({ length: total }, (_, i) => r({ engine, language, brandMentioned: i < k }));
  it('an engine whose interval lies below the others’ is lagging; overlapping intervals are not', () => {
    const clear = laggards(input([...rows('gemini', 5, 100), ...rows('chatgpt', 60, 100), ...rows('claude', 55, 100)]), 'engine');
    expect(clear.map((c) => c.topic)).toEqual(['engine_gap:gemini']);
    expect(laggards(input([...rows('gemini', 4, 10), ...rows('chatgpt', 6, 10)]), 'engine')).toEqual([]);
  });
  it('languages the same way; one language gives nothing', () => {
    expect(laggards(input([...rows('chatgpt', 5, 100, 'es'), ...rows('chatgpt', 60, 100, 'en')]), 'language').map((c) => c.topic)).toEqual(['language_gap:es']);
    expect(laggards(input(rows('chatgpt', 5, 100)), 'language')).toEqual([]);
  });
});

describe('recurring negative sentences about the brand', () => {
  const neg = (answer: string) => r({ brandMentioned: true, brandSentiment: -0.4, answer });
  it('a negative sentence naming the brand in 3 answers is an item; in 2 it is not; positive answers are ignored', () => {
    const text = 'Here are options:\n1. **Acme Analytics** is expensive for small teams.\n2. **Globex** is excellent.';
    const items = negativeSentences(input([neg(text), neg(text.replace('1.', '2.')), neg(text), r({ brandMentioned: true, brandSentiment: 0.5, answer: text })]));
    expect(items).toHaveLength(1);
    expect(items[0]!.evidence.facts.sentence).toBe('Acme Analytics is expensive for small teams.');
    expect(items[0]!.evidence.figures[0]).toMatchObject({ k: 3, n: 4 });
    expect(items[0]!.evidence.metric).toMatchObject({ name: 'negative_rate', better: 'lower', current: { k: 3, n: 4 } });
    expect(negativeSentences(input([neg(text), neg(text)]))).toEqual([]);
  });
  it('normalisation ignores numbering, markup and case', () => {
    expect(normalizeSentence('3. **Acme** is SLOW!')).toBe(normalizeSentence('acme is slow'));
  });
});

it('geoCandidates gathers every rule', () => {
  expect(geoCandidates(input([]))).toEqual([]);
});
