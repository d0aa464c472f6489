// The recommendation lifecycle of spec 3.2 as data plus one pure decision function. The service
// asks `decide` what a transition request would do against the row it read; the database then
// applies the answer with one compare-and-swap on (status, version), so the rule and the race
// protection are separate and each is tested on its own.

export const STATUSES = ['proposed', 'todo', 'in_review', 'done', 'archived'] as const;
export type Status = (typeof STATUSES)[number];
export const ACTIONS = ['accept', 'decline', 'submit', 'verify', 'request_changes', 'stale_reopen', 'archive', 'reopen', 'restore'] as const;
export type Action = (typeof ACTIONS)[number];

/** From-statuses and target of each action; `restore` means "the status before archiving". */
export const TRANSITIONS: Record<Action, { from: readonly Status[]; to: Status | 'restore' }> = {
  accept: { from: ['proposed'], to: 'todo' },
  decline: { from: ['proposed'], to: 'archived' },
  submit: { from: ['todo'], to: 'in_review' },
  verify: { from: ['in_review'], to: 'done' },
  request_changes: { from: ['in_review'], to: 'todo' },
  stale_reopen: { from: ['done'], to: 'todo' },
  archive: { from: ['todo', 'in_review', 'done'], to: 'archived' },
  reopen: { from: ['archived'], to: 'restore' },
  restore: { from: ['archived'], to: 'restore' },
};

/** Actions that need `complianceApproved: true` on an item carrying `compliance_flag`. */
export const COMPLIANCE_GATED: readonly Action[] = ['submit', 'verify'];

export function allowedActions(status: Status): Action[] {
  return ACTIONS.filter((a) => TRANSITIONS[a].from.includes(status));
}

export interface CurrentState {
  status: Status;
  version: number;
  /** The status the item had when it was archived (null when it is not archived). */
  restoreStatus: Status | null;
  complianceFlag: boolean;
}
export interface TransitionRequest {
  action: Action;
  expectedStatus: Status;
  expectedVersion: number;
  complianceApproved?: boolean;
}

export type Decision =
  | { ok: true; from: Status; to: Status; restoreStatus: Status | null }
  | { ok: false; code: 'stale_state'; details: { currentStatus: Status; currentVersion: number } }
  | { ok: false; code: 'invalid_transition'; details: { currentStatus: Status; action: Action; allowedActions: Action[] } }
  | { ok: false; code: 'compliance_approval_required'; details: { action: Action } };

/**
 * What the request does to the current state. Order: a stale read is reported first (the client
 * must re-fetch before anything else is meaningful), then the table, then the compliance rule.
 */
export function decide(current: CurrentState, request: TransitionRequest): Decision {
  if (current.status !== request.expectedStatus || current.version !== request.expectedVersion) {
    return { ok: false, code: 'stale_state', details: { currentStatus: current.status, currentVersion: current.version } };
  }
  const rule = TRANSITIONS[request.action];
  if (!rule.from.includes(current.status)) {
    return { ok: false, code: 'invalid_transition', details: { currentStatus: current.status, action: request.action, allowedActions: allowedActions(current.status) } };
  }
  if (current.complianceFlag && COMPLIANCE_GATED.includes(request.action) && request.complianceApproved !== true) {
    return { ok: false, code: 'compliance_approval_required', details: { action: request.action } };
  }
  // An archived item goes back to where it was; `proposed` for a declined one (its restore status)
  // and for a row archived before restore statuses were kept.
  const to = rule.to === 'restore' ? current.restoreStatus ?? 'proposed' : rule.to;
  return { ok: true, from: current.status, to, restoreStatus: to === 'archived' ? current.status : null };
}

/** Statuses in which a topic counts as open: a new item on the same topic is not generated. */
export const OPEN_STATUSES: readonly Status[] = ['proposed', 'todo', 'in_review'];
export const isOpen = (status: Status) => OPEN_STATUSES.includes(status);
