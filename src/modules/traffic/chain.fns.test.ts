import { describe, expect, it } from 'vitest';
import { AGENT_TOKENS } from '../pages/checks.keys.ts';
import { AGENT_DATA } from './classify.fns.ts';
import { crawlIndex, crawlersOf, findingOf, knownPages, latestPerPath, neverFetched, type Crawl, type EvaluationIn } from './chain.fns.ts';
import { chainRows } from './chain-rows.fns.ts';

const agents = AGENT_DATA.agents;
const agent = (id: string) => agents.find((a) => a.id === id)!;
const at = new Date('2026-11-20T10:00:00Z');
const crawl = (path: string, id: string, lastStatus = 200, verification: Crawl['verification'] = 'verified', hits = 3): Crawl =>
  ({ path, agent: id, verification, hits, errors: lastStatus >= 400 ? hits : 0, lastStatus, lastAt: at });
const evaluation = (url: string, agentsVerdicts: Record<string, boolean> = {}, sitemapUrls: string[] = []): EvaluationIn =>
  ({ url, finalUrl: url, fetchedAt: at, llmsTxtPassed: false, bots: {}, agents: agentsVerdicts, sitemapUrls });

it('every AI agent token of the traffic table has its robots.txt verdict recorded by page evaluations', () => {
  expect([...AGENT_TOKENS].sort()).toEqual(agents.map((a) => a.token).sort());
});

describe('findingOf', () => {
  it.each([
    ['perplexitybot', 'blocked', { verified: 2, lastStatus: 200 }, 'fetched_while_blocked'],
    ['perplexitybot', 'blocked', undefined, 'blocked'],
    ['perplexitybot', 'allowed', { verified: 2, lastStatus: 403 }, 'fetch_errors'],
    ['perplexitybot', 'allowed', { verified: 0, lastStatus: null }, 'allowed_not_fetched'],
    ['perplexitybot', 'allowed', { verified: 1, lastStatus: 301 }, 'fetched'],
    ['perplexitybot', 'not_checked', undefined, null],
    ['google-extended', 'blocked', undefined, 'robots_only'],
  ] as const)('%s %s %j → %s', (id, verdict, hits, out) => expect(findingOf(agent(id), verdict, hits)).toBe(out));
});

describe('crawlersOf', () => {
  it.each([
    ['chatgpt', ['oai-searchbot', 'chatgpt-user']], ['perplexity', ['perplexitybot', 'perplexity-user']],
    ['gemini', ['googlebot']], ['google-aio', ['googlebot']], ['claude', ['claude-user', 'claude-searchbot']], ['nobody', []],
    ['dataforseo-chatgpt', ['oai-searchbot', 'chatgpt-user']], ['dataforseo-ai-mode', ['googlebot']], ['copilot', ['bingbot']],
  ])('%s → %j (training crawlers never count)', (engine, ids) => expect(crawlersOf(engine, agents).map((a) => a.id).sort()).toEqual([...ids].sort()));
});

describe('neverFetched', () => {
  // /docs, cited only by a simulated answer, is not a page of the site (chain-pages.fns.test.ts).
  it('lists known pages no AI agent fetched from a verified address, with claimed hits shown apart', () => {
    const crawls = [crawl('/pricing', 'gptbot'), crawl('/blog', 'gptbot', 200, 'claimed')];
    const pages = knownPages({
      evaluations: [evaluation('https://acme.com/', {}, ['https://acme.com/pricing', 'https://acme.com/blog/', 'https://other.com/x'])],
      owned: [{ engine: 'chatgpt', surface: 'api', path: '/docs', url: 'https://acme.com/docs', retrieved: 1, cited: 0, simulated: true }],
      crawls: [...crawls, crawl('/robots.txt', 'gptbot')], referred: [{ path: '/landing' }],
    });
    expect(neverFetched(pages, agents, crawlIndex(crawls))).toEqual([
      { path: '/', url: 'https://acme.com/', sources: ['evaluated'], claimedHits: 0 },
      { path: '/blog', url: 'https://acme.com/blog/', sources: ['crawled', 'sitemap'], claimedHits: 3 },
      { path: '/landing', url: null, sources: ['referred'], claimedHits: 0 },
    ]);
  });
});

describe('chainRows: the weakest link', () => {
  const engines = [{ engine: 'perplexity', surface: 'api', answers: 10, retrievalReported: 10, simulated: false }];
  const owned = (path: string, retrieved: number, cited: number) => ({ engine: 'perplexity', surface: 'api', path, url: `https://acme.com${path}`, retrieved, cited, simulated: false });
  const run = (o: { crawls?: Crawl[]; owned?: ReturnType<typeof owned>[]; verdicts?: Record<string, boolean>; visits?: number; logs?: boolean; ga4?: number | null }) => {
    const evals = [evaluation('https://acme.com/pricing', o.verdicts ?? {})];
    const crawls = o.crawls ?? [];
    const rows = chainRows({
      agents, pages: knownPages({ evaluations: evals, owned: o.owned ?? [], crawls, referred: [] }), index: crawlIndex(crawls), evaluations: latestPerPath(evals),
      engines, owned: o.owned ?? [], visits: new Map([['perplexity\u0000/pricing', o.visits ?? 0]]),
      ga4: o.ga4 === undefined || o.ga4 === null ? null : new Map([['perplexity\u0000/pricing', o.ga4]]), logsReceived: o.logs ?? true,
    });
    const row = rows.find((r) => r.engine === 'perplexity' && r.path === '/pricing')!;
    return [row.weakest, row.reason];
  };
  it.each([
    ['robots.txt blocks every crawler of the engine', { verdicts: { PerplexityBot: false, 'Perplexity-User': false } }, ['crawl', 'robots.txt blocks PerplexityBot, Perplexity-User on /pricing']],
    ['the last verified fetch failed', { crawls: [crawl('/pricing', 'perplexitybot', 403)] }, ['crawl', 'PerplexityBot gets 403 on /pricing']],
    ['logs, but no verified fetch (a spoofer does not count)', { crawls: [crawl('/pricing', 'perplexitybot', 200, 'claimed')] }, ['crawl', 'no verified fetch of /pricing by PerplexityBot, Perplexity-User in the access logs']],
    ['no logs: crawling is unknown, the next link is judged', { logs: false }, ['retrieval', '/pricing was not retrieved in any of 10 answers that report what they read']],
    ['crawled, never retrieved', { crawls: [crawl('/pricing', 'perplexitybot')] }, ['retrieval', '/pricing was not retrieved in any of 10 answers that report what they read']],
    ['retrieved, never cited', { crawls: [crawl('/pricing', 'perplexitybot')], owned: [owned('/pricing', 4, 0)] }, ['citation', '/pricing was retrieved in 4 answers and cited in none']],
    ['cited, no visit', { crawls: [crawl('/pricing', 'perplexitybot')], owned: [owned('/pricing', 4, 2)] }, ['visits', '/pricing is cited in 2 answers but no visit came from them']],
    ['cited and visited (GA4 alone is enough)', { crawls: [crawl('/pricing', 'perplexitybot')], owned: [owned('/pricing', 4, 2)], ga4: 3 }, [null, null]],
    ['cited and visited (access logs)', { crawls: [crawl('/pricing', 'perplexitybot')], owned: [owned('/pricing', 4, 2)], visits: 5 }, [null, null]],
  ])('%s', (_name, input, out) => expect(run(input)).toEqual(out));
});
