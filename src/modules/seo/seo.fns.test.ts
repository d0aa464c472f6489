import { describe, expect, it } from 'vitest';
import type { Checks } from '../pages/checks.fns.ts';
import {
  combinedScoreBp, components, groupFailedChecks, insights, pageClicks, isAiSource, searchValue, seoScoreBp, technicalChecks, vitalsValue, type PageInput, type SeoInputs,
} from './seo.fns.ts';
import { WORKED_EXAMPLE } from './worked-example.ts';

const passed = { passed: true, value: 'x', suggestion: '' };
const allPassed = (): Checks => ({
  robotsTxt: passed, sitemapXml: passed, llmsTxt: passed, metaRobots: passed, canonical: passed, title: passed, description: passed, https: passed, viewport: passed,
});
const page = (over: Partial<PageInput> = {}): PageInput => ({
  id: 'pev_1', finalUrl: 'https://acme.com/', home: true, metrics: { lcp: 1000, cls: 0, tbt: 0, fcp: 800 }, checks: allPassed(),
  details: {
    redirects: [], bots: { GPTBot: true, ClaudeBot: true, PerplexityBot: true, 'Google-Extended': true, Googlebot: true },
    structuredData: { blocks: 1, types: ['Organization'] }, sitemapUrls: [], sitemapUrl: 'https://acme.com/sitemap.xml', problems: [], refusedRequests: [], lighthouseVersion: '12',
  },
  ...over,
});
const none: SeoInputs = { pages: [], gsc: { available: false, reason: 'gsc_not_connected' }, ga4: { available: false, reason: 'ga4_not_connected' } };

describe('components', () => {
  it('nothing measured: every component unavailable with its reason, no score', () => {
    const list = components(none);
    expect(list.map((c) => [c.key, c.available, c.unavailableReason])).toEqual([
      ['technical_health', false, 'no_page_evaluation'], ['core_web_vitals', false, 'no_page_evaluation'], ['ai_readiness', false, 'no_page_evaluation'],
      ['search_performance', false, 'gsc_not_connected'], ['ai_referrals', false, 'ga4_not_connected'],
    ]);
    expect(seoScoreBp(list)).toBeNull();
  });

  it('a perfect page alone scores 10000 over the page components', () => {
    const list = components({ ...none, pages: [page()] });
    expect(list.filter((c) => c.available).map((c) => c.percent)).toEqual([100, 100, 100]);
    expect(seoScoreBp(list)).toBe(10_000);
  });

  it.each([
    [{ lcp: 2500, cls: 0.1, tbt: 200, fcp: 1 }, 1],
    [{ lcp: 4000, cls: 0.25, tbt: 600, fcp: 1 }, 0.5],
    [{ lcp: 4001, cls: 0.3, tbt: 601, fcp: 1 }, 0],
    [{ lcp: 1000, cls: null, tbt: 1000, fcp: 1 }, 0.5],
    [{ lcp: null, cls: null, tbt: null, fcp: null }, null],
  ])('vitals %o → %s', (metrics, value) => {
    expect(vitalsValue(metrics)).toBe(value);
  });

  it.each([
    [[{ keys: ['q'], clicks: 10, impressions: 100, ctr: 0.1, position: 1 }], [{ keys: ['q'], clicks: 10, impressions: 100, ctr: 0.1, position: 1 }], 0.7 + 0.15],
    [[{ keys: ['q'], clicks: 20, impressions: 100, ctr: 0.2, position: 21 }], [{ keys: ['q'], clicks: 10, impressions: 100, ctr: 0.1, position: 1 }], 0.3],
    [[], [], 0.15],
  ])('search value %#', (current, previous, value) => {
    expect(searchValue(current, previous)).toBeCloseTo(value, 10);
  });

  it('AI sources', () => {
    expect(['chatgpt.com', 'perplexity.ai', 'www.perplexity.ai', 'gemini.google.com', 'claude.ai', 'copilot.microsoft.com'].every(isAiSource)).toBe(true);
    expect(['google', 'notchatgpt.com', '(direct)', 'bing.com'].some(isAiSource)).toBe(false);
  });
});

describe('combined score', () => {
  it('needs both scores', () => {
    expect(combinedScoreBp(5000, 7000)).toBe(6200);
    expect(combinedScoreBp(null, 7000)).toBeNull();
    expect(combinedScoreBp(5000, null)).toBeNull();
  });
});

describe('clicks by page', () => {
  const row = (query: string, page: string, clicks: number, impressions: number, position: number) => ({ keys: [query, page], clicks, impressions, ctr: clicks / impressions, position });
  it('sums query rows by page in both periods; a page seen once has zeros in the other', () => {
    const current = [row('a', 'https://x.com/', 30, 600, 4), row('b', 'https://x.com/', 10, 200, 8), row('c', 'https://x.com/new', 5, 100, 9)];
    const previous = [row('a', 'https://x.com/', 60, 900, 3), row('d', 'https://x.com/gone', 25, 300, 6)];
    expect(pageClicks(current, previous)).toEqual([
      { page: 'https://x.com/', clicks: 40, impressions: 800, position: 5, previousClicks: 60, previousImpressions: 900 },
      { page: 'https://x.com/gone', clicks: 0, impressions: 0, position: 0, previousClicks: 25, previousImpressions: 300 },
      { page: 'https://x.com/new', clicks: 5, impressions: 100, position: 9, previousClicks: 0, previousImpressions: 0 },
    ]);
  });
  it('rows without a page key are left out; at most `limit` pages', () => {
    expect(pageClicks([{ keys: ['a'], clicks: 1, impressions: 1, ctr: 1, position: 1 }], [])).toEqual([]);
    expect(pageClicks([row('a', 'https://x.com/1', 2, 9, 1), row('a', 'https://x.com/2', 1, 9, 1)], [], 1).map((p) => p.page)).toEqual(['https://x.com/1']);
  });
});

describe('insights and technical checks', () => {
  it('ranks queries by share of impressions and reports the position change', () => {
    const current = [
      { keys: ['best dashboards', 'https://acme.com/'], clicks: 30, impressions: 600, ctr: 0.05, position: 4 },
      { keys: ['best dashboards', 'https://acme.com/b'], clicks: 0, impressions: 200, ctr: 0, position: 8 },
      { keys: ['acme pricing', 'https://acme.com/pricing'], clicks: 50, impressions: 200, ctr: 0.25, position: 1.5 },
    ];
    const previous = [{ keys: ['best dashboards', 'https://acme.com/'], clicks: 20, impressions: 500, ctr: 0.04, position: 7 }];
    expect(insights(current, previous)).toEqual([
      { id: 'gsc:query:best dashboards', subject: 'best dashboards', currentImpressions: 800, currentClicks: 30, currentPosition: 5, previousPosition: 7, positionChange: 2, importanceBp: 8000, signalRefs: ['gsc:query:best dashboards', 'gsc:page:https://acme.com/'] },
      { id: 'gsc:query:acme pricing', subject: 'acme pricing', currentImpressions: 200, currentClicks: 50, currentPosition: 1.5, previousPosition: null, positionChange: null, importanceBp: 2000, signalRefs: ['gsc:query:acme pricing', 'gsc:page:https://acme.com/pricing'] },
    ]);
  });

  it('lists each failed check with its evidence', () => {
    const checks = { ...allPassed(), title: { passed: false, value: 'Hi', suggestion: 'Rewrite the title.' }, llmsTxt: { passed: false, value: 'HTTP 404', suggestion: 'Publish it.' } };
    expect(technicalChecks([page({ checks })])).toEqual([
      { auditId: 'pev_1', pageUrl: 'https://acme.com/', pageTechnicalPct: 77.8, code: 'llmsTxt', suggestion: 'Publish it.', evidence: { source: 'llms.txt', url: 'https://acme.com/llms.txt', observedValue: 'HTTP 404', expectedValue: expect.any(String), providerRef: 'pageEvaluation:pev_1#llmsTxt' } },
      { auditId: 'pev_1', pageUrl: 'https://acme.com/', pageTechnicalPct: 77.8, code: 'title', suggestion: 'Rewrite the title.', evidence: { source: 'html', url: 'https://acme.com/', observedValue: 'Hi', expectedValue: 'a title of 10-70 characters', providerRef: 'pageEvaluation:pev_1#title' } },
    ]);
  });
});

describe('failed checks grouped for recommendations', () => {
  it('groups by check across pages, the most widespread first', () => {
    const bad = (value: string) => ({ passed: false, value, suggestion: `fix ${value}` });
    const list = technicalChecks([
      page({ id: 'pev_a', checks: { ...allPassed(), title: bad('A'), https: bad('http://a') } }),
      page({ id: 'pev_b', finalUrl: 'https://acme.com/b', home: false, checks: { ...allPassed(), title: bad('B') } }),
    ]);
    expect(groupFailedChecks(list)).toEqual([
      { code: 'title', source: 'html', expectedValue: 'a title of 10-70 characters', pages: [
        { auditId: 'pev_a', url: 'https://acme.com/', observedValue: 'A', suggestion: 'fix A', providerRef: 'pageEvaluation:pev_a#title' },
        { auditId: 'pev_b', url: 'https://acme.com/b', observedValue: 'B', suggestion: 'fix B', providerRef: 'pageEvaluation:pev_b#title' },
      ] },
      { code: 'https', source: 'html', expectedValue: 'served over https', pages: [
        { auditId: 'pev_a', url: 'https://acme.com/', observedValue: 'http://a', suggestion: 'fix http://a', providerRef: 'pageEvaluation:pev_a#https' },
      ] },
    ]);
  });
});

describe('the worked example of docs/scoring.md', () => {
  it('gives the numbers written there', () => {
    const list = components(WORKED_EXAMPLE.inputs);
    expect(list.map((c) => [c.key, c.points])).toEqual(WORKED_EXAMPLE.points);
    const seo = seoScoreBp(list);
    expect(seo).toBe(WORKED_EXAMPLE.seoScoreBp);
    expect(combinedScoreBp(seo, WORKED_EXAMPLE.geoScoreBp)).toBe(WORKED_EXAMPLE.combinedScoreBp);
  });
});
