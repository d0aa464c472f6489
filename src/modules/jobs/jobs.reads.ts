import { and, count, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import { jobs } from './jobs.tables.ts';

// Read access to jobs for other modules (the runs module's window of latest measurement runs,
// the sources module's one run, the metrics' running jobs), so that they never import the jobs table.

/** Succeeded jobs of one kind, newest start first, finished in (after, until]. */
export function succeededJobs(db: Db, q: { workspaceId: string; kind: string; after?: Date; until?: Date; limit: number }) {
  return db.select({ id: jobs.id, finishedAt: jobs.finishedAt }).from(jobs)
    .where(and(
      eq(jobs.workspaceId, q.workspaceId), eq(jobs.kind, q.kind), eq(jobs.status, 'succeeded'),
      ...(q.after ? [gt(jobs.finishedAt, q.after)] : []), ...(q.until ? [lte(jobs.finishedAt, q.until)] : []),
    ))
    .orderBy(desc(jobs.startedAt)).limit(q.limit);
}

/** One job of a kind in a workspace, or undefined. */
export async function jobOfKind(db: Db, q: { workspaceId: string; kind: string; id: string }) {
  const [row] = await db.select({ id: jobs.id, finishedAt: jobs.finishedAt, startedAt: jobs.startedAt }).from(jobs)
    .where(and(eq(jobs.workspaceId, q.workspaceId), eq(jobs.id, q.id), eq(jobs.kind, q.kind)));
  return row;
}

/** Running jobs fleet-wide by kind, through the partial index on running rows. */
export function runningJobsByKind(db: Db) {
  return db.select({ kind: jobs.kind, n: count() }).from(jobs).where(eq(jobs.status, 'running')).groupBy(jobs.kind);
}
