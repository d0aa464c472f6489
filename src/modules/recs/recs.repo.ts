import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { rawRows, type Db } from '../../lib/db.ts';
import { idempotencyKeys } from '../../lib/idempotency/idempotency.tables.ts';
import { OPEN_STATUSES, type Status } from './lifecycle.fns.ts';
import { recommendationDrafts, recommendations, recommendationTransitions } from './recs.tables.ts';

export type RecRow = typeof recommendations.$inferSelect;
export type TransitionRow = typeof recommendationTransitions.$inferSelect;
export type DraftRow = typeof recommendationDrafts.$inferSelect;
export const TRANSITION_SCOPE = 'recs.transition';

/** The constraint of a unique violation, however the driver wraps it (node-postgres, PGlite, drizzle), or null. */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return e.constraint ?? /"([^"]+)"/.exec(e.message ?? '')?.[1] ?? 'unknown';
  }
  return null;
}

export const recsRepo = {
  list: (db: Db, workspaceId: string) =>
    db.select().from(recommendations).where(eq(recommendations.workspaceId, workspaceId))
      .orderBy(desc(recommendations.priority), desc(recommendations.createdAt), desc(recommendations.id)),

  /** The workspace's transitions in [from, to), oldest first (the recommendations report). */
  transitionsBetween: (db: Db, workspaceId: string, from: Date, to: Date) =>
    db.select({ recId: recommendationTransitions.recId, action: recommendationTransitions.action, toStatus: recommendationTransitions.toStatus, createdAt: recommendationTransitions.createdAt })
      .from(recommendationTransitions)
      .where(and(eq(recommendationTransitions.workspaceId, workspaceId), gte(recommendationTransitions.createdAt, from), lt(recommendationTransitions.createdAt, to)))
      .orderBy(asc(recommendationTransitions.createdAt)),

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

  /**
   * The whole transition as ONE statement (atomic without an explicit transaction): the
   * compare-and-swap on (status, version), the idempotency claim and the history row. Returns the
   * moved row's new version and current draft, or null when the row was not at the expected state.
   * A key claimed meanwhile by another request fails the statement with a unique violation on
   * the idempotency key's primary key, and nothing of it is kept.
   */
  async transitionAtomically(db: Db, t: {
    id: string; workspaceId: string; expected: { status: Status; version: number };
    set: { status: Status; restoreStatus: Status | null; updatedAt: Date; baseline?: unknown; doneAt?: Date | null };
    transition: Omit<typeof recommendationTransitions.$inferInsert, 'recId' | 'workspaceId' | 'version' | 'response' | 'createdAt'>;
    requestHash: string; response: Record<string, unknown>;
  }): Promise<{ version: number; currentDraftId: string | null } | null> {
    const now = t.set.updatedAt.toISOString();
    const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
    const tr = t.transition;
    const rows = await rawRows<{ version: number; current_draft_id: string | null }>(db, sql`
      with moved as (
        update recommendations set status = ${t.set.status}, state_version = state_version + 1, restore_status = ${t.set.restoreStatus}, updated_at = ${now}::timestamptz
          ${t.set.baseline === undefined ? sql`` : sql`, baseline = ${json(t.set.baseline)}::jsonb`}
          ${t.set.doneAt === undefined ? sql`` : sql`, done_at = ${t.set.doneAt?.toISOString() ?? null}::timestamptz`}
        where id = ${t.id} and workspace_id = ${t.workspaceId} and status = ${t.expected.status} and state_version = ${t.expected.version}
        returning id, state_version, current_draft_id
      ), claim as (
        insert into idempotency_keys (workspace_id, scope, key, request_hash, resource_id, created_at)
        select ${t.workspaceId}, ${TRANSITION_SCOPE}, ${tr.idempotencyKey}, ${t.requestHash}, ${tr.id}, ${now}::timestamptz from moved
      ), logged as (
        insert into recommendation_transitions (id, rec_id, workspace_id, action, from_status, to_status, version, note, review_evidence, visibility_snapshot, draft_id, compliance_approved, idempotency_key, actor, response, created_at)
        select ${tr.id}, moved.id, ${t.workspaceId}, ${tr.action}, ${tr.fromStatus}, ${tr.toStatus}, moved.state_version, ${tr.note ?? null}, ${json(tr.reviewEvidence)}::jsonb,
          ${json(tr.visibilitySnapshot)}::jsonb, ${tr.draftId ?? null}, ${tr.complianceApproved}, ${tr.idempotencyKey}, ${tr.actor ?? null},
          jsonb_set(${JSON.stringify(t.response)}::jsonb, '{current_draft_id}', coalesce(to_jsonb(moved.current_draft_id), 'null'::jsonb)), ${now}::timestamptz
        from moved
      )
      select state_version as version, current_draft_id from moved`);
    const row = rows[0];
    return row ? { version: Number(row.version), currentDraftId: row.current_draft_id } : null;
  },

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
