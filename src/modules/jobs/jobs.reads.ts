import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import { jobs } from './jobs.tables.ts';

// Read access to finished jobs for other modules (the runs module's window of latest measurement
// runs), so that they never import the jobs table.

/** Succeeded jobs of one kind, newest start first, finished in (after, until]. */
export function succeededJobs(db: Db, q: { workspaceId: string; kind: string; after?: Date; until?: Date; limit: number }) {
  return db.select({ id: jobs.id, finishedAt: jobs.finishedAt }).from(jobs)
    .where(and(
      eq(jobs.workspaceId, q.workspaceId), eq(jobs.kind, q.kind), eq(jobs.status, 'succeeded'),
      ...(q.after ? [gt(jobs.finishedAt, q.after)] : []), ...(q.until ? [lte(jobs.finishedAt, q.until)] : []),
    ))
    .orderBy(desc(jobs.startedAt)).limit(q.limit);
}
