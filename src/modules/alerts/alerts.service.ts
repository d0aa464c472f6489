import { and, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { shiftDay } from '../../lib/ranges.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { Mailer } from '../email/email.service.ts';
import type { DomainEvent, EventHub } from '../events/events.hub.ts';
import type { JobQueue } from '../jobs/jobs.queue.ts';
import type { JobAttempt } from '../jobs/jobs.kinds.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { alertMail, engineScope, evaluate, kindsFor, MAX_RULES_PER_WORKSPACE, validateRule, type Rule, type RuleInput } from './alerts.fns.ts';
import { flagsByDay, type CanariesService, type EngineChangeView } from '../canaries/canaries.service.ts';
import { alertEvents, alertFirings, alertRules } from './alerts.tables.ts';

// Alerts: rules per workspace, evaluated off the hub. The hub's listener only stores an event
// that some rule of its workspace reads and enqueues `alerts_eval`; the job evaluates the rules,
// records each firing once (unique per rule and run/event), publishes `alert.fired` and enqueues
// `alerts_mail`, so neither evaluation nor a slow mail server ever holds up a run.

export const EVAL_KIND = 'alerts_eval';
export const MAIL_KIND = 'alerts_mail';
const RECENT_FIRINGS = 50;
/** A mail job's claim on a firing stands this long; a job that died holding it lets a retry through after. */
const MAIL_LEASE_MS = 10 * 60_000;
/** The `alert.fired` event of a firing: one id however many times a retried evaluation announces it. */
export const firedEventId = (firingId: string) => `evt_${firingId.replace(/^alf_/, '')}`;

type RuleRow = typeof alertRules.$inferSelect;
type FiringRow = typeof alertFirings.$inferSelect;

const ruleView = (row: RuleRow) => ({
  id: row.id, kind: row.kind, name: row.name, metric: row.metric, direction: row.direction, engine: row.engine,
  competitor: row.competitor, thresholdMicrousd: row.thresholdMicrousd, createdAt: row.createdAt.toISOString(),
});
const firingView = (row: FiringRow) => ({
  id: row.id, alertId: row.ruleId, eventId: row.sourceEventId, eventType: row.sourceEventType, reason: row.reason, figures: row.figures,
  mailStatus: row.mailStatus, mailedAt: row.mailedAt?.toISOString() ?? null, firedAt: row.createdAt.toISOString(),
});

export function createAlertsService(deps: {
  db: Db; clock: Clock; events: EventHub; queue: JobQueue; workspaces: WorkspacesService; accounts: AccountsService;
  mailer: Mailer; publicBaseUrl: string; log: FastifyBaseLogger;
  /** Engine changes flagged by the canaries: score alerts near one say "possible engine change". */
  canaries?: Pick<CanariesService, 'near' | 'between'>;
}) {
  const { db, clock, events, queue } = deps;

  async function ruleOf(ws: WorkspaceContext, id: string) {
    const [row] = await db.select().from(alertRules).where(and(eq(alertRules.id, id), eq(alertRules.workspaceId, ws.id)));
    if (!row) throw notFound('Alert');
    return row;
  }

  /**
   * The `alerts_eval` job: every rule of the event's workspace that reads it, each firing once.
   * Idempotent on retry: the firing is unique per (rule, dedupe key); one this event created but
   * never announced (the job failed in between) is announced by the retry, under an event id
   * derived from the firing, so receivers and webhook deliveries (unique per event) see it once.
   */
  async function evaluateEvent(eventId: string) {
    const [event] = await db.select().from(alertEvents).where(eq(alertEvents.id, eventId));
    if (!event) return;
    const rules = await db.select().from(alertRules).where(and(eq(alertRules.workspaceId, event.workspaceId), inArray(alertRules.kind, kindsFor(event.type))));
    // Flags near the day of a score move, of every engine; each rule keeps those of its engines.
    const day = event.type === 'score.changed' ? (event.data as { day?: string }).day : undefined;
    const near = day && deps.canaries ? await deps.canaries.near(day) : [];
    for (const rule of rules) {
      const scope = engineScope(rule);
      const firing = evaluate(rule as Rule, event, near.filter((f) => !scope || scope.includes(f.engine)));
      if (!firing) continue;
      const [inserted] = await db.insert(alertFirings).values({
        id: newId('alf'), ruleId: rule.id, workspaceId: event.workspaceId, dedupeKey: firing.dedupeKey, sourceEventId: event.id,
        sourceEventType: event.type, reason: firing.reason, figures: firing.figures, mailStatus: 'pending', createdAt: clock.now(),
      }).onConflictDoNothing().returning();
      // Already fired for that run or event: by another event (nothing to do), or by this one on an earlier attempt.
      const [row] = inserted ? [inserted] : await db.select().from(alertFirings)
        .where(and(eq(alertFirings.ruleId, rule.id), eq(alertFirings.dedupeKey, firing.dedupeKey), eq(alertFirings.sourceEventId, event.id), isNull(alertFirings.announcedAt)));
      if (!row) continue;
      await events.publish({
        id: firedEventId(row.id), type: 'alert.fired', workspaceId: event.workspaceId, occurredAt: row.createdAt,
        data: { alertId: rule.id, firingId: row.id, rule: ruleView(rule), reason: row.reason, figures: row.figures, sourceEventId: event.id, sourceEventType: event.type, firedAt: row.createdAt.toISOString() },
      });
      await queue.send(MAIL_KIND, row.id);
      await db.update(alertFirings).set({ announcedAt: clock.now() }).where(eq(alertFirings.id, row.id));
    }
    await db.delete(alertEvents).where(eq(alertEvents.id, event.id));
  }

  /**
   * The `alerts_mail` job: one mail per member with an address; the firing records the outcome.
   * Idempotent on retry: each address reached is recorded at once and skipped by later attempts,
   * and a claim (leased) keeps two jobs for one firing from mailing side by side. A failure throws,
   * so the queue retries it (JOB_RETRIES); the last attempt records `failed`.
   */
  async function mailFiring(firingId: string, attempt: JobAttempt = { attempt: 1, final: true }) {
    const now = clock.now();
    const [firing] = await db.update(alertFirings).set({ mailClaimedAt: now }).where(and(
      eq(alertFirings.id, firingId), eq(alertFirings.mailStatus, 'pending'),
      or(isNull(alertFirings.mailClaimedAt), lt(alertFirings.mailClaimedAt, new Date(now.getTime() - MAIL_LEASE_MS))),
    )).returning();
    if (!firing) return;
    let failed = 0;
    let recipients: string[] = [];
    try {
      const [rule] = await db.select().from(alertRules).where(eq(alertRules.id, firing.ruleId));
      const ws = await deps.workspaces.contextById(firing.workspaceId);
      const row = await deps.workspaces.getRow(ws);
      const members = await deps.workspaces.listMembers(ws);
      recipients = (await deps.accounts.usersByIds(members.map((m) => m.userId))).map((u) => u.email).filter((e): e is string => Boolean(e));
      const mail = alertMail({ workspaceName: row.displayName, slug: ws.slug, rule: rule as Rule, reason: firing.reason, publicBaseUrl: deps.publicBaseUrl, firedAt: firing.createdAt });
      for (const to of recipients.filter((r) => !firing.mailSentTo.includes(r))) {
        try {
          await deps.mailer.send({ to, ...mail });
        } catch (err) {
          failed++;
          deps.log.error({ err, firingId, attempt: attempt.attempt }, 'alert mail failed');
          continue;
        }
        await db.update(alertFirings).set({ mailSentTo: sql`${alertFirings.mailSentTo} || ${JSON.stringify([to])}::jsonb` }).where(eq(alertFirings.id, firingId));
      }
    } catch (err) {
      await db.update(alertFirings).set({ mailClaimedAt: null }).where(eq(alertFirings.id, firingId));
      throw err;
    }
    if (failed && !attempt.final) {
      await db.update(alertFirings).set({ mailClaimedAt: null }).where(eq(alertFirings.id, firingId));
      throw new Error(`${failed} of ${recipients.length} alert mails failed; the queue retries them`);
    }
    const mailStatus = failed ? 'failed' : !recipients.length && !firing.mailSentTo.length ? 'no_recipients' : 'sent';
    await db.update(alertFirings).set({ mailStatus, mailedAt: clock.now(), mailClaimedAt: null }).where(eq(alertFirings.id, firingId));
  }

  return {
    /** The hub's listener: quick and durable (one lookup, one insert, one enqueue). */
    async onEvent(event: DomainEvent) {
      const kinds = kindsFor(event.type);
      if (!kinds.length) return;
      const [any] = await db.select({ id: alertRules.id }).from(alertRules)
        .where(and(eq(alertRules.workspaceId, event.workspaceId), inArray(alertRules.kind, kinds))).limit(1);
      if (!any) return;
      await db.insert(alertEvents).values({ id: event.id, workspaceId: event.workspaceId, type: event.type, data: event.data, occurredAt: event.occurredAt }).onConflictDoNothing();
      await queue.send(EVAL_KIND, event.id);
    },

    evaluateEvent,
    mailFiring,

    async startWorkers() {
      // Logged, then thrown again: the queue retries these kinds (JOB_RETRIES in jobs.kinds.ts).
      const guard = (what: string, fn: (id: string, attempt: JobAttempt) => Promise<void>) => async (id: string, attempt: JobAttempt) => {
        await fn(id, attempt).catch((err) => {
          deps.log.error({ err, id, ...attempt }, `${what} failed${attempt.final ? '' : '; it will be retried'}`);
          throw err;
        });
      };
      await queue.work(EVAL_KIND, 1, guard('alert evaluation', evaluateEvent));
      await queue.work(MAIL_KIND, 1, guard('alert mail', mailFiring));
    },

    /** `score` rules on the visibility component (the mention rate): adaptive sampling judges a run's cells against them. */
    async visibilityRules(workspaceId: string) {
      return db.select({ id: alertRules.id, engine: alertRules.engine }).from(alertRules)
        .where(and(eq(alertRules.workspaceId, workspaceId), eq(alertRules.kind, 'score'), eq(alertRules.metric, 'visibility')));
    },

    /** The thresholds of the workspace's `credits_low` rules (the credits module's low-balance line). */
    async creditThresholds(tx: Db, workspaceId: string) {
      const rows = await tx.select({ t: alertRules.thresholdMicrousd }).from(alertRules)
        .where(and(eq(alertRules.workspaceId, workspaceId), eq(alertRules.kind, 'credits_low'), isNotNull(alertRules.thresholdMicrousd)));
      return rows.map((r) => r.t!);
    },

    async list(ws: WorkspaceContext) {
      const rows = await db.select().from(alertRules).where(eq(alertRules.workspaceId, ws.id)).orderBy(alertRules.createdAt, alertRules.id);
      return { workspace: ws.slug, limit: MAX_RULES_PER_WORKSPACE, alerts: rows.map(ruleView) };
    },

    async create(ws: WorkspaceContext, userId: string | null, input: RuleInput) {
      const settings = await deps.workspaces.getRow(ws);
      const fields = validateRule(input, { competitors: settings.competitors.map((c) => c.name) });
      const row = await db.transaction(async (tx) => {
        // The cap holds under concurrent creates: one advisory lock per workspace's rules.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alert_rules:${ws.id}`}))`);
        const [{ n }] = (await tx.select({ n: count() }).from(alertRules).where(eq(alertRules.workspaceId, ws.id))) as [{ n: number }];
        if (Number(n) >= MAX_RULES_PER_WORKSPACE) {
          throw new AppError('invalid_state', `A workspace has at most ${MAX_RULES_PER_WORKSPACE} alert rules; delete one first.`, { limit: MAX_RULES_PER_WORKSPACE });
        }
        const [inserted] = await tx.insert(alertRules).values({ id: newId('alr'), workspaceId: ws.id, ...fields, createdBy: userId, createdAt: clock.now() }).returning();
        return inserted!;
      });
      return ruleView(row);
    },

    async remove(ws: WorkspaceContext, id: string) {
      const row = await ruleOf(ws, id);
      await db.delete(alertRules).where(eq(alertRules.id, row.id));
    },

    async firings(ws: WorkspaceContext, id: string) {
      const rule = await ruleOf(ws, id);
      const rows = await db.select().from(alertFirings).where(eq(alertFirings.ruleId, rule.id)).orderBy(desc(alertFirings.createdAt), desc(alertFirings.id)).limit(RECENT_FIRINGS);
      // Read now, not only when fired: a change flagged a day or two after a move qualifies it too.
      const days = rows.map((r) => (r.figures as { day?: string }).day).filter((d): d is string => typeof d === 'string').sort();
      const scope = engineScope(rule);
      const flags = days.length && deps.canaries && (rule.kind === 'score' || rule.kind === 'competitor_overtakes')
        ? flagsByDay(await deps.canaries.between(shiftDay(days[0]!, -7), shiftDay(days.at(-1)!, 7), scope)) : new Map<string, EngineChangeView[]>();
      return { alertId: rule.id, firings: rows.map((r) => ({ ...firingView(r), possibleEngineChange: flags.get((r.figures as { day?: string }).day ?? '') ?? [] })) };
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
