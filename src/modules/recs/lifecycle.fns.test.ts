import { describe, expect, it } from 'vitest';
import { ACTIONS, STATUSES, allowedActions, decide, type Action, type Status } from './lifecycle.fns.ts';

// Spec 3.2 written out independently of the implementation's table: [action, from, to].
const ALLOWED: Array<[Action, Status, Status | 'restore']> = [
  ['accept', 'proposed', 'todo'],
  ['decline', 'proposed', 'archived'],
  ['submit', 'todo', 'in_review'],
  ['verify', 'in_review', 'done'],
  ['request_changes', 'in_review', 'todo'],
  ['stale_reopen', 'done', 'todo'],
  ['archive', 'todo', 'archived'],
  ['archive', 'in_review', 'archived'],
  ['archive', 'done', 'archived'],
  ['reopen', 'archived', 'restore'],
  ['restore', 'archived', 'restore'],
];
const state = (status: Status, extra: Partial<{ restoreStatus: Status | null; complianceFlag: boolean; version: number }> = {}) =>
  ({ status, version: 3, restoreStatus: null, complianceFlag: false, ...extra });

describe('decide: every action from every status', () => {
  const cases = ACTIONS.flatMap((action) => STATUSES.map((from) => [action, from] as const));
  it.each(cases)('%s from %s', (action, from) => {
    const allowed = ALLOWED.find(([a, f]) => a === action && f === from);
    const decision = decide(state(from, { restoreStatus: from === 'archived' ? 'in_review' : null }), { action, expectedStatus: from, expectedVersion: 3 });
    if (!allowed) {
      expect(decision).toEqual({ ok: false, code: 'invalid_transition', details: { currentStatus: from, action, allowedActions: allowedActions(from) } });
      return;
    }
    const to = allowed[2] === 'restore' ? 'in_review' : allowed[2];
    expect(decision).toEqual({ ok: true, from, to, restoreStatus: to === 'archived' ? from : null });
  });

  it('allowed actions per status match the table', () => {
    expect(allowedActions('proposed')).toEqual(['accept', 'decline']);
    expect(allowedActions('todo')).toEqual(['submit', 'archive']);
    expect(allowedActions('in_review')).toEqual(['verify', 'request_changes', 'archive']);
    expect(allowedActions('done')).toEqual(['stale_reopen', 'archive']);
    expect(allowedActions('archived')).toEqual(['reopen', 'restore']);
  });
});

describe('decide: stale reads, restore targets, compliance', () => {
  it.each([
    ['status differs', 'todo', 3],
    ['version differs', 'proposed', 2],
    ['both differ', 'done', 9],
  ] as const)('stale_state when %s, with the current status and version', (_name, expectedStatus, expectedVersion) => {
    expect(decide(state('proposed'), { action: 'accept', expectedStatus, expectedVersion })).toEqual({
      ok: false, code: 'stale_state', details: { currentStatus: 'proposed', currentVersion: 3 },
    });
  });

  it('a stale read is reported before an action the table refuses', () => {
    expect(decide(state('done'), { action: 'accept', expectedStatus: 'proposed', expectedVersion: 3 })).toMatchObject({ code: 'stale_state' });
  });

  it.each([['proposed'], ['todo'], ['in_review'], ['done']] as const)('reopen and restore return to %s, the status before archiving', (before) => {
    for (const action of ['reopen', 'restore'] as const) {
      expect(decide(state('archived', { restoreStatus: before }), { action, expectedStatus: 'archived', expectedVersion: 3 })).toEqual({ ok: true, from: 'archived', to: before, restoreStatus: null });
    }
  });

  it('an archived row without a remembered status restores to proposed', () => {
    expect(decide(state('archived'), { action: 'restore', expectedStatus: 'archived', expectedVersion: 3 })).toMatchObject({ ok: true, to: 'proposed' });
  });

  it.each([
    ['submit', 'todo', undefined, false],
    ['submit', 'todo', false, false],
    ['submit', 'todo', true, true],
    ['verify', 'in_review', undefined, false],
    ['verify', 'in_review', true, true],
    ['accept', 'proposed', undefined, true],
    ['archive', 'todo', undefined, true],
    ['request_changes', 'in_review', undefined, true],
  ] as const)('a flagged item: %s from %s with complianceApproved=%s → allowed %s', (action, from, approved, ok) => {
    const decision = decide(state(from, { complianceFlag: true }), { action, expectedStatus: from, expectedVersion: 3, complianceApproved: approved });
    expect(decision.ok).toBe(ok);
    if (!ok) expect(decision).toEqual({ ok: false, code: 'compliance_approval_required', details: { action } });
  });

  it('an unflagged item never needs approval', () => {
    expect(decide(state('todo'), { action: 'submit', expectedStatus: 'todo', expectedVersion: 3 }).ok).toBe(true);
  });
});
