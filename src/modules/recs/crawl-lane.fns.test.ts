import { describe, expect, it } from 'vitest';
import { crawlErrorCandidates } from './crawl-lane.fns.ts';
import type { CrawlError } from './recs.types.ts';

const now = '2026-11-27T00:00:00.000Z';
const error = (path: string, hits: number, errors: number, lastStatus = 403, agent = 'perplexitybot'): CrawlError =>
  ({ path, agent, token: agent === 'perplexitybot' ? 'PerplexityBot' : 'OAI-SearchBot', operator: 'Perplexity', engine: 'perplexity', hits, errors, lastStatus, lastAt: now });

describe('crawlErrorCandidates', () => {
  it('one item per agent and page, its evidence in figures with n and an interval, its effect the success rate', () => {
    const [item] = crawlErrorCandidates([error('/pricing', 8, 6)], now);
    expect(item).toMatchObject({
      lane: 'geo', type: 'crawl_error', topic: 'crawl_error:perplexitybot:/pricing', makesClaims: false,
      evidence: {
        summary: 'PerplexityBot gets 403 on /pricing: 6 of 8 verified fetches failed (it feeds Perplexity)',
        metric: { name: 'crawl_success_rate', scope: { bot: 'perplexitybot', page: '/pricing' }, better: 'higher', source: 'traffic', current: { k: 2, n: 8 } },
        facts: { bot: 'PerplexityBot', page: '/pricing', lastStatus: 403 }, window: null, simulated: false,
      },
    });
    expect(item!.evidence.figures[0]).toMatchObject({ unit: 'percent', k: 6, n: 8, value: 75, interval: [expect.any(Number), expect.any(Number)] });
    expect(item!.scores.effort).toBe(1);
  });

  it.each([
    ['a page whose last fetch succeeded is no item', [error('/a', 5, 1, 200)], []],
    ['more failing fetches rank first', [error('/few', 2, 2), error('/many', 40, 40)], ['crawl_error:perplexitybot:/many', 'crawl_error:perplexitybot:/few']],
    ['at most five', Array.from({ length: 8 }, (_, i) => error(`/p${i}`, 10, 10)), ['/p0', '/p1', '/p2', '/p3', '/p4'].map((p) => `crawl_error:perplexitybot:${p}`)],
  ])('%s', (_name, input, topics) => expect(crawlErrorCandidates(input, now).map((c) => c.topic)).toEqual(topics));
});
