import { randomUUID } from 'node:crypto';
import { Argument, Command, Option } from 'commander';
import { contextOf } from '../context.ts';
import { cellText, keyValues, table } from '../output.ts';
import { positiveInt } from './runs.ts';

// `geo recs list|show|transition`: recommendations and their lifecycle (spec 3.2, 4.6).

type Rec = Record<string, unknown> & { rec_id: string; status: string; state_version: number; title: string; scores?: Record<string, unknown> };
export const STATUSES = ['proposed', 'todo', 'in_review', 'done', 'archived'];
export const ACTIONS = ['accept', 'decline', 'submit', 'verify', 'request_changes', 'stale_reopen', 'archive', 'reopen', 'restore'];

/** The body of a transition: compare-and-swap on what was read, review evidence where the action needs it. */
export function transitionBody(action: string, current: { status: string; version: number }, opts: { note?: string; comment?: string; complianceApproved?: boolean; idempotencyKey?: string }, now = new Date()) {
  const decision = action === 'verify' ? 'approved' : action === 'request_changes' ? 'changes_requested' : null;
  return {
    action, expectedStatus: current.status, expectedVersion: current.version, idempotencyKey: opts.idempotencyKey ?? randomUUID(),
    ...(opts.note ? { note: opts.note } : {}),
    ...(decision ? { reviewEvidence: { decision, reviewedAt: now.toISOString(), ...(opts.comment ? { comment: opts.comment } : {}) } } : {}),
    ...(opts.complianceApproved ? { complianceApproved: true } : {}),
  };
}

const recRow = (r: Rec) => [r.rec_id, r.status, r.type as string, cellText(r.scores?.priority), r.title, r.state_version];

export function registerRecs(program: Command) {
  const recs = program.command('recs').description('Recommendations');

  recs.command('list')
    .description('Recommendations grouped by status (open ones by default)')
    .addOption(new Option('--status <status>', 'only this status').choices(STATUSES))
    .option('--all', 'include done and archived')
    .action(async (opts: { status?: string; all?: boolean }, cmd: Command) => {
      const ctx = await contextOf(cmd);
      const groups = (await ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/recs', { params: { path: ctx.ws } }))) as unknown as Record<string, Rec[]>;
      const shown = opts.status ? [opts.status] : opts.all ? STATUSES : ['proposed', 'todo', 'in_review'];
      const picked = Object.fromEntries(shown.map((s) => [s, groups[s] ?? []]));
      ctx.out.emit(picked, () => {
        const rows = shown.flatMap((s) => picked[s]!.map(recRow));
        return rows.length ? table(['id', 'status', 'type', 'priority', 'title', 'version'], rows) : 'No recommendations in these statuses.';
      });
    });

  recs.command('show <id>')
    .description('One recommendation with its evidence, history and measured effect')
    .action(async (id: string, _opts: unknown, cmd: Command) => {
      const ctx = await contextOf(cmd);
      const rec = (await ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/recs/{id}', { params: { path: { ...ctx.ws, id } } }))) as unknown as Rec & { rationale: string; history?: Array<Record<string, unknown>>; effect?: Record<string, unknown> };
      ctx.out.emit(rec, () => {
        const { history = [], effect, evidence: _e, scores, ...rest } = rec;
        const parts = [keyValues({ ...rest, priority: scores?.priority, impact: scores?.impact, confidence: scores?.confidence, effort: scores?.effort })];
        if (effect) parts.push(`Effect: ${effect.summary ? `${cellText(effect.summary)}; ` : ''}${cellText(effect.verdict)} — ${cellText(effect.explanation)}`);
        if (history.length) parts.push(table(['at', 'action', 'from', 'to', 'version', 'note'], history.map((h) => [h.at, h.action, h.from, h.to, h.version, h.note] as string[])));
        return parts.join('\n');
      });
    });

  recs.command('transition')
    .addArgument(new Argument('<id>', 'recommendation id'))
    .addArgument(new Argument('<action>', 'what to do').choices(ACTIONS))
    .description(`Move a recommendation: ${ACTIONS.join(', ')}`)
    .option('--note <text>', 'a note kept in the history (at most 300 characters)')
    .option('--comment <text>', 'review comment (verify, request_changes)')
    .option('--expected-version <n>', 'the state_version you read (default: read it now)', positiveInt)
    .addOption(new Option('--expected-status <status>', 'the status you read (default: read it now)').choices(STATUSES))
    .option('--compliance-approved', 'confirm compliance review for flagged items')
    .option('--idempotency-key <key>', 'replaying the same key returns the first answer')
    .action(async (id: string, action: string, opts: { note?: string; comment?: string; expectedVersion?: number; expectedStatus?: string; complianceApproved?: boolean; idempotencyKey?: string }, cmd: Command) => {
      const ctx = await contextOf(cmd);
      let current = { status: opts.expectedStatus ?? '', version: opts.expectedVersion ?? 0 };
      if (!opts.expectedStatus || !opts.expectedVersion) {
        const rec = (await ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/recs/{id}', { params: { path: { ...ctx.ws, id } } }))) as unknown as Rec;
        current = { status: opts.expectedStatus ?? rec.status, version: opts.expectedVersion ?? rec.state_version };
      }
      const moved = (await ctx.api.data(ctx.api.client.POST('/api/v1/workspaces/{workspace}/recs/{id}/transition', { params: { path: { ...ctx.ws, id } }, body: transitionBody(action, current, opts) as never }))) as unknown as Rec;
      ctx.out.emit(moved, () => `${moved.rec_id}: ${current.status} → ${moved.status} (version ${moved.state_version}) · ${moved.title}`);
    });
}
