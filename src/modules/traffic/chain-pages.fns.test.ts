import { describe, expect, it } from 'vitest';
import { AGENT_DATA } from './classify.fns.ts';
import { crawlIndex, knownPages, latestPerPath, simulatedPaths, type Crawl, type EvaluationIn } from './chain.fns.ts';
import { chainRows } from './chain-rows.fns.ts';
import { chainPages, chainSummary } from './chain-pages.fns.ts';
import type { EngineAnswers, OwnedPathTally } from '../sources/owned-paths.fns.ts';

const agents = AGENT_DATA.agents;
const at = new Date('2026-11-20T10:00:00Z');
const crawl = (path: string, agent: string, verification: Crawl['verification'] = 'verified', lastStatus = 200): Crawl =>
  ({ path, agent, verification, hits: 2, errors: lastStatus >= 400 ? 2 : 0, lastStatus, lastAt: at });
const site = 'https://acme.es';
const evaluation: EvaluationIn = { url: `${site}/es/`, finalUrl: `${site}/es/`, fetchedAt: at, llmsTxtPassed: true, bots: {}, agents: {},
  sitemapUrls: [`${site}/es/facturacion/`, `${site}/es/precios`] };
const tally = (engine: string, path: string, cited: number, simulated: boolean): OwnedPathTally =>
  ({ engine, surface: 'api', path, url: `${site}${path}`, retrieved: cited, cited, simulated });

function chain(o: { engines: EngineAnswers[]; owned: OwnedPathTally[]; crawls: Crawl[] }) {
  const pages = knownPages({ evaluations: [evaluation], owned: o.owned, crawls: o.crawls, referred: [{ path: '/es/facturacion/' }] });
  const rows = chainRows({ agents, pages, index: crawlIndex(o.crawls), evaluations: latestPerPath([evaluation]), engines: o.engines, owned: o.owned, visits: new Map(), ga4: null, logsReceived: true });
  return { pages, rows, byPage: chainPages(rows), simulated: simulatedPaths(o.owned, pages) };
}

describe('simulated answers: their paths apart and labelled, never counted on real pages', () => {
  // The workspace: simulated engines cite /blog and /docs, the log and the sitemap know /es/… pages.
  const simulatedOnly = chain({
    engines: [{ engine: 'chatgpt', surface: 'api', answers: 200, retrievalReported: 200, simulated: true }],
    owned: [tally('chatgpt', '/blog', 30, true), tally('chatgpt', '/docs', 12, true), tally('chatgpt', '/es/precios', 1, true)],
    crawls: [crawl('/es/facturacion/', 'oai-searchbot'), crawl('/es/facturacion', 'chatgpt-user')],
  });

  it('the pages come from the logs, the sitemap and real answers only, each spelling of a path once', () => {
    expect([...simulatedOnly.pages.keys()].sort()).toEqual(['/es', '/es/facturacion', '/es/precios']);
  });
  it('lists the simulated paths apart, labelled, saying which is also a real page', () => {
    expect(simulatedOnly.simulated).toEqual([
      { path: '/blog', url: `${site}/blog`, engines: ['chatgpt'], retrieved: 30, cited: 30, simulated: true, known: false },
      { path: '/docs', url: `${site}/docs`, engines: ['chatgpt'], retrieved: 12, cited: 12, simulated: true, known: false },
      { path: '/es/precios', url: `${site}/es/precios`, engines: ['chatgpt'], retrieved: 1, cited: 1, simulated: true, known: true },
    ]);
  });
  it('leaves retrieved and cited unknown on real pages (not "0 of 200"), and says the answers are simulated', () => {
    const row = simulatedOnly.rows.find((r) => r.path === '/es/facturacion' && r.engine === 'chatgpt')!;
    expect(row).toMatchObject({ retrieved: null, cited: null, simulated: true, weakest: null });
    expect(row.crawled).toMatchObject({ verifiedHits: 4 });
    expect(simulatedOnly.rows.find((r) => r.path === '/es/precios' && r.engine === 'chatgpt')).toMatchObject({ cited: null, simulated: true });
  });
  it('counts real answers only when an engine answered both ways', () => {
    const mixed = chain({
      engines: [{ engine: 'perplexity', surface: 'api', answers: 10, retrievalReported: 10, simulated: false }, { engine: 'perplexity', surface: 'api', answers: 90, retrievalReported: 90, simulated: true }],
      owned: [tally('perplexity', '/es/precios', 3, false), tally('perplexity', '/es/precios', 40, true)],
      crawls: [],
    });
    expect(mixed.rows.find((r) => r.path === '/es/precios')).toMatchObject({ cited: { k: 3, n: 10 }, simulated: false });
  });
});

describe('chainPages and chainSummary: one line per page, the weakest link first', () => {
  const { byPage } = chain({
    engines: [{ engine: 'perplexity', surface: 'api', answers: 10, retrievalReported: 10, simulated: false }],
    owned: [tally('perplexity', '/es/facturacion', 2, false)],
    crawls: [crawl('/es/facturacion/', 'perplexitybot'), crawl('/es/facturacion', 'claude-searchbot', 'claimed'), crawl('/es/precios', 'perplexitybot', 'verified', 403), crawl('/es/', 'perplexitybot'), crawl('/es', 'claude-user', 'claimed')],
  });
  it('one page per path, the engines as cells, most broken first', () => {
    expect(byPage.map((p) => [p.path, p.engines.map((e) => e.engine), p.weakest, p.weakestEngines])).toEqual([
      ['/es/precios', ['claude', 'perplexity'], 'crawl', ['claude', 'perplexity']],
      ['/es', ['claude', 'perplexity'], 'retrieval', ['perplexity']],
      ['/es/facturacion', ['claude', 'perplexity'], 'visits', ['perplexity']],
    ]);
  });
  it('claimed fetches count for crawlers no operator list can verify (Claude), never for those it can', () => {
    const home = byPage.find((p) => p.path === '/es')!;
    expect(home.engines.find((e) => e.engine === 'claude')).toMatchObject({ weakest: null, crawled: { verifiedHits: 0, claimedHits: 2, verifiable: false } });
    expect(byPage.find((p) => p.path === '/es/precios')!.engines.find((e) => e.engine === 'claude')!.reason).toBe('no fetch of /es/precios by Claude-User, Claude-SearchBot in the access logs');
  });
  it('summarises where the chain breaks, in pages', () => {
    expect(chainSummary(byPage)).toEqual({
      pages: 3, weakest: 'crawl', byLink: { crawl: 1, retrieval: 1, citation: 0, visits: 1, none: 0 },
      engines: [
        { engine: 'claude', crawl: 1, retrieval: 0, citation: 0, visits: 0, none: 2 },
        { engine: 'perplexity', crawl: 1, retrieval: 1, citation: 0, visits: 1, none: 0 },
      ],
    });
  });
});

describe('a page with visits, crawls or a sitemap entry is a line before any engine answered', () => {
  // No run yet: no engine answered, so the engines come from the visits and the crawlers alone.
  const none = (o: { crawls?: Crawl[]; visits?: Map<string, number>; ga4?: Map<string, number> | null; logs?: boolean }) => {
    const crawls = o.crawls ?? [];
    const pages = knownPages({ evaluations: [evaluation], owned: [], crawls, referred: [...(o.visits ?? []), ...(o.ga4 ?? [])].map(([k]) => ({ path: k.split('\u0000')[1]! })) });
    const rows = chainRows({ agents, pages, index: crawlIndex(crawls), evaluations: latestPerPath([evaluation]), engines: [], owned: [], visits: o.visits ?? new Map(), ga4: o.ga4 ?? null, logsReceived: o.logs ?? false });
    return { rows, byPage: chainPages(rows, pages) };
  };
  it.each([
    ['GA4 visits only', { ga4: new Map([['chatgpt\u0000/pricing', 15]]) }, ['/pricing', ['chatgpt'], { accessLogs: null, ga4: 15 }, null]],
    // The logs hold no fetch of the page by Perplexity's crawlers: that link is broken, visits or not.
    ['access-log visits only', { visits: new Map([['perplexity\u0000/pricing', 4]]), logs: true }, ['/pricing', ['perplexity'], { accessLogs: 4, ga4: null }, 'crawl']],
    ['crawls only', { crawls: [crawl('/pricing', 'oai-searchbot')], logs: true }, ['/pricing', ['chatgpt'], { accessLogs: 0, ga4: null }, null]],
  ] as const)('%s: the page is a line with its visits, no link judged that needs answers', (_name, input, [path, engines, visits, weakest]) => {
    const { rows, byPage } = none(input as Parameters<typeof none>[0]);
    const page = byPage.find((p) => p.path === path)!;
    expect(page.engines.map((e) => e.engine)).toEqual(engines);
    expect(page.weakest).toBe(weakest);
    expect(rows.find((r) => r.path === path)!.visits).toEqual(visits);
  });
  it('a page only the sitemap knows, with no engine at all, is still a line', () => {
    const { rows, byPage } = none({});
    expect(rows).toEqual([]);
    expect(byPage.map((p) => [p.path, p.sources, p.engines, p.weakest])).toEqual([
      ['/es', ['evaluated'], [], null], ['/es/facturacion', ['sitemap'], [], null], ['/es/precios', ['sitemap'], [], null],
    ]);
  });
});
