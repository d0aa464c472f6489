import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { preparedRows, rawRows, type Db } from '../../lib/db.ts';
import { idempotencyKeys } from '../../lib/idempotency/idempotency.tables.ts';
import { proportionOfMetricSql } from '../runs/runs.reads.ts';
import { OPEN_STATUSES, type Action, type Status } from './lifecycle.fns.ts';
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
  /** Items acted on (todo, in_review, or done within `doneSince`) whose baseline was taken: their effect tests are pending. */
  effectTests: (db: Db, workspaceId: string, doneSince: Date) =>
    db.select({ id: recommendations.id, baseline: recommendations.baseline }).from(recommendations).where(and(
      eq(recommendations.workspaceId, workspaceId), sql`${recommendations.baseline} is not null`,
      sql`(${recommendations.status} in ('todo', 'in_review') or (${recommendations.status} = 'done' and ${recommendations.doneAt} >= ${doneSince.toISOString()}::timestamptz))`,
    )),
  insertNew: (db: Db, rows: Array<typeof recommendations.$inferInsert>) =>
    rows.length ? db.insert(recommendations).values(rows).onConflictDoNothing().returning({ id: recommendations.id }) : Promise.resolve([]),

  /**
   * A transition as the ONE statement of the common path, decided against the state the client
   * expects rather than a row read beforehand: the compare-and-swap (which also requires what the
   * table cannot see from the request — no compliance flag unless approved, the draft belongs to
   * the item), the target of `reopen`/`restore` from the row's restore status, the acceptance
   * snapshot of a runs metric over the window of latest runs, the idempotency claim and the history
   * row holding the response, which is built here from the moved row. Null when the row was not
   * moved (missing, stale, not allowed, compliance, foreign draft): the caller then reads and
   * explains. A key claimed meanwhile fails the whole statement with a unique violation.
   */
  async transitionInOneStatement(db: Db, t: {
    id: string; workspaceId: string; action: Action; expected: { status: Status; version: number };
    /** The table's target; 'restore' means the row's restore status (`proposed` without one). */
    to: Status | 'restore'; restoreStatus: Status | null; complianceGated: boolean; snapshot: boolean; now: Date;
    transition: Pick<typeof recommendationTransitions.$inferInsert, 'id' | 'note' | 'reviewEvidence' | 'visibilitySnapshot' | 'draftId' | 'complianceApproved' | 'idempotencyKey' | 'actor'>;
    requestHash: string;
  }): Promise<{ response: Record<string, unknown>; metricSource: string | null } | null> {
    const now = t.now.toISOString();
    const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
    const tr = t.transition;
    const to = t.to === 'restore' ? sql`coalesce(r.restore_status, 'proposed')` : sql`${t.to}::text`;
    const iso = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    // A runs metric is snapshotted with its n; the interval is derived from k and n when read.
    const snapshot = sql`(select case when m.window_to is null
        then jsonb_build_object('metric', r.evidence->'metric', 'measurement', null, 'reason', jsonb_build_object('key', 'recs.effect.why.noRun'))
        else jsonb_build_object('metric', r.evidence->'metric', 'measurement', jsonb_build_object('k', m.k, 'n', m.n, 'observedAt', ${iso(sql`m.window_to`)}, 'runId', m.run_id, 'simulated', m.simulated)) end
      from ${proportionOfMetricSql(t.workspaceId, sql`r.evidence->'metric'`, { until: sql`${now}::timestamptz` })} m)`;
    const rows = await preparedRows<{ response: Record<string, unknown> | string; metric_source: string | null }>(db, 'recs_transition', sql`
      with moved as (
        update recommendations r set status = ${to}, state_version = r.state_version + 1, restore_status = ${t.restoreStatus}, updated_at = ${now}::timestamptz,
          done_at = case when ${to} = 'todo' then null ${t.expected.status === 'in_review' ? sql`when ${to} = 'done' then ${now}::timestamptz` : sql``} else r.done_at end
          ${t.snapshot ? sql`, baseline = case when r.evidence->'metric'->>'source' = 'runs' then ${snapshot} else r.baseline end` : sql``}
        where r.id = ${t.id} and r.workspace_id = ${t.workspaceId} and r.status = ${t.expected.status} and r.state_version = ${t.expected.version}
          ${t.complianceGated ? sql`and not r.compliance_flag` : sql``}
          ${tr.draftId ? sql`and exists (select 1 from recommendation_drafts d where d.id = ${tr.draftId} and d.rec_id = r.id)` : sql``}
        returning r.*
      ), view as (
        select moved.id, moved.state_version, moved.status, moved.evidence->'metric'->>'source' as metric_source, jsonb_build_object(
          'rec_id', moved.id, 'type', moved.type, 'topic', moved.topic, 'title', moved.title, 'rationale', moved.rationale, 'evidence', moved.evidence, 'scores', moved.scores,
          'state_version', moved.state_version, 'compliance_flag', moved.compliance_flag, 'current_draft_id', moved.current_draft_id, 'status', moved.status, 'lane', moved.lane,
          'writtenBy', moved.written_by, 'createdAt', ${iso(sql`moved.created_at`)}, 'updatedAt', ${iso(sql`moved.updated_at`)}) as response
        from moved
      ), claim as (
        insert into idempotency_keys (workspace_id, scope, key, request_hash, resource_id, created_at)
        select ${t.workspaceId}, ${TRANSITION_SCOPE}, ${tr.idempotencyKey}, ${t.requestHash}, ${tr.id}, ${now}::timestamptz from view
      ), logged as (
        insert into recommendation_transitions (id, rec_id, workspace_id, action, from_status, to_status, version, note, review_evidence, visibility_snapshot, draft_id, compliance_approved, idempotency_key, actor, response, created_at)
        select ${tr.id}, view.id, ${t.workspaceId}, ${t.action}, ${t.expected.status}, view.status, view.state_version, ${tr.note ?? null}, ${json(tr.reviewEvidence)}::jsonb,
          ${json(tr.visibilitySnapshot)}::jsonb, ${tr.draftId ?? null}, ${tr.complianceApproved ?? false}, ${tr.idempotencyKey}, ${tr.actor ?? null}, view.response, ${now}::timestamptz
        from view
      )
      select response, metric_source from view`);
    const row = rows[0];
    if (!row) return null;
    return { response: typeof row.response === 'string' ? JSON.parse(row.response) : row.response, metricSource: row.metric_source };
  },

  /**
   * The done items with what their effect needs, and the after-value of each runs metric (the
   * window of runs finished after it was done) computed in the same read.
   */
  async doneWithAfter(db: Db, workspaceId: string) {
    const rows = await rawRows<{ id: string; title: string; written_by: string; status: Status; baseline: unknown; done_at: string | Date | null; evidence: RecRow['evidence']; k: number | null; n: number | null; simulated: boolean | null; window_to: string | Date | null; run_id: string | null }>(db, sql`
      select r.id, r.title, r.written_by, r.status, r.baseline, r.done_at, r.evidence, m.k, m.n, m.simulated, m.window_to, m.run_id
      from recommendations r
      left join lateral ${proportionOfMetricSql(workspaceId, sql`r.evidence->'metric'`, { after: sql`r.done_at` })} m
        on r.evidence->'metric'->>'source' = 'runs' and r.done_at is not null and r.baseline is not null
      where r.workspace_id = ${workspaceId} and r.status = 'done'
      order by r.priority desc, r.created_at desc, r.id desc`);
    const date = (v: string | Date | null) => (v === null ? null : new Date(v));
    return rows.map((r) => ({
      id: r.id, title: r.title, writtenBy: r.written_by, status: r.status, baseline: (typeof r.baseline === 'string' ? JSON.parse(r.baseline) : r.baseline) as RecRow['baseline'],
      doneAt: date(r.done_at), evidence: typeof r.evidence === 'string' ? JSON.parse(r.evidence as unknown as string) : r.evidence,
      after: r.window_to === null || r.k === null ? null : { k: Number(r.k), n: Number(r.n), simulated: Boolean(r.simulated), to: date(r.window_to)!, runId: r.run_id! },
    }));
  },

  /** The prompts each item that was acted on (todo, in review, done) targets: what a holdout leaves out. */
  async actedOnPrompts(db: Db, workspaceId: string): Promise<Array<{ id: string; promptIds: string[] }>> {
    const rows = await rawRows<{ id: string; prompt_ids: unknown }>(db, sql`
      select r.id, r.evidence->'metric'->'scope'->'promptIds' as prompt_ids
      from recommendations r
      where r.workspace_id = ${workspaceId} and r.status in ('todo', 'in_review', 'done') and jsonb_typeof(r.evidence->'metric'->'scope'->'promptIds') = 'array'`);
    return rows.map((r) => ({ id: r.id, promptIds: (typeof r.prompt_ids === 'string' ? JSON.parse(r.prompt_ids) : r.prompt_ids) as string[] }));
  },

  /** The acceptance snapshot of a metric measured outside the statement (SEO signals); kept if one is there. */
  async setBaseline(db: Db, id: string, baseline: unknown) {
    await db.execute(sql`update recommendations set baseline = ${JSON.stringify(baseline)}::jsonb where id = ${id} and baseline is null`);
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
