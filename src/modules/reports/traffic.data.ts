import type { WorkspaceContext } from '../../lib/http/types.ts';
import { trafficSections, type AgentDayRow, type ReferralRow, type TrafficPage } from './traffic.fns.ts';
import type { Section } from './reports.fns.ts';

// Where the report's traffic pages come from: the traffic module's daily views (the very rows
// `GET …/traffic/agents` and `…/traffic/referrals` answer for the period) and its report reads
// (the period's most fetched pages from the raw hits, whether logs were ever sent). Wired in
// startup/modules.ts; a build without the traffic module simply has no traffic pages.

export interface TrafficReads {
  agentsDaily(ws: WorkspaceContext, q: { from: string; to: string }): Promise<AgentDayRow[]>;
  referrals(ws: WorkspaceContext, q: { from: string; to: string }): Promise<ReferralRow[]>;
  topPages(workspaceId: string, from: string, to: string): Promise<TrafficPage[]>;
  logsSent(workspaceId: string): Promise<boolean>;
  /** The first day whose raw hits are still kept (the retention). */
  keptSince(workspaceId: string): Promise<string>;
}

/** The period's traffic pages (traffic.fns.ts); none when no log was ever sent. */
export async function trafficPages(reads: TrafficReads | undefined, ws: WorkspaceContext, from: string, to: string): Promise<Section[]> {
  if (!reads || !(await reads.logsSent(ws.id))) return [];
  const [agentDays, referrals, keptSince] = await Promise.all([reads.agentsDaily(ws, { from, to }), reads.referrals(ws, { from, to }), reads.keptSince(ws.id)]);
  const pagesFrom = keptSince > from ? keptSince : from;
  // A period wholly before the retention window has no raw hits left to count pages from.
  const pages = pagesFrom <= to ? await reads.topPages(ws.id, pagesFrom, to) : [];
  return trafficSections({ logsSent: true, agentDays, referrals, pages, pagesFrom }, from, to);
}
