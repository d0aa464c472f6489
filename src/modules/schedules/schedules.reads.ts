import { eq } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import { schedules } from './schedules.tables.ts';

// Reads other modules make of schedules: whether a workspace measures on a schedule (the reports
// make a weekly summary by default only then: docs/reports.md "Automatic reports").

/** True when the workspace has a measurement schedule. `db` may be a transaction. */
export async function hasSchedule(db: Db, workspaceId: string): Promise<boolean> {
  const [row] = await db.select({ id: schedules.id }).from(schedules).where(eq(schedules.workspaceId, workspaceId));
  return Boolean(row);
}

/** Every workspace that has a measurement schedule. */
export async function scheduledWorkspaces(db: Db): Promise<string[]> {
  return (await db.select({ workspaceId: schedules.workspaceId }).from(schedules)).map((r) => r.workspaceId);
}
