import { describe, expect, it } from 'vitest';
import { buildPortfolio, simulatedClients, clientRow, commonest, portfolioAgency } from './portfolio.fns.ts';
import { portfolioCsv, portfolioHtml } from './portfolio.render.fns.ts';
import type { ReportData } from '../reports/reports.fns.ts';
import type { SeriesPoint } from '../reports/summary.fns.ts';

// A client's visibility summary as the portfolio reads it: the score endpoint's body, the
// per-day series, the scoreboard and the agency settings.
const point = (day: string, value: number, interval: [number, number]): SeriesPoint => ({ day, value, interval, n: 40 });
function client(name: string, o: { points?: SeriesPoint[]; agency?: string | null; whiteLabel?: boolean; simulated?: boolean } = {}): ReportData {
  const points = o.points ?? [];
  const last = points.at(-1);
  return {
    type: 'visibility_summary', title: 'Visibility summary', workspace: name.toLowerCase(), periodFrom: '2026-11-01', periodTo: '2026-11-30', generatedAt: '2026-11-30T10:00:00Z',
    language: 'en', timeZone: 'UTC', engines: ['chatgpt'], brand: { name, color: null, logo: null },
    agency: { name: o.agency ?? null, logo: null, whiteLabel: o.whiteLabel ?? false },
    simulated: o.simulated ?? false, simulatedEngines: o.simulated ? ['chatgpt'] : [], simulatedShare: last ? (o.simulated ? 1 : 0) : null,
    score: last ? { score: last.value!, interval: last.interval, n: last.n, date: last.day } as ReportData['score'] : null,
    summary: { latest: last ? { day: last.day, score: last.value, interval: last.interval, n: last.n, rank: 1, of: 2 } : null, changes: [], steady: [], firstDay: points[0]?.day ?? null },
    series: { composite: points, engines: [] },
    methodology: { engines: [], days: points.length, answersPerDay: null, promptsPerDay: null, samplesPerPrompt: null, simulatedShare: null, interval: 'Bootstrap over prompts.' },
    sections: [],
    scoreboard: last ? [
      { entityId: 'b', name, kind: 'brand', rank: 1, score: last.value, visibility: 50, shareOfVoice: 55.5, averagePosition: 1.5, sentiment: 0.2, citations: 3 },
      { entityId: 'c', name: '=HYPERLINK("x")', kind: 'competitor', rank: 2, score: 40, visibility: 30, shareOfVoice: 44.5, averagePosition: 2, sentiment: 0, citations: 1 },
    ] : [],
  };
}

describe('clientRow', () => {
  it.each([
    ['a significant rise: the intervals do not overlap', [point('2026-11-01', 40, [35, 45]), point('2026-11-30', 60, [55, 65])], { from: 40, to: 60, significant: true }],
    ['an overlap is not significant', [point('2026-11-01', 50, [40, 60]), point('2026-11-30', 55, [45, 65])], { from: 50, to: 55, significant: false }],
    ['one day measured: no change stated', [point('2026-11-30', 55, [45, 65])], null],
    ['no day measured', [], null],
  ])('%s', (_name, points, change) => {
    const row = clientRow('acme', client('Acme', { points }));
    expect(row.change === null ? null : { from: row.change.from, to: row.change.to, significant: row.change.significant }).toEqual(change);
    expect(row.score).toBe(points.at(-1)?.value ?? null);
  });

  it('takes the brand\'s share of voice and the top competitor by rank from the scoreboard', () => {
    expect(clientRow('acme', client('Acme', { points: [point('2026-11-30', 55, [45, 65])] }))).toMatchObject({
      shareOfVoice: 55.5, topCompetitor: { name: '=HYPERLINK("x")', shareOfVoice: 44.5 }, rank: 1, of: 2, interval: [45, 65], n: 40,
    });
  });
});

describe('portfolioAgency and commonest', () => {
  it.each([
    ['the agency most clients name', [client('A', { agency: 'North' }), client('B', { agency: 'North' }), client('C', { agency: 'South' })], { name: 'North', whiteLabel: false }],
    ['white-label when any of its clients asks', [client('A', { agency: 'North', whiteLabel: true }), client('B', { agency: 'North' })], { name: 'North', whiteLabel: true }],
    ['no agency named anywhere', [client('A'), client('B')], { name: null, whiteLabel: false }],
  ])('%s', (_name, reports, want) => expect(portfolioAgency(reports)).toMatchObject(want));

  it.each([
    [['UTC', 'Europe/Madrid', 'Europe/Madrid'], 'Europe/Madrid'],
    [['es', 'en'], 'es'],
    [[], 'fallback'],
  ])('commonest of %j is %s', (values, want) => expect(commonest(values, 'fallback')).toBe(want));
});

describe('the portfolio document', () => {
  const build = (language: 'en' | 'es' | 'ca' | 'fr' = 'en') => buildPortfolio({
    periodFrom: '2026-11-01', periodTo: '2026-11-30', generatedAt: '2026-11-30T10:00:00Z', language, timeZone: 'Europe/Madrid',
    clients: [
      { workspace: 'low', report: client('Low <b>Co</b>', { points: [point('2026-11-30', 30, [25, 35])], simulated: true }) },
      { workspace: 'none', report: client('Never Measured') },
      { workspace: 'high', report: client('High Co', { points: [point('2026-11-30', 70.04, [65.01, 74.99])] }) },
    ],
  });

  it('orders clients by score, unmeasured last, and says when any is simulated', () => {
    const p = build();
    expect(p.rows.map((r) => r.workspace)).toEqual(['high', 'low', 'none']);
    expect(p.clients.map((c) => c.workspace)).toEqual(['high', 'low', 'none']);
    expect(p).toMatchObject({ simulated: true, simulatedEngines: ['chatgpt'], simulatedClients: 'some' });
  });

  it.each([
    [[1, 1, null], 'all'], [[1, 0], 'some'], [[0.4, 1], 'some'], [[0, 0, null], 'none'], [[null], 'none'], [[], 'none'],
  ] as const)('simulated shares %j: %s of the clients', (shares, want) => expect(simulatedClients(shares)).toBe(want));

  it.each([
    ['en', 'every client’s answers come', 'some clients’'], ['es', 'todos los clientes', 'algunos clientes'],
    ['ca', 'tots els clients', 'alguns clients'], ['fr', 'tous les clients', 'certains clients'],
  ] as const)('%s: the banner says every client when all are simulated, never "some"', (language, every, some) => {
    const all = buildPortfolio({
      periodFrom: '2026-11-01', periodTo: '2026-11-30', generatedAt: '2026-11-30T10:00:00Z', language, timeZone: 'UTC',
      clients: ['a', 'b'].map((w) => ({ workspace: w, report: client(w, { points: [point('2026-11-30', 50, [45, 55])], simulated: true }) })),
    });
    expect(all.simulatedClients).toBe('all');
    expect(portfolioHtml(all)).toContain(every);
    expect(portfolioHtml(all)).not.toContain(some);
    expect(portfolioHtml(build(language))).toContain(some);
  });

  it('HTML: names escaped, one decimal, a page per client, the unmeasured client said once', () => {
    const html = portfolioHtml(build());
    expect(html).toContain('Low &lt;b&gt;Co&lt;/b&gt;');
    expect(html).not.toContain('<b>Co</b>');
    expect(html).toContain('70.0');
    expect(html).toContain('65.0–75.0');
    expect(html.match(/<section class="client">/g)).toHaveLength(3);
    expect(html).toMatch(/Simulated data/);
  });

  it.each(['es', 'ca', 'fr'] as const)('%s: the headings follow the language', (language) => {
    const html = portfolioHtml(build(language));
    for (const english of ['Portfolio report', 'Top competitor', 'Share of voice', 'How these figures are made', 'One day measured']) expect(html).not.toContain(english);
  });

  it('CSV: a row per client, raw numbers, a formula-leading name neutralised', () => {
    const csv = portfolioCsv(build());
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^High Co,high,2026-11-30,70.04,65.01,74.99,40,/);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[3]).toMatch(/^Never Measured,none,,,,,0,/);
  });
});
