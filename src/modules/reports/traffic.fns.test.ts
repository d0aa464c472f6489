import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.fns.ts';
import { fixtureReport, TRAFFIC } from './reports.fixtures.ts';
import { toHtml } from './render.fns.ts';
import { english, sayAll } from './messages.fns.ts';
import * as fns from './traffic.fns.ts';

// The sections as JSON and CSV readers see them: messages in the stable English of the catalogue.
const trafficSections = (...a: Parameters<typeof fns.trafficSections>) => sayAll(fns.trafficSections(...a), english);

const FROM = '2026-11-01';
const TO = '2026-11-03';

describe('trafficSections', () => {
  it.each([
    ['no report data at all', undefined],
    ['no log ever sent: the report has no traffic pages', { ...TRAFFIC, logsSent: false }],
  ])('%s', (_name, input) => expect(trafficSections(input, FROM, TO)).toEqual([]));

  it('logs sent, nothing in the period: one line that says so', () => {
    expect(trafficSections({ ...TRAFFIC, agentDays: [], referrals: [], pages: [] }, FROM, TO)).toEqual([
      { heading: 'AI crawlers and referrals', figures: [], unavailable: 'The access logs sent hold no AI agent request and no AI-referred visit in this period.' },
    ]);
  });

  it('verified and claimed hits apart; the error share of verified hits only, with its Wilson interval', () => {
    const [crawlers] = trafficSections(TRAFFIC, FROM, TO);
    expect(crawlers!.figures.map((f) => [f.label, f.value, f.n])).toEqual([
      ['Verified AI agent hits', 69, 84], ['Claimed AI agent hits (unverified)', 15, 84],
      ['Verified hits answered with an error (4xx/5xx)', 13, 69], ['Visits referred by AI answers', 13, 13],
    ]);
    // 9 of 69 verified hits failed; the claimed ClaudeBot 5xx is not among them.
    expect(crawlers!.figures[2]!.note).toBe('9 of 69 verified hits');
    expect(crawlers!.figures[2]!.interval![0]).toBeLessThan(13);
    expect(crawlers!.table!.rows.map((r) => r.slice(0, 3).concat(r.slice(5)))).toEqual([
      ['OpenAI', 'training', 40, 6], ['Perplexity', 'search index', 25, 0], ['OpenAI', 'user fetch', 4, 0], ['Anthropic', 'training', 0, 9],
    ]);
    // An operator without a verified hit has no error share: never a 0% made of claimed hits.
    expect(crawlers!.table!.rows[3]!.slice(3, 5)).toEqual([null, null]);
  });

  it('pages say how much of the period the raw hits still cover; referrals per engine with the top landing page', () => {
    const [, pages, referrals] = trafficSections(TRAFFIC, FROM, TO);
    expect(pages!.note).toBe('Single hits are kept for the workspace’s retention period: this table counts the last 2 of the period’s 3 days.');
    expect(pages!.table!.rows[0]).toEqual(['/pricing', 30, 13.3, expect.any(Array), 'GPTBot, PerplexityBot', 2]);
    expect(trafficSections({ ...TRAFFIC, pagesFrom: FROM }, FROM, TO)[1]!.note).toBeUndefined();
    expect(referrals!.table!.rows.map((r) => [r[0], r[1], r[4], r[5]])).toEqual([['chatgpt', 9, '/pricing', 7], ['perplexity', 3, '/blog/guide', 3], ['copilot', 1, '/', 1]]);
    expect(referrals!.bars).toEqual([{ label: 'chatgpt', value: 9 }, { label: 'perplexity', value: 3 }, { label: 'copilot', value: 1 }]);
  });

  it('renders in the visibility summary: engines by name, a missing share said why; CSV rows named by operator and purpose', () => {
    const report = fixtureReport('visibility_summary', 'en');
    const html = toHtml(report);
    expect(html).toContain('<h2>AI crawlers and referrals</h2>');
    expect(html).toContain('Microsoft Copilot');
    expect(html).toContain('Not enough data: no verified hit');
    const csv = toCsv(report);
    expect(csv).toContain('visibility_summary,AI crawlers and referrals,OpenAI · training: Verified hits,2026-11-03,40,count,,,,,true');
    expect(csv).toContain('visibility_summary,AI crawlers and referrals,Anthropic · training: Claimed hits,2026-11-03,9,count,,,,,true');
    expect(csv).toContain('Pages most fetched by verified AI agents,note,2026-11-03,,,,,,Single hits are kept');
    // Only the visibility summary carries them.
    expect(toHtml(fixtureReport('competitor_comparison', 'en'))).not.toContain('AI crawlers');
  });
});
