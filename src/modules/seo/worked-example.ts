import type { Checks } from '../pages/checks.keys.ts';
import type { PageInput, SeoInputs } from './seo.fns.ts';

// The worked example of docs/scoring.md ("SEO and combined score"), checked by seo.fns.test.ts.

const ok = { passed: true, value: 'ok', suggestion: '' };
const no = { passed: false, value: '', suggestion: 'fix it' };
const checks = (failed: Array<keyof Checks>): Checks =>
  Object.fromEntries((['robotsTxt', 'sitemapXml', 'llmsTxt', 'metaRobots', 'canonical', 'title', 'description', 'https', 'viewport'] as const)
    .map((k) => [k, failed.includes(k) ? no : ok])) as unknown as Checks;
const details = (gptBot: boolean): PageInput['details'] => ({
  redirects: [], bots: { GPTBot: gptBot, ClaudeBot: true, PerplexityBot: true, 'Google-Extended': true, Googlebot: true },
  structuredData: { blocks: 1, types: ['Organization'] }, sitemapUrls: [], sitemapUrl: 'https://acme.com/sitemap.xml', problems: [], refusedRequests: [], lighthouseVersion: '12.8.2',
});

export const WORKED_EXAMPLE: { inputs: SeoInputs; points: Array<[string, number]>; seoScoreBp: number; geoScoreBp: number; combinedScoreBp: number } = {
  inputs: {
    pages: [
      { id: 'pev_home', finalUrl: 'https://acme.com/', home: true, metrics: { lcp: 2100, cls: 0.18, tbt: 350, fcp: 900 }, checks: checks(['canonical']), details: details(false) },
      { id: 'pev_pricing', finalUrl: 'https://acme.com/pricing', home: false, metrics: { lcp: 4500, cls: 0.05, tbt: 100, fcp: 1200 }, checks: checks(['title', 'description']), details: details(false) },
    ],
    gsc: {
      available: true,
      data: {
        current: [
          { keys: ['acme dashboards', 'https://acme.com/'], clicks: 40, impressions: 1000, ctr: 0.04, position: 6 },
          { keys: ['dashboard pricing', 'https://acme.com/pricing'], clicks: 10, impressions: 1000, ctr: 0.01, position: 12 },
        ],
        previous: [{ keys: ['acme dashboards', 'https://acme.com/'], clicks: 50, impressions: 1200, ctr: 0.04, position: 7 }],
      },
    },
    ga4: {
      available: true,
      data: { current: [{ source: 'google', sessions: 9000 }, { source: 'chatgpt.com', sessions: 270 }, { source: 'perplexity.ai', sessions: 90 }, { source: '(direct)', sessions: 640 }] },
    },
  },
  points: [['technical_health', 24.4], ['core_web_vitals', 13.3], ['ai_readiness', 18.3], ['search_performance', 11.4], ['ai_referrals', 7.2]],
  seoScoreBp: 7460,
  geoScoreBp: 6235,
  combinedScoreBp: 6725,
};
