import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import { idempotencyKeys } from '../../lib/idempotency/idempotency.tables.ts';
import { OPEN_STATUSES, type Status } from './lifecycle.fns.ts';
import { recommendationDrafts, recommendations, recommendationTransitions } from './recs.tables.ts';

export type RecRow = typeof recommendations.$inferSelect;
export type TransitionRow = typeof recommendationTransitions.$inferSelect;
export type DraftRow = typeof recommendationDrafts.$inferSelect;
export const TRANSITION_SCOPE = 'recs.transition';

/** A unique violation, however the driver wraps it (node-postgres, PGlite, drizzle's query error). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

export const recsRepo = {
  list: (db: Db, workspaceId: string) =>
    db.select().from(recommendations).where(eq(recommendations.workspaceId, workspaceId))
      .orderBy(desc(recommendations.priority), desc(recommendations.createdAt), desc(recommendations.id)),

  async get(db: Db, workspaceId: string, id: string): Promise<RecRow | null> {
    const [row] = await db.select().from(recommendations).where(and(eq(recommendations.id, id), eq(recommendations.workspaceId, workspaceId)));
    return row ?? null;
  },

  openItems: (db: Db, workspaceId: string) =>
    db.select({ topic: recommendations.topic, lane: recommendations.lane }).from(recommendations)
      .where(and(eq(recommendations.workspaceId, workspaceId), inArray(recommendations.status, [...OPEN_STATUSES]))),

  /** New items; a topic opened meanwhile by another generation is skipped by the partial unique index. */
  insertNew: (db: Db, rows: Array<typeof recommendations.$inferInsert>) =>
    rows.length ? db.insert(recommendations).values(rows).onConflictDoNothing().returning({ id: recommendations.id }) : Promise.resolve([]),

  /** The compare-and-swap: the row moves only if it is still at the status and version the caller read. */
  async compareAndSwap(tx: Db, id: string, expected: { status: Status; version: number }, set: Partial<typeof recommendations.$inferInsert>) {
    const [row] = await tx.update(recommendations)
      .set({ ...set, stateVersion: sql`${recommendations.stateVersion} + 1` })
      .where(and(eq(recommendations.id, id), eq(recommendations.status, expected.status), eq(recommendations.stateVersion, expected.version)))
      .returning();
    return row ?? null;
  },

  insertTransition: (tx: Db, row: typeof recommendationTransitions.$inferInsert) => tx.insert(recommendationTransitions).values(row),

  async transition(db: Db, id: string): Promise<TransitionRow | null> {
    const [row] = await db.select().from(recommendationTransitions).where(eq(recommendationTransitions.id, id));
    return row ?? null;
  },

  history: (db: Db, recId: string) =>
    db.select().from(recommendationTransitions).where(eq(recommendationTransitions.recId, recId)).orderBy(asc(recommendationTransitions.createdAt), asc(recommendationTransitions.version)),

  async idempotencyRecord(db: Db, workspaceId: string, key: string) {
    const [row] = await db.select().from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.workspaceId, workspaceId), eq(idempotencyKeys.scope, TRANSITION_SCOPE), eq(idempotencyKeys.key, key)));
    return row ?? null;
  },

  async draft(db: Db, recId: string, id: string): Promise<DraftRow | null> {
    const [row] = await db.select().from(recommendationDrafts).where(and(eq(recommendationDrafts.id, id), eq(recommendationDrafts.recId, recId)));
    return row ?? null;
  },

  drafts: (db: Db, recId: string) =>
    db.select().from(recommendationDrafts).where(eq(recommendationDrafts.recId, recId)).orderBy(asc(recommendationDrafts.version)),

  /** Stores a draft as the next version and makes it the item's current draft, in one transaction. */
  insertDraft: (db: Db, row: Omit<typeof recommendationDrafts.$inferInsert, 'version'>) =>
    db.transaction(async (tx) => {
      // Lock the item: two drafts at once get consecutive versions, not a unique violation.
      await tx.execute(sql`select 1 from ${recommendations} where ${recommendations.id} = ${row.recId} for update`);
      const [{ next }] = (await tx.select({ next: sql<number>`coalesce(max(${recommendationDrafts.version}), 0)::int + 1` })
        .from(recommendationDrafts).where(eq(recommendationDrafts.recId, row.recId))) as [{ next: number }];
      const [draft] = await tx.insert(recommendationDrafts).values({ ...row, version: next }).returning();
      await tx.update(recommendations).set({ currentDraftId: row.id, updatedAt: row.createdAt }).where(eq(recommendations.id, row.recId));
      return draft!;
    }),
};
