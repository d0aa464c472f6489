import type { Language } from '../../lib/format/format.ts';
import { significant } from '../scores/scores.fns.ts';
import type { Branding, ReportData } from '../reports/reports.fns.ts';

// The agency portfolio as data: every client the account reaches, each as its visibility
// summary (the same figures as the client's own report and the score endpoint), and the first
// page's comparison rows derived from them. Rendering is in portfolio.render.fns.ts.

/** One client on the comparison page. */
export interface ClientRow {
  workspace: string; name: string;
  /** The period's last measured day: the score endpoint's body for it (score, 95% interval, n). */
  day: string | null; score: number | null; interval: [number, number] | null; n: number;
  /** First to last measured day of the period; `significant` by the alerts' test (the 95% intervals do not overlap). */
  change: { firstDay: string; from: number; to: number; significant: boolean } | null;
  rank: number | null; of: number;
  shareOfVoice: number | null;
  topCompetitor: { name: string; shareOfVoice: number | null } | null;
  simulatedShare: number | null;
  /** The methodology stamp of the client's period (its report's), null before any measurement. */
  stamp: ReportData['stamp'];
}

export interface PortfolioData {
  type: 'portfolio'; periodFrom: string; periodTo: string; generatedAt: string; language: Language; timeZone: string;
  agency: Branding['agency'];
  simulated: boolean; simulatedEngines: string[];
  /** Whose answers came from simulated engines: every measured client's (`all`), some of them, or none. */
  simulatedClients: SimulatedClients;
  /** Clients by score, highest first (unmeasured ones last, by name). */
  rows: ClientRow[];
  /** Each client's visibility summary, in the order of `rows`. */
  clients: Array<{ workspace: string; report: ReportData }>;
}

export function clientRow(workspace: string, r: ReportData): ClientRow {
  const points = r.series.composite.filter((p) => p.value !== null);
  const first = points[0], last = points.at(-1);
  const brand = r.scoreboard?.find((e) => e.kind === 'brand') ?? null;
  const rival = r.scoreboard?.filter((e) => e.kind === 'competitor').sort((a, b) => a.rank - b.rank)[0] ?? null;
  return {
    workspace, name: r.brand.name,
    day: r.score?.date ?? null, score: r.score ? r.score.score : null, interval: r.score?.interval ?? null, n: r.score?.n ?? 0,
    change: first && last && first.day !== last.day
      ? { firstDay: first.day, from: first.value!, to: last.value!, significant: significant(first.interval, last.interval) }
      : null,
    rank: r.summary.latest?.rank ?? null, of: r.summary.latest?.of ?? 0,
    shareOfVoice: brand?.shareOfVoice ?? null,
    topCompetitor: rival && { name: rival.name, shareOfVoice: rival.shareOfVoice },
    simulatedShare: r.simulatedShare, stamp: r.stamp ?? null,
  };
}

const byScore = (a: ClientRow, b: ClientRow) => (b.score ?? -1) - (a.score ?? -1) || a.name.localeCompare(b.name);

/**
 * Who sends the portfolio: the agency most clients name in their report settings (its logo with
 * it); white-label when any of those clients asks for it, so no client's wish is overridden.
 */
export function portfolioAgency(reports: ReportData[]): Branding['agency'] {
  const named = reports.filter((r) => r.agency.name);
  const counts = new Map<string, number>();
  for (const r of named) counts.set(r.agency.name!, (counts.get(r.agency.name!) ?? 0) + 1);
  const name = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
  const same = named.filter((r) => r.agency.name === name);
  return {
    name, logo: same.find((r) => r.agency.logo)?.agency.logo ?? null,
    whiteLabel: (name ? same : reports).some((r) => r.agency.whiteLabel),
  };
}

/** The most common value (ties: the first seen), or the fallback for an empty list. */
export function commonest<T>(values: T[], fallback: T): T {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? fallback;
}

export type SimulatedClients = 'all' | 'some' | 'none';

/**
 * `all` when every client with answers had only simulated ones (the banner then says so rather
 * than "some"), `none` when no client had any, `some` otherwise; clients without answers in the
 * period say nothing either way.
 */
export function simulatedClients(shares: ReadonlyArray<number | null>): SimulatedClients {
  const measured = shares.filter((s): s is number => s !== null);
  if (!measured.some((s) => s > 0)) return 'none';
  return measured.every((s) => s >= 1) ? 'all' : 'some';
}

export function buildPortfolio(input: {
  periodFrom: string; periodTo: string; generatedAt: string; language: Language; timeZone: string;
  clients: Array<{ workspace: string; report: ReportData }>;
}): PortfolioData {
  const rows = input.clients.map((c) => clientRow(c.workspace, c.report)).sort(byScore);
  const order = new Map(rows.map((r, i) => [r.workspace, i]));
  const clients = [...input.clients].sort((a, b) => order.get(a.workspace)! - order.get(b.workspace)!);
  const simulatedEngines = [...new Set(clients.flatMap((c) => c.report.simulatedEngines))].sort();
  return {
    type: 'portfolio', periodFrom: input.periodFrom, periodTo: input.periodTo, generatedAt: input.generatedAt,
    language: input.language, timeZone: input.timeZone, agency: portfolioAgency(clients.map((c) => c.report)),
    simulated: simulatedEngines.length > 0, simulatedEngines,
    simulatedClients: simulatedClients(rows.map((r) => r.simulatedShare)), rows, clients,
  };
}

export const PORTFOLIO_CSV_COLUMNS = [
  'client', 'workspace', 'day', 'score', 'interval_low', 'interval_high', 'n', 'first_day', 'first_score', 'change_significant',
  'rank', 'of', 'share_of_voice', 'top_competitor', 'top_competitor_share_of_voice', 'simulated_share', 'grade',
] as const;

/** One CSV row per client: raw numbers with their interval columns, ISO days (the comparison page as data). */
export function portfolioCsvRows(p: PortfolioData): Array<Array<string | number | boolean | null>> {
  return p.rows.map((r) => [
    r.name, r.workspace, r.day, r.score, r.interval?.[0] ?? null, r.interval?.[1] ?? null, r.n,
    r.change?.firstDay ?? null, r.change?.from ?? null, r.change?.significant ?? null,
    r.rank, r.of, r.shareOfVoice, r.topCompetitor?.name ?? null, r.topCompetitor?.shareOfVoice ?? null, r.simulatedShare, r.stamp?.grade ?? null,
  ]);
}
