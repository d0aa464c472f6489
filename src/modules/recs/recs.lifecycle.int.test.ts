import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { newId } from '../../lib/ids.ts';
import { ACTIONS, STATUSES, TRANSITIONS, type Action, type Status } from './lifecycle.fns.ts';
import { recommendations } from './recs.tables.ts';
import type { Evidence } from './recs.types.ts';

let ctx: TestContext;
let cookie: string;
let wsId: string;
const WS = 'recs-life';
const base = `/api/v1/workspaces/${WS}/recs`;
let keyCounter = 0;
const key = () => `k-${++keyCounter}`;

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, WS);
  wsId = ((await ctx.database.executeSql(`select id from workspaces where slug = '${WS}'`)).rows[0] as { id: string }).id;
});
afterAll(() => ctx.close());

const evidence: Evidence = {
  summary: 'constructed', metric: { name: 'mention_rate', scope: {}, better: 'higher', source: 'runs', current: null },
  figures: [], answers: [], prompts: [], urls: [], facts: {}, window: null, simulated: false,
};
let topicN = 0;
async function seed(status: Status = 'proposed', extra: Partial<typeof recommendations.$inferInsert> = {}) {
  const now = new Date();
  const [row] = await ctx.database.db.insert(recommendations).values({
    id: newId('rec'), workspaceId: wsId, lane: 'geo', type: 'content_gap', topic: `t-${++topicN}`, title: 'T', rationale: 'R', writtenBy: 'template',
    evidence, scores: { impact: 0.5, confidence: 0.5, effort: 2, priority: 12.5, formula: 'recs-priority-v1' }, priority: 12.5, status, stateVersion: 1,
    restoreStatus: null, complianceFlag: false, currentDraftId: null, baseline: null, doneAt: null, jobId: null, createdAt: now, updatedAt: now, ...extra,
  }).returning();
  return row!;
}
const post = (id: string, body: Record<string, unknown>, path = 'transition', headers: Record<string, string> = { cookie }) =>
  ctx.app.inject({ method: 'POST', url: `${base}/${id}/${path}`, headers, payload: body });
const move = (id: string, action: Action, expectedStatus: Status, expectedVersion: number, extra: Record<string, unknown> = {}) =>
  post(id, { action, expectedStatus, expectedVersion, idempotencyKey: key(), ...extra });

describe('every allowed and refused transition', () => {
  const cases = ACTIONS.flatMap((action) => STATUSES.map((from) => [action, from] as const));
  it.each(cases)('%s from %s', async (action, from) => {
    const row = await seed(from, from === 'archived' ? { restoreStatus: 'in_review' } : {});
    const res = await move(row.id, action, from, 1);
    if (!TRANSITIONS[action].from.includes(from)) {
      expect([res.statusCode, res.json().error.code]).toEqual([409, 'invalid_transition']);
      expect(res.json().error.details.allowedActions).toEqual(ACTIONS.filter((a) => TRANSITIONS[a].from.includes(from)));
      return;
    }
    expect(res.statusCode).toBe(200);
    const to = TRANSITIONS[action].to === 'restore' ? 'in_review' : TRANSITIONS[action].to;
    expect(res.json()).toMatchObject({ rec_id: row.id, status: to, state_version: 2 });
    const detail = (await ctx.app.inject({ url: `${base}/${row.id}`, headers: { cookie } })).json();
    expect(detail.history).toEqual([expect.objectContaining({ action, from, to, version: 2 })]);
    // The answer (built by the transition's statement) is the item as the detail shows it.
    const { history: _h, drafts: _d, effect: _e, ...view } = detail;
    expect(res.json()).toEqual(view);
  });
});

describe('compare-and-swap', () => {
  it('a stale expectedVersion or expectedStatus → 409 stale_state with the current version and status', async () => {
    const row = await seed();
    expect((await move(row.id, 'accept', 'proposed', 1)).statusCode).toBe(200);
    for (const [status, version] of [['proposed', 1], ['todo', 1], ['proposed', 2]] as const) {
      const res = await move(row.id, 'submit', status, version);
      expect([res.statusCode, res.json().error.code]).toEqual([409, 'stale_state']);
      expect(res.json().error.details).toEqual({ currentVersion: 2, currentStatus: 'todo' });
      expect(res.json().error.message).toMatch(/state version changed/);
    }
  });

  it('parallel requests on one item: exactly one winner, the rest 409 stale_state', async () => {
    const row = await seed();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => move(row.id, i % 2 ? 'accept' : 'decline', 'proposed', 1)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409 && r.json().error.code === 'stale_state')).toHaveLength(19);
    const detail = (await ctx.app.inject({ url: `${base}/${row.id}`, headers: { cookie } })).json();
    expect(detail.state_version).toBe(2);
    expect(detail.history).toHaveLength(1);
    expect(detail.status).toBe(ok[0]!.json().status);
  });
});

describe('parallel transitions on distinct items', () => {
  it('all succeed, each with its own history row and version', async () => {
    const rows = await Promise.all(Array.from({ length: 30 }, () => seed()));
    const results = await Promise.all(rows.map((r, i) => move(r.id, i % 3 ? 'accept' : 'decline', 'proposed', 1)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    expect(results.map((r) => r.json().rec_id)).toEqual(rows.map((r) => r.id));
    const history = (await ctx.database.executeSql(`select rec_id, version from recommendation_transitions where rec_id in (${rows.map((r) => `'${r.id}'`).join(',')})`)).rows as Array<{ rec_id: string; version: number }>;
    expect(history).toHaveLength(30);
    expect(new Set(history.map((h) => h.rec_id)).size).toBe(30);
    expect(history.every((h) => Number(h.version) === 2)).toBe(true);
  });
});

describe('idempotency', () => {
  it('the same key and body answers the first response again, even after the item moved on', async () => {
    const row = await seed();
    const body = { action: 'accept', expectedStatus: 'proposed', expectedVersion: 1, idempotencyKey: 'replay-1' };
    const first = await post(row.id, body);
    expect(first.statusCode).toBe(200);
    expect((await move(row.id, 'submit', 'todo', 2)).statusCode).toBe(200);
    const again = await post(row.id, body);
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    const detail = (await ctx.app.inject({ url: `${base}/${row.id}`, headers: { cookie } })).json();
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['accept', 'submit']);
  });

  it('the same key with another body → 409 idempotency_conflict', async () => {
    const row = await seed();
    expect((await post(row.id, { action: 'accept', expectedStatus: 'proposed', expectedVersion: 1, idempotencyKey: 'conflict-1' })).statusCode).toBe(200);
    const res = await post(row.id, { action: 'accept', expectedStatus: 'proposed', expectedVersion: 1, idempotencyKey: 'conflict-1', note: 'other' });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'idempotency_conflict']);
  });

  it('parallel replays of one key make one transition and all get its answer', async () => {
    const row = await seed();
    const body = { action: 'accept', expectedStatus: 'proposed', expectedVersion: 1, idempotencyKey: 'parallel-1' };
    const results = await Promise.all(Array.from({ length: 8 }, () => post(row.id, body)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect((await ctx.app.inject({ url: `${base}/${row.id}`, headers: { cookie } })).json().history).toHaveLength(1);
  });

  it('one key sent for two items at once: one moves, the other is 409 idempotency_conflict and unchanged', async () => {
    const [a, b] = [await seed(), await seed()];
    const body = { action: 'accept', expectedStatus: 'proposed', expectedVersion: 1, idempotencyKey: 'two-items' };
    const results = await Promise.all([post(a.id, body), post(b.id, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('idempotency_conflict');
    const states = await Promise.all([a, b].map(async (r) => (await ctx.app.inject({ url: `${base}/${r.id}`, headers: { cookie } })).json().status));
    expect(states.sort()).toEqual(['proposed', 'todo']);
  });

  it('a refused transition does not use up its key', async () => {
    const row = await seed();
    const stale = await post(row.id, { action: 'accept', expectedStatus: 'proposed', expectedVersion: 5, idempotencyKey: 'retry-1' });
    expect(stale.statusCode).toBe(409);
    expect((await post(row.id, { action: 'accept', expectedStatus: 'proposed', expectedVersion: 1, idempotencyKey: 'retry-1' })).statusCode).toBe(200);
  });
});

describe('restore targets, history fields, compliance, topics', () => {
  it.each([['proposed', 'decline'], ['todo', 'archive'], ['in_review', 'archive'], ['done', 'archive']] as const)('archived from %s returns there on reopen and restore', async (before, archiveAction) => {
    for (const back of ['reopen', 'restore'] as const) {
      const row = await seed(before);
      expect((await move(row.id, archiveAction, before, 1)).json().status).toBe('archived');
      expect((await move(row.id, back, 'archived', 2)).json()).toMatchObject({ status: before, state_version: 3 });
    }
  });

  it('note, reviewEvidence, visibilitySnapshot, draftId and complianceApproved are kept in the history', async () => {
    const row = await seed('in_review');
    const draftId = newId('drf');
    await ctx.database.db.execute(sql`insert into recommendation_drafts (id, rec_id, workspace_id, version, text, model, simulated, created_at) values (${draftId}, ${row.id}, ${wsId}, 1, 'x', 'm', true, now())`);
    const extra = {
      note: 'looks good', reviewEvidence: { decision: 'approved', comment: 'checked', reviewedAt: '2026-01-02T03:04:05.000Z' },
      visibilitySnapshot: { metric: 'mention_rate', scope: 'engine:chatgpt', value: 41.5, n: 200, observedAt: '2026-01-02T00:00:00.000Z' }, draftId, complianceApproved: true,
    };
    expect((await move(row.id, 'verify', 'in_review', 1, extra)).statusCode).toBe(200);
    const detail = (await ctx.app.inject({ url: `${base}/${row.id}`, headers: { cookie } })).json();
    expect(detail.history[0]).toMatchObject({ action: 'verify', from: 'in_review', to: 'done', ...extra });
    expect(detail.history[0].actor).toMatch(/^usr_/);
  });

  it('eu_medical: submit and verify of a flagged item need complianceApproved', async () => {
    const row = await seed('todo', { complianceFlag: true });
    const refused = await move(row.id, 'submit', 'todo', 1);
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'compliance_approval_required']);
    expect((await move(row.id, 'submit', 'todo', 1, { complianceApproved: false })).statusCode).toBe(409);
    expect((await move(row.id, 'submit', 'todo', 1, { complianceApproved: true })).statusCode).toBe(200);
    expect((await move(row.id, 'verify', 'in_review', 2)).json().error.code).toBe('compliance_approval_required');
    expect((await move(row.id, 'request_changes', 'in_review', 2)).statusCode).toBe(200);
  });

  it('reopening into a topic that is open again → 409 topic_open, nothing changes', async () => {
    const row = await seed('archived', { restoreStatus: 'todo', topic: 'shared-topic' });
    await seed('proposed', { topic: 'shared-topic' });
    const res = await move(row.id, 'reopen', 'archived', 1);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'topic_open']);
    expect((await ctx.app.inject({ url: `${base}/${row.id}`, headers: { cookie } })).json()).toMatchObject({ status: 'archived', state_version: 1 });
  });

  it('GET …/recs groups by the five statuses, every key present, by priority then newest', async () => {
    const res = await ctx.app.inject({ url: base, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual([...STATUSES].sort());
    const empty = await createWorkspace(ctx.app, cookie, 'recs-empty');
    expect((await ctx.app.inject({ url: `/api/v1/workspaces/${empty.slug}/recs`, headers: { cookie } })).json()).toEqual({ proposed: [], todo: [], in_review: [], done: [], archived: [] });
    const high = await seed('proposed', { priority: 99 });
    const proposed = (await ctx.app.inject({ url: base, headers: { cookie } })).json().proposed;
    expect(proposed[0].rec_id).toBe(high.id);
    expect(proposed[0]).toMatchObject({ state_version: 1, compliance_flag: false, current_draft_id: null, lane: 'geo', writtenBy: 'template' });
  });
});

describe('bad input, unknown items, scopes', () => {
  const good = { action: 'accept', expectedStatus: 'proposed', expectedVersion: 1, idempotencyKey: 'x' };
  it.each([
    [{ ...good, action: 'promote' }, 'body.action'],
    [{ ...good, expectedStatus: 'open' }, 'body.expectedStatus'],
    [{ ...good, expectedVersion: 0 }, 'body.expectedVersion'],
    [{ ...good, expectedVersion: 1.5 }, 'body.expectedVersion'],
    [{ ...good, expectedVersion: '1' }, 'body.expectedVersion'],
    [{ ...good, idempotencyKey: '' }, 'body.idempotencyKey'],
    [{ ...good, idempotencyKey: 'k'.repeat(201) }, 'body.idempotencyKey'],
    [{ action: 'accept', expectedStatus: 'proposed', expectedVersion: 1 }, 'body.idempotencyKey'],
    [{ ...good, note: 'n'.repeat(301) }, 'body.note'],
    [{ ...good, reviewEvidence: { decision: 'maybe', reviewedAt: '2026-01-01T00:00:00Z' } }, 'body.reviewEvidence.decision'],
    [{ ...good, reviewEvidence: { decision: 'approved' } }, 'body.reviewEvidence.reviewedAt'],
    [{ ...good, reviewEvidence: { decision: 'approved', reviewedAt: 'yesterday' } }, 'body.reviewEvidence.reviewedAt'],
    [{ ...good, reviewEvidence: { decision: 'approved', reviewedAt: '2026-01-01T00:00:00Z' } }, 'body.reviewEvidence'],
    [{ ...good, visibilitySnapshot: { metric: 'm', scope: 's', value: 1, observedAt: '2026-01-01T00:00:00Z' } }, 'body.visibilitySnapshot.n'],
    [{ ...good, visibilitySnapshot: { metric: 'm', scope: 's', value: 'high', n: 1, observedAt: '2026-01-01T00:00:00Z' } }, 'body.visibilitySnapshot.value'],
    [{ ...good, draftId: 'drf_unknown' }, 'body.draftId'],
    [{ ...good, complianceApproved: 'yes' }, 'body.complianceApproved'],
    [{ ...good, extra: 1 }, 'body.extra'],
  ])('400 invalid_request naming the field: %j', async (body, field) => {
    const row = await seed();
    const res = await post(row.id, body);
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'invalid_request']);
    expect(res.json().error.message).toContain(field);
  });

  it('verify with reviewEvidence of changes_requested is refused naming the decision', async () => {
    const row = await seed('in_review');
    const res = await move(row.id, 'verify', 'in_review', 1, { reviewEvidence: { decision: 'changes_requested', reviewedAt: '2026-01-01T00:00:00Z' } });
    expect([res.statusCode, res.json().error.message]).toEqual([400, expect.stringContaining('body.reviewEvidence.decision')]);
  });

  it('unknown recommendation → 404 not_found (detail, transition, draft)', async () => {
    expect((await ctx.app.inject({ url: `${base}/rec_nope`, headers: { cookie } })).json().error.code).toBe('not_found');
    expect((await post('rec_nope', good)).json().error.code).toBe('not_found');
    expect((await post('rec_nope', {}, 'draft')).json().error.code).toBe('not_found');
  });

  it('a key needs recs:write to act and recs:read to read', async () => {
    const row = await seed();
    const reader = await activeKey(ctx.app, cookie, WS, { scopes: ['recs:read'] });
    const denied = await post(row.id, { ...good, idempotencyKey: key() }, 'transition', reader.bearer);
    expect([denied.statusCode, denied.json().error.code]).toEqual([403, 'insufficient_scope']);
    expect((await ctx.app.inject({ url: base, headers: reader.bearer })).statusCode).toBe(200);
    const writer = await activeKey(ctx.app, cookie, WS, { scopes: ['recs:write'] });
    expect((await ctx.app.inject({ url: base, headers: writer.bearer })).json().error.code).toBe('insufficient_scope');
    const ok = await post(row.id, { ...good, idempotencyKey: key() }, 'transition', writer.bearer);
    expect(ok.statusCode).toBe(200);
    const detail = (await ctx.app.inject({ url: `${base}/${row.id}`, headers: { cookie } })).json();
    expect(detail.history[0].actor).toBeNull();
  });
});

describe('deprecated /status alias', () => {
  it('success: {stdout, stderr} with deprecation headers', async () => {
    const row = await seed();
    const res = await post(row.id, { action: 'accept', expectedStatus: 'proposed', expectedVersion: 1, idempotencyKey: key() }, 'status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stdout: `${row.id}: proposed → todo, version 2`, stderr: '' });
    expect(res.headers.deprecation).toBe('true');
    expect(res.headers.link).toBe(`</api/v1/workspaces/${WS}/recs/${row.id}/transition>; rel="successor-version"`);
  });

  it.each([
    ['stale', (id: string) => ({ action: 'accept', expectedStatus: 'proposed', expectedVersion: 7, idempotencyKey: key() }), 409, 'stale_state'],
    ['refused', (id: string) => ({ action: 'verify', expectedStatus: 'proposed', expectedVersion: 1, idempotencyKey: key() }), 409, 'invalid_transition'],
    ['invalid', (id: string) => ({ action: 'accept', expectedStatus: 'proposed', expectedVersion: 1 }), 400, 'invalid_request'],
  ] as const)('failure (%s): flat {error, message} with the status /transition gives', async (_n, body, status, code) => {
    const row = await seed();
    const res = await post(row.id, body(row.id), 'status');
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: code, message: expect.any(String) });
    expect(res.headers.deprecation).toBe('true');
  });

  it('unknown recommendation: flat 404; credential failures keep the envelope', async () => {
    const res = await post('rec_nope', { action: 'accept', expectedStatus: 'proposed', expectedVersion: 1, idempotencyKey: key() }, 'status');
    expect([res.statusCode, res.json()]).toEqual([404, { error: 'not_found', message: expect.any(String) }]);
    const anon = await post('rec_nope', {}, 'status', {});
    expect([anon.statusCode, anon.json().error.code]).toEqual([401, 'invalid_key']);
  });
});
