import { describe, expect, it } from 'vitest';
import { english, sayAll } from './messages.fns.ts';
import * as fns from './reports.fns.ts';
import type { Figure, RecsInput, SeoInput } from './reports.fns.ts';

// The data as JSON and CSV readers see it: its messages in the stable English of the catalogue.
const englishView = <A extends unknown[], R>(fn: (...a: A) => R) => (...a: A): R => sayAll(fn(...a), english);
const buildReport = englishView(fns.buildReport), domainsTable = englishView(fns.domainsTable);
const recommendationsProgress = englishView(fns.recommendationsProgress), seoTechnicalStatus = englishView(fns.seoTechnicalStatus);

const counts = (c: Partial<Record<string, number>>) => ({ proposed: 0, todo: 0, in_review: 0, done: 0, archived: 0, ...c });
const measure = (value: number, n: number, interval: [number, number], simulated = false) => ({ value, n, interval, simulated });
const honest = (f: Figure) => expect(typeof f.n === 'number' && (f.interval !== null || typeof f.note === 'string')).toBe(true);

describe('recommendationsProgress', () => {
  const base: RecsInput = { statusCounts: counts({}), created: 0, transitions: [], effects: [] };
  it.each([
    ['no items at all', base, { unavailable: /No recommendations yet/ }],
  ])('%s', (_name, input, want) => {
    const [only, ...rest] = recommendationsProgress(input);
    expect(rest).toHaveLength(0);
    expect(only!.figures).toEqual([]);
    expect(only!.unavailable).toMatch(want.unavailable);
  });

  it.each([
    {
      name: 'counts by status are proportions of all items with a Wilson interval',
      input: { ...base, statusCounts: counts({ proposed: 3, done: 1 }), created: 2, transitions: [{ action: 'accept', to: 'todo' }, { action: 'accept', to: 'todo' }, { action: 'verify', to: 'done' }] },
      status: { proposed: [75, 4], done: [25, 4] }, period: { Created: 2, Accepted: 2, Done: 1 }, effectUnavailable: /No item is done yet|no effect/i,
    },
    {
      name: 'a done item without an after measurement has no figures, only its table row',
      input: { ...base, statusCounts: counts({ done: 1 }), effects: [{ title: 'Fix titles', effect: { metric: { name: 'mention_rate' }, before: measure(20, 50, [11, 33]), after: null, verdict: 'pending', explanation: 'waiting' } }] },
      status: { done: [100, 1] }, period: { Created: 0, Accepted: 0, Done: 0 }, effectUnavailable: /both a before and an after/,
    },
  ])('$name', ({ input, status, period, effectUnavailable }) => {
    const [byStatus, inPeriod, effect] = recommendationsProgress(input);
    for (const [label, [value, n]] of Object.entries(status)) expect(byStatus!.figures.find((f) => f.label === label)).toMatchObject({ value, n, unit: '%', interval: expect.any(Array) });
    for (const [label, value] of Object.entries(period)) expect(inPeriod!.figures.find((f) => f.label === label)).toMatchObject({ value, unit: 'count', n: Object.values(input.statusCounts).reduce((a, b) => a + b, 0) });
    expect(effect!.unavailable).toMatch(effectUnavailable);
    [...byStatus!.figures, ...inPeriod!.figures].forEach(honest);
  });

  it('shows before and after with n, interval and the verdict, and says when simulated', () => {
    const [, , effect] = recommendationsProgress({
      ...base, statusCounts: counts({ done: 1 }),
      effects: [{ title: 'Answer the thread', effect: { metric: { name: 'mention_rate' }, before: measure(10, 60, [4.7, 20.1]), after: measure(40, 60, [28.6, 52.6], true), verdict: 'improved', explanation: 'separate' } }],
    });
    expect(effect!.unavailable).toBeUndefined();
    expect(effect!.figures).toEqual([
      { label: 'Answer the thread: Answers naming the brand, before', value: 10, unit: '%', n: 60, interval: [4.7, 20.1], note: 'verdict: improved' },
      { label: 'Answer the thread: Answers naming the brand, after', value: 40, unit: '%', n: 60, interval: [28.6, 52.6], note: 'verdict: improved; from simulated engines' },
    ]);
    // An effect without comparison fields (stored before them) reads as before/after without an estimate.
    expect(effect!.table!.rows[0]).toEqual(['Answer the thread', 'Answers naming the brand', 10, 60, [4.7, 20.1], 40, 60, [28.6, 52.6], 'improved', 'A real improvement: the ranges before and after do not overlap.', null, null, 'before/after', null]);
  });

  it('a holdout effect: the DiD with its interval as a figure (n = all four sides) and in the table; undecided, the days still needed', () => {
    const side = (n: number) => ({ k: 0, n, days: 2 });
    const holdout = (verdict: string, interval: [number, number], moreDays: number | null) => ({
      metric: { name: 'mention_rate' }, before: measure(21, 200, [15.9, 27.2]), after: measure(50.3, 300, [44.7, 56]), verdict, explanation: 'vs. holdout',
      comparison: 'holdout' as const, estimate: { points: 28.83, interval }, moreDays,
      sides: { target: { before: side(200), after: side(300) }, holdout: { before: side(200), after: side(300) } },
    });
    const [, , effect] = recommendationsProgress({
      ...base, statusCounts: counts({ done: 2 }),
      effects: [{ title: 'Pricing page', effect: holdout('improved', [17.3, 40.36], null) }, { title: 'FAQ', effect: holdout('pending', [-1.6, 59.3], 4) }],
    });
    expect(effect!.figures.filter((f) => f.unit === 'points')).toEqual([
      { label: 'Pricing page: effect vs. holdout (points)', value: 28.83, unit: 'points', n: 1000, interval: [17.3, 40.36], note: 'verdict: improved' },
      { label: 'FAQ: effect vs. holdout (points)', value: 28.83, unit: 'points', n: 1000, interval: [-1.6, 59.3], note: 'verdict: pending' },
    ]);
    expect(effect!.table!.rows.map((r) => r.slice(10))).toEqual([[28.83, [17.3, 40.36], 'holdout', null], [28.83, [-1.6, 59.3], 'holdout', 4]]);
  });
});

describe('seoTechnicalStatus', () => {
  const components = [{ key: 'technical_health', available: true, points: 20, maximum: 30, percent: 66.7, unavailableReason: '' }, { key: 'search_performance', available: false, points: 0, maximum: 20, percent: 0, unavailableReason: 'gsc_not_connected' }];
  const empty: SeoInput = { dashboard: { scoreDate: null, seoScoreBp: null, geoScoreBp: null, combinedScoreBp: null, components: [], technicalChecks: [] }, refreshPages: 0, geoAnswers: 0, evaluations: [] };
  const evaluation = { url: 'https://acme.example/', fetchedAt: '2026-11-20T10:00:00.000Z', status: 'complete', scores: { performance: 91, accessibility: 88, bestPractices: 100, seo: 92 } };

  it.each([
    { name: 'no refresh and no evaluation', input: empty, sections: 1, unavailable: /No SEO refresh/ },
    { name: 'evaluations but no refresh', input: { ...empty, evaluations: [evaluation] }, sections: 3, unavailable: undefined },
  ])('$name', ({ input, sections, unavailable }) => {
    const out = seoTechnicalStatus(input);
    expect(out).toHaveLength(sections);
    if (unavailable) expect(out[0]!.unavailable).toMatch(unavailable);
    else expect(out[1]!.unavailable).toMatch(/No SEO refresh yet/);
  });

  it('groups failed checks by check with page counts over the refresh’s pages', () => {
    const checks = [{ auditId: 'pev_1', code: 'description' }, { auditId: 'pev_2', code: 'description' }, { auditId: 'pev_1', code: 'llmsTxt' }, { auditId: 'pev_1', code: 'llmsTxt' }];
    const [scores, failed, pages] = seoTechnicalStatus({
      dashboard: { scoreDate: '2026-11-20', seoScoreBp: 7150, geoScoreBp: 4200, combinedScoreBp: 5380, components, technicalChecks: checks },
      refreshPages: 4, geoAnswers: 120, evaluations: [evaluation],
    });
    expect(scores!.figures.map((f) => [f.label, f.value, f.n])).toEqual([['SEO score', 71.5, 4], ['GEO score', 42, 120], ['Combined score', 53.8, 4]]);
    // Components, reasons and checks read as words, never as their codes.
    expect(scores!.table!.rows).toEqual([['Technical health', 'yes', 20, 30, 66.7, null], ['Search performance', 'no', 0, 20, 0, 'Search Console not connected']]);
    expect(failed!.figures.map((f) => [f.label, f.value, f.n, f.note])).toEqual([['Meta description', 50, 4, '2 of 4 pages fail'], ['llms.txt', 25, 4, '1 of 4 pages fail']]);
    failed!.figures.forEach((f) => expect(f.interval).toEqual(expect.any(Array)));
    expect(pages!.table!.rows).toEqual([['https://acme.example/', '2026-11-20', 'complete', 91, 88, 100, 92]]);
    [...scores!.figures, ...failed!.figures].forEach(honest);
  });
});

describe('buildReport', () => {
  it('says a source supplied nothing rather than inventing figures', () => {
    const input = { brand: { name: 'W', color: null, logo: null }, agency: { name: null, logo: null, whiteLabel: false }, workspace: 'w', periodFrom: '2026-11-01', periodTo: '2026-11-30', generatedAt: 'x', simulatedEngines: ['chatgpt'], days: [], perEngine: [] };
    const recs = buildReport({ ...input, type: 'recommendations_progress' });
    expect(recs).toMatchObject({ simulated: true, sections: [{ figures: [], unavailable: expect.any(String) }] });
    expect(buildReport({ ...input, type: 'seo_technical_status' }).sections[0]!.unavailable).toEqual(expect.any(String));
  });
});

describe('domainsTable: the top cited domains with their source class', () => {
  const last = { metrics: { topCitedDomains: {
    owned: [{ domain: 'acme.com', citations: 4 }], competitor: [{ domain: 'globex.com', citations: 6 }],
    thirdParty: [{ domain: 'reddit.com', citations: 9 }, { domain: 'wikipedia.org', citations: 3 }, { domain: 'techcrunch.com', citations: 2 }, { domain: 'example.org', citations: 1 }],
  } } } as unknown as Parameters<typeof domainsTable>[0];
  it.each([
    ['without the sources module: owned / competitor / third party', undefined,
      [['reddit.com', 'third party'], ['globex.com', 'competitor'], ['acme.com', 'owned'], ['wikipedia.org', 'third party'], ['techcrunch.com', 'third party'], ['example.org', 'third party']]],
    ['with its classes: a third-party domain says which kind; other stays third party; owned and competitor come from the settings', { 'reddit.com': 'user_generated', 'wikipedia.org': 'reference', 'techcrunch.com': 'earned_media', 'example.org': 'other', 'acme.com': 'owned', 'globex.com': 'competitor' },
      [['reddit.com', 'user-generated'], ['globex.com', 'competitor'], ['acme.com', 'owned'], ['wikipedia.org', 'reference'], ['techcrunch.com', 'earned media'], ['example.org', 'third party']]],
  ])('%s', (_name, classes, want) => {
    const table = domainsTable(last, classes);
    expect(table.columns.map((c) => c.label)).toEqual(['Domain', 'Class', 'Citations']);
    expect(table.rows.map((r) => [r[0], r[1]])).toEqual(want);
  });
});
