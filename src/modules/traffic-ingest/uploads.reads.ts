import { eq } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import { trafficUploads } from './ingest.tables.ts';

/** Whether the workspace ever sent a log (an upload or a drain push), whatever it held. */
export async function logsReceived(db: Db, workspaceId: string): Promise<boolean> {
  const [row] = await db.select({ id: trafficUploads.id }).from(trafficUploads).where(eq(trafficUploads.workspaceId, workspaceId)).limit(1);
  return Boolean(row);
}
