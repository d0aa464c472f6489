import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { requestFingerprint } from '../../lib/idempotency/idempotency.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { effectOf } from './effect.fns.ts';
import { decide, STATUSES, type Action, type Status } from './lifecycle.fns.ts';
import type { Measure } from './measure.ts';
import { recsRepo as repo, uniqueViolation, type RecRow, type TransitionRow } from './recs.repo.ts';
import type { Baseline } from './recs.types.ts';

// Reading recommendations and moving them through their lifecycle. A transition is decided by the
// pure table (lifecycle.fns.ts) against the row as read, then written with one compare-and-swap
// on (status, version): of any number of parallel requests exactly one moves the row.

export interface TransitionBody {
  action: Action;
  expectedStatus: Status;
  expectedVersion: number;
  idempotencyKey: string;
  note?: string;
  reviewEvidence?: { decision: 'approved' | 'changes_requested'; comment?: string; reviewedAt: string };
  visibilitySnapshot?: { metric: string; scope: string; value: number; n: number; observedAt: string };
  draftId?: string;
  complianceApproved?: boolean;
}

export function recView(row: RecRow) {
  return {
    rec_id: row.id, type: row.type, topic: row.topic, title: row.title, rationale: row.rationale, evidence: row.evidence, scores: row.scores,
    state_version: row.stateVersion, compliance_flag: row.complianceFlag, current_draft_id: row.currentDraftId,
    status: row.status, lane: row.lane, writtenBy: row.writtenBy, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
  };
}
export type RecView = ReturnType<typeof recView>;

const historyView = (t: TransitionRow) => ({
  action: t.action, from: t.fromStatus, to: t.toStatus, version: t.version, note: t.note, reviewEvidence: t.reviewEvidence,
  visibilitySnapshot: t.visibilitySnapshot, draftId: t.draftId, complianceApproved: t.complianceApproved, actor: t.actor, at: t.createdAt.toISOString(),
});

/** Field rules beyond the schema: review evidence must agree with the action it comes with. */
export function checkFields(body: TransitionBody) {
  const review = body.reviewEvidence;
  if (!review) return;
  const expected = body.action === 'verify' ? 'approved' : body.action === 'request_changes' ? 'changes_requested' : null;
  if (!expected) throw invalid('body.reviewEvidence is accepted only with the actions verify and request_changes');
  if (review.decision !== expected) throw invalid(`body.reviewEvidence.decision must be ${expected} for the action ${body.action}`);
}

export function createRecsService(deps: { db: Db; clock: Clock; measure: Measure }) {
  const { db, clock } = deps;

  async function load(ws: WorkspaceContext, id: string) {
    const row = await repo.get(db, ws.id, id);
    if (!row) throw notFound('Recommendation');
    return row;
  }

  async function replay(ws: WorkspaceContext, key: string, requestHash: string): Promise<RecView | null> {
    const record = await repo.idempotencyRecord(db, ws.id, key);
    if (!record) return null;
    if (record.requestHash !== requestHash) throw new AppError('idempotency_conflict', 'This idempotency key was already used with a different request body.');
    return (await repo.transition(db, record.resourceId))!.response as RecView;
  }

  const stale = (row: Pick<RecRow, 'status' | 'stateVersion'>) =>
    new AppError('stale_state', 'The recommendation’s state version changed since it was read; fetch it again and retry.', { currentVersion: row.stateVersion, currentStatus: row.status });

  return {
    load,

    async list(ws: WorkspaceContext) {
      const groups = Object.fromEntries(STATUSES.map((s) => [s, [] as RecView[]])) as Record<Status, RecView[]>;
      for (const row of await repo.list(db, ws.id)) groups[row.status].push(recView(row));
      return groups;
    },

    /** The period [from, to)'s lifecycle: items created in it and the transitions made in it. */
    async activity(ws: WorkspaceContext, from: Date, to: Date) {
      const [rows, transitions] = await Promise.all([repo.list(db, ws.id), repo.transitionsBetween(db, ws.id, from, to)]);
      return {
        created: rows.filter((r) => r.createdAt >= from && r.createdAt < to).length,
        transitions: transitions.map((t) => ({ recId: t.recId, action: t.action, to: t.toStatus, at: t.createdAt.toISOString() })),
      };
    },

    async detail(ws: WorkspaceContext, id: string) {
      const row = await load(ws, id);
      const [history, drafts] = await Promise.all([repo.history(db, row.id), repo.drafts(db, row.id)]);
      let after = null;
      if (row.baseline?.measurement && row.doneAt) after = (await deps.measure.measure(ws.id, row.baseline.metric, { after: row.doneAt }, clock.now())).measurement;
      return {
        ...recView(row),
        history: history.map(historyView),
        drafts: drafts.map((d) => ({ draftId: d.id, version: d.version, model: d.model, simulated: d.simulated, createdAt: d.createdAt.toISOString() })),
        effect: effectOf(row.baseline, { status: row.status, doneAt: row.doneAt }, after, row.evidence.metric),
      };
    },

    async transition(ws: WorkspaceContext, actor: string | null, id: string, body: TransitionBody): Promise<RecView> {
      checkFields(body);
      const { idempotencyKey, ...rest } = body;
      const requestHash = requestFingerprint({ recId: id, ...rest });
      // The replay check and the row are read together: one round trip of latency.
      const [replayed, row] = await Promise.all([replay(ws, idempotencyKey, requestHash), repo.get(db, ws.id, id)]);
      if (replayed) return replayed;
      if (!row) throw notFound('Recommendation');
      if (body.draftId && !(await repo.draft(db, row.id, body.draftId))) throw invalid('body.draftId must name a draft of this recommendation');
      const decision = decide({ status: row.status, version: row.stateVersion, restoreStatus: row.restoreStatus, complianceFlag: row.complianceFlag }, body);
      if (!decision.ok) {
        if (decision.code === 'stale_state') throw stale(row);
        if (decision.code === 'invalid_transition') throw new AppError('invalid_transition', `${body.action} is not allowed from ${row.status}.`, decision.details);
        throw new AppError('compliance_approval_required', `Under the eu_medical compliance profile, ${body.action} of this item needs complianceApproved: true.`, decision.details);
      }
      const now = clock.now();
      // Effect tracking starts at acceptance: the metric the evidence names, as measured now.
      let baseline: Baseline | undefined;
      if (body.action === 'accept') {
        const measured = await deps.measure.measure(ws.id, row.evidence.metric, { until: now }, now);
        baseline = { metric: row.evidence.metric, measurement: measured.measurement, ...(measured.reason ? { reason: measured.reason } : {}) };
      }
      const transitionId = newId('rtr');
      const doneAt = decision.to === 'done' && decision.from === 'in_review' ? now : decision.to === 'todo' ? null : undefined;
      const response = recView({ ...row, status: decision.to, stateVersion: row.stateVersion + 1, restoreStatus: decision.restoreStatus, updatedAt: now });
      let moved;
      try {
        moved = await repo.transitionAtomically(db, {
          id: row.id, workspaceId: ws.id, expected: { status: decision.from, version: body.expectedVersion },
          set: { status: decision.to, restoreStatus: decision.restoreStatus, updatedAt: now, baseline, doneAt }, requestHash, response,
          transition: {
            id: transitionId, action: body.action, fromStatus: decision.from, toStatus: decision.to, note: body.note ?? null, reviewEvidence: body.reviewEvidence ?? null,
            visibilitySnapshot: body.visibilitySnapshot ?? null, draftId: body.draftId ?? null, complianceApproved: body.complianceApproved ?? false, idempotencyKey, actor,
          },
        });
      } catch (err) {
        const constraint = uniqueViolation(err);
        // Another request claimed this key meanwhile: its answer (same body) or a conflict.
        if (constraint?.startsWith('idempotency_keys')) return (await replay(ws, idempotencyKey, requestHash))!;
        // The partial unique index on open topics: another open item has this topic by now.
        if (constraint === 'recommendations_open_topic_idx') throw new AppError('topic_open', `Another open recommendation has the topic ${row.topic}; archive or finish it first.`, { topic: row.topic });
        throw err;
      }
      if (moved) return { ...response, state_version: moved.version, current_draft_id: moved.currentDraftId };
      // Not at the expected state any more: a concurrent request with this very key won (replay), or another did (stale).
      const replayedNow = await replay(ws, idempotencyKey, requestHash);
      if (replayedNow) return replayedNow;
      throw stale((await repo.get(db, ws.id, row.id))!);
    },
  };
}
export type RecsService = ReturnType<typeof createRecsService>;
