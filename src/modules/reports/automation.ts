import { eq } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { hasSchedule, scheduledWorkspaces } from '../schedules/schedules.reads.ts';
import { automationOf, keep, type Automation, type AutomationView } from './automation.fns.ts';
import type { ReportType } from './reports.fns.ts';
import { reportAutomation } from './reports.tables.ts';

// The stored choice of automatic reports and the reads the run's end and the weekly sweep make
// of it (the rule itself is automation.fns.ts).

export function createReportAutomation(deps: { db: Db; clock: Clock; made: readonly ReportType[] }) {
  const { db, made } = deps;
  const chosenIn = async (tx: Db, workspaceId: string): Promise<Automation | null> => {
    const [row] = await tx.select().from(reportAutomation).where(eq(reportAutomation.workspaceId, workspaceId));
    return row ? { afterRun: row.afterRun as ReportType[], weekly: row.weekly as ReportType[] } : null;
  };
  /** The automation in force. `tx`: the transaction that ends a run reads through it. */
  const inForce = async (workspaceId: string, tx: Db = db): Promise<AutomationView> => {
    const chosen = await chosenIn(tx, workspaceId);
    return automationOf(chosen, chosen ? false : await hasSchedule(tx, workspaceId), made);
  };
  return {
    get: inForce,
    /** Sets the workspace's choice: exactly the types given, for each moment. */
    async put(workspaceId: string, body: Automation): Promise<AutomationView> {
      const values = { afterRun: keep(body.afterRun, made), weekly: keep(body.weekly, made), updatedAt: deps.clock.now() };
      await db.insert(reportAutomation).values({ workspaceId, ...values }).onConflictDoUpdate({ target: reportAutomation.workspaceId, set: values });
      return inForce(workspaceId);
    },
    /** The types made after a run of the workspace, read in the run's closing transaction. */
    afterRun: async (tx: Db, workspaceId: string) => (await inForce(workspaceId, tx)).afterRun,
    /** Every workspace with weekly reports in force, and their types. */
    async weekly(): Promise<Map<string, ReportType[]>> {
      const [rows, scheduled] = await Promise.all([db.select().from(reportAutomation), scheduledWorkspaces(db)]);
      const out = new Map<string, ReportType[]>();
      const chosen = new Set(rows.map((r) => r.workspaceId));
      for (const r of rows) if (r.weekly.length) out.set(r.workspaceId, keep(r.weekly, made));
      for (const id of scheduled) if (!chosen.has(id)) out.set(id, automationOf(null, true, made).weekly);
      return out;
    },
  };
}
export type ReportAutomation = ReturnType<typeof createReportAutomation>;
