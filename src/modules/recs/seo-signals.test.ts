import { describe, expect, it } from 'vitest';
import { createSeoSignals, insightsFrom, type SeoSources } from './seo-signals.ts';

const insight = (subject: string, impressions: number, clicks: number, position: number, previous: number | null) => ({
  subject, currentImpressions: impressions, currentClicks: clicks, currentPosition: position, previousPosition: previous,
  positionChange: previous === null ? null : previous - position, importanceBp: 1000,
});
const check = (passed: boolean) => ({ passed, value: '', suggestion: '' });
const checks = (llms: boolean) => Object.fromEntries(['robotsTxt', 'sitemapXml', 'llmsTxt', 'metaRobots', 'canonical', 'title', 'description', 'https', 'viewport']
  .map((k) => [k, check(k === 'llmsTxt' ? llms : true)])) as never;
const bots = (gpt: boolean) => ({ GPTBot: gpt, ClaudeBot: true, PerplexityBot: true, 'Google-Extended': true, Googlebot: true });

describe('insightsFrom', () => {
  it.each([
    ['position worsened by one place or more → falling', insight('crm', 500, 50, 6, 4), 'falling_position'],
    ['many impressions, CTR under 2% → low CTR', insight('crm', 1000, 10, 3, 3), 'low_ctr'],
    ['few impressions with a low CTR → nothing', insight('crm', 50, 0, 3, 3), null],
    ['a better position and a good CTR → nothing', insight('crm', 1000, 100, 2, 5), null],
    ['no previous period and a good CTR → nothing', insight('crm', 1000, 100, 2, null), null],
  ])('%s', (_name, row, kind) => {
    const out = insightsFrom({ jobId: 'j', failedChecks: [], insights: [row] });
    expect(out.map((i) => i.kind)[0] ?? null).toBe(kind);
    if (kind) expect(out[0]).toMatchObject({ query: 'crm', impressions: row.currentImpressions, clicks: row.currentClicks });
  });
});

describe('insightsFrom: pages losing clicks', () => {
  const page = (path: string, previousClicks: number, clicks: number) => ({ page: `https://acme.com${path}`, clicks, impressions: 1000, position: 5, previousClicks, previousImpressions: 1000 });
  it.each([
    ['lost 15% or more of at least 20 clicks → losing', page('/a', 40, 34), true],
    ['lost less than 15% → nothing', page('/a', 40, 35), false],
    ['fewer than 20 clicks before → nothing, however far it fell', page('/a', 19, 0), false],
    ['gained clicks → nothing', page('/a', 40, 80), false],
    ['lost every click → losing', page('/a', 20, 0), true],
  ])('%s', (_name, row, losing) => {
    const out = insightsFrom({ jobId: 'j', failedChecks: [], insights: [], pageClicks: [row] });
    expect(out).toEqual(losing ? [{ kind: 'losing_clicks', page: row.page, clicks: row.clicks, previousClicks: row.previousClicks, impressions: 1000, ctr: row.clicks / 1000, position: 5, importanceBp: Math.round((10_000 * (row.previousClicks - row.clicks)) / row.previousClicks) }] : []);
  });

  it('importance is the share of all previous clicks the page lost', () => {
    const out = insightsFrom({ jobId: 'j', failedChecks: [], insights: [], pageClicks: [page('/a', 100, 50), page('/b', 300, 300)] });
    expect(out).toMatchObject([{ page: 'https://acme.com/a', importanceBp: 1250 }]);
  });

  it('a refresh made before clicks by page were kept gives no page items', () => {
    expect(insightsFrom({ jobId: 'j', failedChecks: [], insights: [] })).toEqual([]);
  });
});

describe('createSeoSignals', () => {
  const sources = (over: Partial<SeoSources>): SeoSources => ({
    signals: async () => null, countByJob: async () => 0, latestRows: async () => [], ...over,
  });

  it('is unavailable, with the reason, before any refresh or evaluation', async () => {
    const s = await createSeoSignals(sources({})).signals('ws');
    expect(s).toMatchObject({ available: false, failedChecks: [], aiBots: [], llmsTxt: null });
    expect(s.reason).toMatch(/no_seo_data/);
  });

  it('counts pass rates over the refresh pages and reads bots and llms.txt from the newest evaluation of each page', async () => {
    const s = await createSeoSignals(sources({
      signals: async () => ({ jobId: 'job1', insights: [], failedChecks: [{ code: 'description', expectedValue: 'a description', pages: [{ url: 'https://a.example/x', observedValue: '' }] }] }),
      countByJob: async () => 4,
      latestRows: async () => [
        { url: 'https://a.example/', finalUrl: 'https://a.example/', checks: checks(false), details: { bots: bots(false) } },
        { url: 'https://a.example/', finalUrl: 'https://a.example/', checks: checks(true), details: { bots: bots(true) } },
      ],
    })).signals('ws');
    expect(s.available).toBe(true);
    expect(s.failedChecks).toEqual([{ checkId: 'description', title: 'Meta description', passRate: { passed: 3, n: 4 },
      pages: [{ url: 'https://a.example/x', observedValue: '', expectedValue: 'a description' }] }]);
    expect(s.aiBots.filter((b) => !b.allowed)).toEqual([{ url: 'https://a.example/', bot: 'GPTBot', allowed: false }]);
    expect(s.aiBots).toHaveLength(4);
    expect(s.llmsTxt).toEqual({ url: 'https://a.example/llms.txt', present: false });
  });
});
