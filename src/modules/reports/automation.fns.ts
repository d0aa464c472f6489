import type { ReportType } from './reports.fns.ts';

// Which reports the service makes by itself (docs/reports.md, "Automatic reports"): opt-in per
// type and per moment. Until a workspace chooses, nothing is made after a run (a run made five
// reports each before, and three runs a day filled the list with fifteen nobody asked for), and
// the weekly visibility summary is made only once the workspace measures on a schedule, when a
// weekly summary has a week of runs to speak of.

export interface Automation { afterRun: ReportType[]; weekly: ReportType[] }
export interface AutomationView extends Automation {
  /** False while the workspace has not chosen: the defaults above apply. */
  chosen: boolean;
}

/** The automation in force: the workspace's choice, else the defaults for its schedule. */
export function automationOf(chosen: Automation | null, scheduled: boolean, made: readonly ReportType[]): AutomationView {
  if (chosen) return { afterRun: keep(chosen.afterRun, made), weekly: keep(chosen.weekly, made), chosen: true };
  return { afterRun: [], weekly: scheduled ? ['visibility_summary'] : [], chosen: false };
}

/** The types as chosen, once each, in the catalogue's order, without those the service cannot make. */
export function keep(types: readonly string[], made: readonly ReportType[]): ReportType[] {
  const wanted = new Set(types);
  return made.filter((t) => wanted.has(t));
}
