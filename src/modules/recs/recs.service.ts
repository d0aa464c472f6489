import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { requestFingerprint } from '../../lib/idempotency/idempotency.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { baselineOf, effectOf, sayEffect } from './effect.fns.ts';
import { COMPLIANCE_GATED, decide, STATUSES, TRANSITIONS, type Action, type Status } from './lifecycle.fns.ts';
import { AFTER_DAYS, type Holdout } from './holdout.ts';
import { ofRuns, type Measure } from './measure.ts';
import { recsRepo as repo, uniqueViolation, type RecRow, type TransitionRow } from './recs.repo.ts';
import type { Baseline } from './recs.types.ts';
import type { Language } from '../../lib/format/format.ts';
import { titleOf, wordsOf } from './words.ts';
import { formatterOf } from './writer.ts';

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

/** Who reads a workspace's items: the language their words are said in. */
export interface Reader { language: Language }
const ENGLISH: Reader = { language: 'en' };

export function recView(row: RecRow, reader: Reader = ENGLISH) {
  return {
    rec_id: row.id, type: row.type, topic: row.topic, ...wordsOf(row, reader), scores: row.scores,
    state_version: row.stateVersion, compliance_flag: row.complianceFlag, current_draft_id: row.currentDraftId,
    status: row.status, lane: row.lane, writtenBy: row.writtenBy, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
  };
}
export type RecView = ReturnType<typeof recView>;
/** A view built by the transition's statement (or replayed from it), its words said for the reader. */
const said = (view: RecView, reader: Reader): RecView => ({ ...view, ...wordsOf(view as unknown as Parameters<typeof wordsOf>[0], reader) });

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

/** The prompts other acted-on items target: left out of this item's holdout. */
export const othersTargeted = (actedOn: Array<{ id: string; promptIds: string[] }>, id: string) =>
  [...new Set(actedOn.filter((r) => r.id !== id).flatMap((r) => r.promptIds))];

export function createRecsService(deps: { db: Db; clock: Clock; measure: Measure; holdout: Holdout;
  /** The workspace's reading language (its first language the catalogue speaks); English without it. */
  readerOf?: (workspaceId: string) => Promise<Reader>;
}) {
  const { db, clock } = deps;
  const readerOf = async (workspaceId: string) => (deps.readerOf ? deps.readerOf(workspaceId) : ENGLISH);

  async function load(ws: WorkspaceContext, id: string) {
    const row = await repo.get(db, ws.id, id);
    if (!row) throw notFound('Recommendation');
    return row;
  }

  async function replay(ws: WorkspaceContext, key: string, requestHash: string): Promise<RecView | null> {
    const record = await repo.idempotencyRecord(db, ws.id, key);
    if (!record) return null;
    if (record.requestHash !== requestHash) throw new AppError('idempotency_conflict', 'This idempotency key was already used with a different request body.');
    return said((await repo.transition(db, record.resourceId))!.response as RecView, await readerOf(ws.id));
  }

  const stale = (row: Pick<RecRow, 'status' | 'stateVersion'>) =>
    new AppError('stale_state', 'The recommendation’s state version changed since it was read; fetch it again and retry.', { currentVersion: row.stateVersion, currentStatus: row.status });

  return {
    /**
     * The effect tests a run's adaptive sampling can settle (docs/methodology.md): items whose
     * metric is a mention rate measured by runs, acted on and not past their 28-day after-period,
     * with the baseline (percent) their prompts on their engine are compared with.
     */
    async effectTests(workspaceId: string) {
      const rows = await repo.effectTests(db, workspaceId, new Date(clock.now().getTime() - AFTER_DAYS * 24 * 3600 * 1000));
      return rows.flatMap(({ id, baseline }) => {
        const m = baseline?.metric;
        if (!m || m.name !== 'mention_rate' || m.source !== 'runs' || !baseline.measurement) return [];
        return [{ id, value: baseline.measurement.value, ...(m.scope.engine ? { engine: m.scope.engine } : {}), ...(m.scope.promptIds?.length ? { promptIds: m.scope.promptIds } : {}) }];
      });
    },

    load,

    async list(ws: WorkspaceContext) {
      const groups = Object.fromEntries(STATUSES.map((s) => [s, [] as RecView[]])) as Record<Status, RecView[]>;
      const [rows, reader] = await Promise.all([repo.list(db, ws.id), readerOf(ws.id)]);
      for (const row of rows) groups[row.status].push(recView(row, reader));
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
      const [history, drafts, reader] = await Promise.all([repo.history(db, row.id), repo.drafts(db, row.id), readerOf(ws.id)]);
      const baseline = baselineOf(row.baseline);
      const now = clock.now();
      let after = null;
      if (baseline?.measurement && row.doneAt) after = (await deps.measure.measure(ws.id, baseline.metric, { after: row.doneAt }, now)).measurement;
      const comparison = await deps.holdout.compare(ws.id, baseline, row.doneAt, now, row.doneAt ? othersTargeted(await repo.actedOnPrompts(db, ws.id), row.id) : []);
      return {
        ...recView(row, reader),
        history: history.map(historyView),
        drafts: drafts.map((d) => ({ draftId: d.id, version: d.version, text: d.text, model: d.model, simulated: d.simulated, createdAt: d.createdAt.toISOString() })),
        // Said in the reader's language, like the item's words (effect.fns.ts keeps keys, never English).
        effect: sayEffect(effectOf(baseline, { status: row.status, doneAt: row.doneAt }, after, row.evidence.metric, comparison), formatterOf(reader.language)),
      };
    },

    /**
     * The effect of every done item (the recommendations report): one read gives the items and
     * the after-value of each runs metric; SEO metrics share one read of the signals.
     */
    async doneEffects(ws: WorkspaceContext, language?: Language) {
      const now = clock.now();
      const seo = deps.measure.seoBatch(ws.id);
      // A report says the titles in its own language, which may differ from the workspace's.
      const [items, actedOn, reader] = await Promise.all([repo.doneWithAfter(db, ws.id), repo.actedOnPrompts(db, ws.id), language ? { language } : readerOf(ws.id)]);
      return Promise.all(items.map(async (item) => {
        const baseline = baselineOf(item.baseline);
        let after = null;
        if (baseline?.measurement && item.doneAt) after = baseline.metric.source === 'runs' ? (item.after ? ofRuns(item.after) : null) : (await seo(baseline.metric, now, item.doneAt)).measurement;
        // The holdout's daily counts: two index reads per item with prompts (done items are few).
        const comparison = await deps.holdout.compare(ws.id, baseline, item.doneAt, now, othersTargeted(actedOn, item.id));
        return { id: item.id, title: titleOf(item, reader), effect: sayEffect(effectOf(baseline, { status: item.status, doneAt: item.doneAt }, after, item.evidence.metric, comparison), formatterOf(reader.language)) };
      }));
    },

    async transition(ws: WorkspaceContext, actor: string | null, id: string, body: TransitionBody): Promise<RecView> {
      checkFields(body);
      const { idempotencyKey, ...rest } = body;
      const requestHash = requestFingerprint({ recId: id, ...rest });
      const rule = TRANSITIONS[body.action];
      const now = clock.now();
      const transition = {
        id: newId('rtr'), note: body.note ?? null, reviewEvidence: body.reviewEvidence ?? null, visibilitySnapshot: body.visibilitySnapshot ?? null,
        draftId: body.draftId ?? null, complianceApproved: body.complianceApproved ?? false, idempotencyKey, actor,
      };
      // The common path is one statement: the table decided against the state the client expects
      // (only then can the row move at all), the rest checked by the statement itself.
      if (rule.from.includes(body.expectedStatus)) {
        let moved;
        try {
          moved = await repo.transitionInOneStatement(db, {
            id, workspaceId: ws.id, action: body.action, expected: { status: body.expectedStatus, version: body.expectedVersion },
            to: rule.to, restoreStatus: rule.to === 'archived' ? body.expectedStatus : null,
            complianceGated: COMPLIANCE_GATED.includes(body.action) && body.complianceApproved !== true,
            snapshot: body.action === 'accept', now, transition, requestHash,
          });
        } catch (err) {
          return conflictOf(ws, id, idempotencyKey, requestHash, err);
        }
        if (moved) {
          // A metric of the SEO signals is measured outside the statement, right after it.
          if (body.action === 'accept' && moved.metricSource !== 'runs') await snapshotSeo(ws, id, now);
          return said(moved.response as RecView, await readerOf(ws.id));
        }
      }
      // Not moved: a replay, or explain why from the row as it is now.
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
      // The row is at the expected state now, after the statement missed it: it moved back and forth meanwhile.
      throw stale(row);
    },
  };

  /** The acceptance snapshot of an SEO-signals metric (runs metrics are taken in the transition's statement). */
  async function snapshotSeo(ws: WorkspaceContext, id: string, now: Date) {
    const row = await repo.get(db, ws.id, id);
    if (!row || row.baseline) return;
    const measured = await deps.measure.measure(ws.id, row.evidence.metric, { until: now }, now);
    const baseline: Baseline = { metric: row.evidence.metric, measurement: measured.measurement, ...(measured.reason ? { reason: measured.reason } : {}) };
    await repo.setBaseline(db, id, baseline);
  }

  /** A statement that failed on a unique index: the idempotency key (replay or conflict), or an open topic. */
  async function conflictOf(ws: WorkspaceContext, id: string, key: string, requestHash: string, err: unknown): Promise<RecView> {
    const constraint = uniqueViolation(err);
    // Another request claimed this key meanwhile: its answer (same body) or a conflict.
    if (constraint?.startsWith('idempotency_keys')) return (await replay(ws, key, requestHash))!;
    // The partial unique index on open topics: another open item has this topic by now.
    if (constraint === 'recommendations_open_topic_idx') {
      const topic = (await repo.get(db, ws.id, id))?.topic;
      throw new AppError('topic_open', `Another open recommendation has the topic ${topic}; archive or finish it first.`, { topic });
    }
    throw err;
  }
}
export type RecsService = ReturnType<typeof createRecsService>;
