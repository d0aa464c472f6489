import type { Language } from '../../lib/format/format.ts';
import { buildSnapshot } from '../scores/snapshot.fns.ts';
import { buildReport, REPORT_TYPES, type RecsInput, type ReportData, type ReportInput, type ReportType, type SeoInput } from './reports.fns.ts';
import { trafficSections, type TrafficInput } from './traffic.fns.ts';

// Reports of every type built in memory, with data in every section (tables, bars, notes, an
// effect from simulated engines), for tests that read what a rendered report says.

const entities = [
  { entityId: 'brand', name: 'Acme', kind: 'brand' as const },
  { entityId: 'competitor:0', name: 'Globex', kind: 'competitor' as const },
  { entityId: 'competitor:1', name: 'Initech', kind: 'competitor' as const },
];
/** Answer `i` of a day: a deterministic mix of mentions and citations over 6 prompts. */
const answer = (i: number, simulated: boolean) => {
  const named = entities.filter((_e, k) => (i + k) % 3 !== 0);
  return {
    promptId: `p${i % 6}`, simulated,
    analysis: {
      mentioned: named.map((e) => e.name),
      entities: named.map((e, rank) => ({ entityId: e.entityId, name: e.name, kind: e.kind, mentioned: true as const, rank: rank + 1, sentiment: ((i % 5) - 2) / 2 })),
      citations: named.map((e) => ({
        url: `https://${e.name.toLowerCase()}.example/`, domain: i % 4 === 0 ? 'reddit.com' : `${e.name.toLowerCase()}.example`,
        class: (i % 4 === 0 ? 'third_party' : e.kind === 'brand' ? 'owned' : 'competitor') as 'owned', entityId: e.entityId,
      })),
    },
  };
};
const snapshot = (engine: string, n: number, simulated = false) => buildSnapshot(engine, Array.from({ length: n }, (_x, i) => answer(i, simulated)), entities);
const days = ['2026-11-01', '2026-11-02', '2026-11-03'].map((day, k) => ({ day, data: snapshot('composite', 30 + 10 * k) }));
const perEngineDays = [
  { engine: 'chatgpt', days: days.map((d) => ({ day: d.day, data: snapshot('chatgpt', 18, true) })) },
  { engine: 'perplexity', days: days.map((d) => ({ day: d.day, data: snapshot('perplexity', 12) })) },
];
const measure = (value: number, interval: [number, number], simulated = false) => ({ value, n: 60, interval, simulated });

export const RECS: RecsInput = {
  statusCounts: { proposed: 3, todo: 1, in_review: 1, done: 2, archived: 1 }, created: 2,
  transitions: [{ action: 'accept', to: 'todo' }, { action: 'verify', to: 'done' }],
  effects: [
    { title: 'Answer the thread', effect: { metric: { name: 'mention_rate' }, before: measure(10, [4.7, 20.1]), after: measure(40, [28.6, 52.6], true), verdict: 'improved', explanation: 'separate intervals' } },
    { title: 'Fix titles', effect: { metric: { name: 'mention_rate' }, before: measure(20, [11, 33]), after: null, verdict: 'pending', explanation: 'waiting' } },
  ],
};

export const SEO: SeoInput = {
  dashboard: {
    scoreDate: '2026-11-03', seoScoreBp: 7150, geoScoreBp: 4200, combinedScoreBp: 5380,
    components: [{ key: 'technical_health', available: true, points: 20, maximum: 30, percent: 66.7, unavailableReason: '' }, { key: 'search_performance', available: false, points: 0, maximum: 20, percent: 0, unavailableReason: 'gsc_not_connected' }],
    technicalChecks: [{ auditId: 'pev_1', code: 'description' }, { auditId: 'pev_2', code: 'llmsTxt' }],
  },
  refreshPages: 4, geoAnswers: 50,
  evaluations: [{ url: 'https://acme.example/', fetchedAt: '2026-11-03T10:00:00.000Z', status: 'complete', scores: { performance: 91, accessibility: 88, bestPractices: 100, seo: 92 } }],
};

/** Access logs over the fixture's period: verified and claimed agents, errors, referrals, pages counted from the second day. */
export const TRAFFIC: TrafficInput = {
  logsSent: true, pagesFrom: '2026-11-02',
  agentDays: [
    { agent: 'gptbot', operator: 'OpenAI', purpose: 'training', verification: 'verified', hits: 40, s4xx: 3, s5xx: 1 },
    { agent: 'gptbot', operator: 'OpenAI', purpose: 'training', verification: 'claimed', hits: 6, s4xx: 0, s5xx: 0 },
    { agent: 'perplexitybot', operator: 'Perplexity', purpose: 'search_index', verification: 'verified', hits: 25, s4xx: 5, s5xx: 0 },
    { agent: 'claudebot', operator: 'Anthropic', purpose: 'training', verification: 'claimed', hits: 9, s4xx: 0, s5xx: 1 },
    { agent: 'chatgpt-user', operator: 'OpenAI', purpose: 'user_fetch', verification: 'verified', hits: 4, s4xx: 0, s5xx: 0 },
  ],
  referrals: [
    { engine: 'chatgpt', path: '/pricing', visits: 7 }, { engine: 'chatgpt', path: '/', visits: 2 },
    { engine: 'perplexity', path: '/blog/guide', visits: 3 }, { engine: 'copilot', path: '/', visits: 1 },
  ],
  pages: [
    { path: '/pricing', verifiedHits: 30, verifiedErrors: 4, claimedHits: 2, agents: ['GPTBot', 'PerplexityBot'] },
    { path: '/blog/guide', verifiedHits: 12, verifiedErrors: 0, claimedHits: 0, agents: ['ChatGPT-User'] },
  ],
};

/** A report of `type` in `language`, from the fixtures above (an agency, a simulated engine). */
export function fixtureReport(type: ReportType, language: Language, more: Partial<ReportInput> = {}): ReportData {
  return buildReport({
    type, language, timeZone: 'Europe/Madrid', workspace: 'acme', periodFrom: '2026-11-01', periodTo: '2026-11-03', generatedAt: '2026-11-04T09:30:00.000Z',
    brand: { name: 'Acme', color: null, logo: null }, agency: { name: 'Northwind', logo: null, whiteLabel: false },
    simulatedEngines: ['chatgpt'], days, perEngine: perEngineDays.map((e) => ({ engine: e.engine, data: e.days.at(-1)!.data })), perEngineDays,
    recs: RECS, seo: SEO, domainClasses: { 'reddit.com': 'user_generated' }, traffic: trafficSections(TRAFFIC, '2026-11-01', '2026-11-03'),
    ...more,
  });
}

export const fixtureReports = (language: Language) => REPORT_TYPES.map((type) => fixtureReport(type, language));
