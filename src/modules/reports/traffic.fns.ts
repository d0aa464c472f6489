import { wilson } from '../scores/scores.fns.ts';
import { msg, type MessageKey, type Msg } from './messages.fns.ts';
import type { Cell, Column, ColumnKind, Figure, Section } from './reports.fns.ts';

// The workspace report's "AI crawlers and referrals" pages, from the access logs the workspace
// sent (docs/traffic.md): verified hits per operator and purpose with their error share, the
// pages verified crawlers fetched most, and the visits AI answers referred, per engine.
// Verified (the operator's published addresses) and claimed (the user agent alone) are kept
// apart everywhere: a claimed hit may be a spoofer and is never added to the verified ones.
// Types are declared here, not imported from the traffic module, whose views already import
// this module's CSV cell (a type import back would be an import circle).

/** A row of `GET …/traffic/agents` (the daily aggregates). */
export interface AgentDayRow { agent: string; operator: string; purpose: string; verification: 'verified' | 'claimed'; hits: number; s4xx: number; s5xx: number }
/** A row of `GET …/traffic/referrals`. */
export interface ReferralRow { engine: string; path: string; visits: number }
export interface TrafficPage { path: string; verifiedHits: number; verifiedErrors: number; claimedHits: number; agents: string[] }

export interface TrafficInput {
  /** Whether the workspace ever sent a log: without one the report has no traffic pages at all. */
  logsSent: boolean;
  agentDays: AgentDayRow[];
  referrals: ReferralRow[];
  /** The pages with the most verified hits in the days `pagesFrom`…period end (raw hits, kept for the retention). */
  pages: TrafficPage[];
  pagesFrom: string;
}

const col = (key: MessageKey, kind: ColumnKind = 'text'): Column => ({ label: msg(key), kind });
/** An error share and its interval exist only where a verified agent fetched. */
const errorCols = (): Column[] => [{ ...col('col.errorShare', 'percent'), missing: msg('note.noVerified') }, { ...col('col.errorInterval', 'interval'), missing: msg('note.noVerified') }];
const PURPOSE: Record<string, Msg> = { training: msg('term.training'), search_index: msg('term.searchIndex'), user_fetch: msg('term.userFetch') };
const DAY = 86_400_000;
const days = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY) + 1;

/** k of n as a percentage with its Wilson interval; no figure without hits. */
const share = (k: number, n: number): [number | null, [number, number] | null] => (n ? [Math.round((1000 * k) / n) / 10, wilson(k, n)] : [null, null]);

function crawlers(rows: AgentDayRow[], referred: number): Section {
  const groups = new Map<string, { operator: string; purpose: string; verified: number; errors: number; claimed: number }>();
  for (const r of rows) {
    const key = `${r.operator}\u0000${r.purpose}`;
    const g = groups.get(key) ?? { operator: r.operator, purpose: r.purpose, verified: 0, errors: 0, claimed: 0 };
    if (r.verification === 'verified') {
      g.verified += r.hits;
      g.errors += r.s4xx + r.s5xx;
    } else g.claimed += r.hits;
    groups.set(key, g);
  }
  const list = [...groups.values()].sort((a, b) => b.verified - a.verified || b.claimed - a.claimed || a.operator.localeCompare(b.operator));
  const verified = list.reduce((s, g) => s + g.verified, 0);
  const errors = list.reduce((s, g) => s + g.errors, 0);
  const claimed = list.reduce((s, g) => s + g.claimed, 0);
  const all = verified + claimed;
  const [errorShare, errorInterval] = share(errors, verified);
  const figures: Figure[] = [
    { label: msg('label.verifiedHits'), value: verified, unit: 'count', n: all, interval: null, note: msg('note.verifiedHits') },
    { label: msg('label.claimedHits'), value: claimed, unit: 'count', n: all, interval: null, note: msg('note.claimedHits') },
    { label: msg('label.errorShare'), value: errorShare, unit: '%', n: verified, interval: errorInterval, note: verified ? msg('note.hitsOf', { k: errors, n: verified }) : msg('note.noVerified') },
    { label: msg('label.referredVisits'), value: referred, unit: 'count', n: referred, interval: null, note: msg('note.referredVisits') },
  ];
  return {
    heading: msg('heading.traffic'), figures,
    table: {
      // Operator and purpose together name a row (OpenAI trains with one agent and searches with another).
      labelColumns: 2,
      columns: [col('col.operator'), col('col.purpose'), col('col.verifiedHits', 'count'), ...errorCols(), col('col.claimedHits', 'count')],
      rows: list.map((g): Cell[] => [g.operator, PURPOSE[g.purpose] ?? g.purpose, g.verified, ...share(g.errors, g.verified), g.claimed]),
    },
  };
}

function pages(input: TrafficInput, periodFrom: string, periodTo: string): Section {
  const from = input.pagesFrom > periodFrom ? input.pagesFrom : periodFrom;
  // Raw hits before the retention window are gone: say how much of the period the table counts.
  const note = from > periodFrom ? msg('note.pagesKept', { kept: from > periodTo ? 0 : days(from, periodTo), days: days(periodFrom, periodTo) }) : undefined;
  return {
    heading: msg('heading.trafficPages'), figures: [], ...(note ? { note } : {}),
    ...(input.pages.length
      ? {
        table: {
          columns: [col('col.page'), col('col.verifiedHits', 'count'), ...errorCols(), col('col.agents'), col('col.claimedHits', 'count')],
          rows: input.pages.map((p): Cell[] => [p.path, p.verifiedHits, ...share(p.verifiedErrors, p.verifiedHits), p.agents.join(', '), p.claimedHits]),
        },
      }
      : { unavailable: msg('na.noTrafficPages') }),
  };
}

function referrals(rows: ReferralRow[]): Section {
  const byEngine = new Map<string, { visits: number; paths: Map<string, number> }>();
  for (const r of rows) {
    const e = byEngine.get(r.engine) ?? { visits: 0, paths: new Map() };
    e.visits += r.visits;
    e.paths.set(r.path, (e.paths.get(r.path) ?? 0) + r.visits);
    byEngine.set(r.engine, e);
  }
  const total = rows.reduce((s, r) => s + r.visits, 0);
  const list = [...byEngine].map(([engine, e]) => {
    const [path, visits] = [...e.paths].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
    return { engine, visits: e.visits, top: path, topVisits: visits };
  }).sort((a, b) => b.visits - a.visits || a.engine.localeCompare(b.engine));
  if (!list.length) return { heading: msg('heading.trafficReferrals'), figures: [], unavailable: msg('na.noReferrals') };
  return {
    heading: msg('heading.trafficReferrals'), figures: [],
    bars: list.map((e) => ({ label: e.engine, value: e.visits })), barUnit: 'count', barKind: 'engine',
    table: {
      columns: [col('col.engine', 'engine'), col('col.visits', 'count'), col('col.share', 'percent'), col('col.shareInterval', 'interval'), col('col.topLanding'), col('col.topLandingVisits', 'count')],
      rows: list.map((e): Cell[] => [e.engine, e.visits, ...share(e.visits, total), e.top, e.topVisits]),
    },
  };
}

/**
 * The traffic pages of a report over `periodFrom`…`periodTo`: none when the workspace never sent
 * a log (a client report does not advertise a source its agency does not use), one line when the
 * logs hold nothing for the period, else the three sections.
 */
export function trafficSections(input: TrafficInput | undefined, periodFrom: string, periodTo: string): Section[] {
  if (!input?.logsSent) return [];
  if (!input.agentDays.length && !input.referrals.length) return [{ heading: msg('heading.traffic'), figures: [], unavailable: msg('na.noTraffic') }];
  const referred = input.referrals.reduce((s, r) => s + r.visits, 0);
  return [crawlers(input.agentDays, referred), pages(input, periodFrom, periodTo), referrals(input.referrals)];
}
