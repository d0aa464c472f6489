import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalid } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { createFormatter, type Language } from '../../lib/format/format.ts';
import { translator } from '../reports/messages.fns.ts';
import type { Mailer } from '../email/email.service.ts';
import type { JobQueue } from '../jobs/jobs.queue.ts';
import type { JobAttempt } from '../jobs/jobs.kinds.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import type { ReportType } from '../reports/reports.fns.ts';
import type { ReportRow, ReportsService } from '../reports/reports.service.ts';
import { ATTACH_LIMIT_BYTES, deliveryMail, deliveryState, dueSlot, LINK_TTL_DAYS, linkReason, normaliseRecipients, readToken, scheduleColumns, scheduleProblems, signToken, slotPeriod, type DeliverySchedule } from './delivery.fns.ts';
import { reportDeliveries, reportDeliveryLog, reportDeliverySettings, reportUnsubscribes } from './delivery.tables.ts';
import { mailEach, type DeliveryOutcome } from './delivery.mail.ts';

// Scheduled delivery of a workspace's report by mail. The minute's maintenance tick finds the
// schedules whose latest slot is not delivered yet, records the delivery (unique per slot) and
// starts the report's job, the on-demand one (kind `report`); when that report is ready, a
// `report_delivery` job mails it to each recipient, logging each outcome, retried by the queue.

export const MAIL_KIND = 'report_delivery';

export interface DeliveryBody { schedule: DeliverySchedule | null; reportType?: ReportType; recipients: string[] }

export function createDeliveryService(deps: {
  db: Db; clock: Clock; queue: JobQueue; reports: ReportsService; workspaces: WorkspacesService; log: FastifyBaseLogger;
  /** The mail transport, null when none is configured (no SMTP_URL): the settings then say so. */
  mailer: Mailer | null; publicBaseUrl: string; secret: string;
  attachLimitBytes?: number;
}) {
  const { db, clock, queue, reports } = deps;
  const attachLimit = deps.attachLimitBytes ?? ATTACH_LIMIT_BYTES;

  const settingsOf = async (workspaceId: string) => (await db.select().from(reportDeliverySettings).where(eq(reportDeliverySettings.workspaceId, workspaceId)))[0] ?? null;
  const scheduleOf = (row: typeof reportDeliverySettings.$inferSelect): DeliverySchedule | null =>
    row.frequency ? { frequency: row.frequency, weekday: row.weekday, dayOfMonth: row.dayOfMonth, hour: row.hour } : null;

  async function view(ws: WorkspaceContext) {
    const [row, settings, unsubscribed] = await Promise.all([
      settingsOf(ws.id), reports.getSettings(ws),
      db.select({ email: reportUnsubscribes.email }).from(reportUnsubscribes).where(eq(reportUnsubscribes.workspaceId, ws.id)),
    ]);
    const schedule = row ? scheduleOf(row) : null;
    const recipients = row?.recipients ?? [];
    const state = deliveryState({ mailer: !!deps.mailer, schedule, recipients, timeZone: settings.timeZone, now: clock.now(), what: 'scheduled reports' });
    return {
      schedule: schedule && { frequency: schedule.frequency, weekday: schedule.weekday ?? null, dayOfMonth: schedule.dayOfMonth ?? null, hour: schedule.hour },
      reportType: (row?.reportType ?? 'visibility_summary') as ReportType, recipients, timeZone: settings.timeZone,
      unsubscribed: unsubscribed.map((u) => u.email).filter((e) => recipients.includes(e)),
      delivery: state,
    };
  }

  /** A delivery whose report is settled gets its mail job (the job id derives from the delivery: sent twice, queued once). */
  async function enqueueIfSettled(deliveryId: string, report: ReportRow | null) {
    if (report && (report.status === 'ready' || report.status === 'failed')) await queue.send(MAIL_KIND, deliveryId);
  }
  reports.onSettled(async (row) => {
    const [delivery] = await db.select({ id: reportDeliveries.id }).from(reportDeliveries).where(eq(reportDeliveries.reportId, row.id));
    if (delivery) await enqueueIfSettled(delivery.id, row);
  });

  const signed = (payload: Parameters<typeof signToken>[1]) => signToken(deps.secret, payload);
  const unsubscribeUrl = (workspaceId: string, email: string) => `${deps.publicBaseUrl}/r/unsubscribe?token=${signed({ k: 'unsubscribe', w: workspaceId, e: email })}`;

  async function record(delivery: typeof reportDeliveries.$inferSelect, recipient: string, outcome: DeliveryOutcome) {
    const values = { status: outcome.status, via: outcome.via ?? null, error: outcome.error?.slice(0, 500) ?? null, updatedAt: clock.now() };
    await db.insert(reportDeliveryLog).values({ deliveryId: delivery.id, recipient, workspaceId: delivery.workspaceId, reportId: delivery.reportId, attempts: outcome.attempted ? 1 : 0, ...values })
      .onConflictDoUpdate({ target: [reportDeliveryLog.deliveryId, reportDeliveryLog.recipient], set: { ...values, attempts: sql`${reportDeliveryLog.attempts} + ${outcome.attempted ? 1 : 0}` } });
  }

  /**
   * The `report_delivery` job: the report to each recipient not yet reached. Idempotent per
   * (delivery, recipient): a `sent` row is never sent again; an unsubscribed address is skipped.
   * A failure throws so that the queue retries (JOB_RETRIES); the last attempt leaves it `failed`.
   */
  async function mailDelivery(deliveryId: string, attempt: JobAttempt = { attempt: 1, final: true }) {
    const [delivery] = await db.select().from(reportDeliveries).where(eq(reportDeliveries.id, deliveryId));
    if (!delivery?.reportId) return;
    const report = await reports.rowById(delivery.reportId);
    if (!report || (report.status !== 'ready' && report.status !== 'failed')) return;
    const [done, unsubscribed] = await Promise.all([
      db.select().from(reportDeliveryLog).where(eq(reportDeliveryLog.deliveryId, deliveryId)),
      db.select({ email: reportUnsubscribes.email }).from(reportUnsubscribes).where(eq(reportUnsubscribes.workspaceId, delivery.workspaceId)),
    ]);
    const sent = new Set(done.filter((d) => d.status !== 'failed').map((d) => d.recipient));
    const off = new Set(unsubscribed.map((u) => u.email));
    const todo = delivery.recipients.filter((r) => !sent.has(r));
    if (report.status === 'failed') {
      for (const to of todo) await record(delivery, to, { status: off.has(to) ? 'skipped_unsubscribed' : 'failed', error: `The report failed: ${report.error ?? 'unknown error'}`, attempted: false });
      return;
    }
    const data = report.data!;
    const f = createFormatter({ locale: data.language as Language, timeZone: data.timeZone });
    const tooBig = !report.pdf || report.pdf.length > attachLimit;
    const expires = new Date(clock.now().getTime() + LINK_TTL_DAYS * 86_400_000);
    const link = tooBig ? {
      url: `${deps.publicBaseUrl}/r/report?token=${signed({ k: 'report', r: report.id, x: Math.floor(expires.getTime() / 1000) })}`,
      expires: f.date(expires.toISOString().slice(0, 10)),
      reason: linkReason(report.pdf?.length ?? null, attachLimit),
    } : null;
    const failed = await mailEach({
      todo, unsubscribed: off, mailer: deps.mailer, via: link ? 'link' : 'attachment',
      message: (to) => ({
        to, ...deliveryMail({
          language: data.language as Language, title: translator(f).text(data.title), brand: data.brand.name, agency: data.agency.name, whiteLabel: data.agency.whiteLabel, period: f.period(data.periodFrom, data.periodTo),
          simulated: data.simulated, unsubscribeUrl: unsubscribeUrl(delivery.workspaceId, to), link,
        }),
        ...(link ? {} : { attachments: [{ filename: `${report.id}.pdf`, content: report.pdf!, contentType: 'application/pdf' }] }),
      }),
      record: (to, outcome) => record(delivery, to, outcome),
      onError: (err) => deps.log.error({ err, deliveryId, attempt: attempt.attempt }, 'scheduled report mail failed'),
    });
    if (failed && !attempt.final) throw new Error(`${failed} of ${todo.length} report mails failed; the queue retries them`);
  }

  return {
    view,
    mailDelivery,

    async put(ws: WorkspaceContext, body: DeliveryBody) {
      const problems = scheduleProblems(body.schedule);
      if (problems.length) throw invalid(problems.map((p) => p.message).join('; '), { fields: problems.map((p) => ({ ...p, keyword: 'custom' })) });
      const s = body.schedule;
      const values = {
        ...scheduleColumns(s), reportType: body.reportType ?? 'visibility_summary', recipients: normaliseRecipients(body.recipients), updatedAt: clock.now(),
      };
      await db.insert(reportDeliverySettings).values({ workspaceId: ws.id, ...values }).onConflictDoUpdate({ target: reportDeliverySettings.workspaceId, set: values });
      return view(ws);
    },

    /** The delivery log, newest first. */
    async log(ws: WorkspaceContext, limit: number) {
      const rows = await db.select({ log: reportDeliveryLog, slot: reportDeliveries.slot }).from(reportDeliveryLog)
        .innerJoin(reportDeliveries, eq(reportDeliveries.id, reportDeliveryLog.deliveryId))
        .where(eq(reportDeliveryLog.workspaceId, ws.id)).orderBy(desc(reportDeliveryLog.updatedAt), reportDeliveryLog.recipient).limit(limit);
      return rows.map(({ log: l, slot }) => ({
        deliveryId: l.deliveryId, slot, reportId: l.reportId, recipient: l.recipient, status: l.status, via: l.via, attempts: l.attempts, error: l.error, at: l.updatedAt.toISOString(),
      }));
    },

    /** The minute's tick: each schedule's latest slot, delivered once. Returns the deliveries it started. */
    async tick() {
      if (!deps.mailer) return 0;
      const now = clock.now();
      const rows = await db.select().from(reportDeliverySettings).where(isNotNull(reportDeliverySettings.frequency));
      let started = 0;
      for (const row of rows.filter((r) => r.recipients.length)) {
        try {
          const ws = await deps.workspaces.contextById(row.workspaceId);
          const { timeZone } = await reports.getSettings(ws);
          const slot = dueSlot(scheduleOf(row)!, timeZone, row.updatedAt, now);
          if (!slot) continue;
          const [delivery] = await db.insert(reportDeliveries).values({ id: newId('rdl'), workspaceId: ws.id, slot: slot.toISOString(), recipients: row.recipients, createdAt: now })
            .onConflictDoNothing().returning();
          if (!delivery) continue;
          const report = await reports.create(ws, null, { type: row.reportType as ReportType, ...slotPeriod(row.frequency!, slot, timeZone) }, 'scheduled');
          await db.update(reportDeliveries).set({ reportId: report.id }).where(eq(reportDeliveries.id, delivery.id));
          // The report's job may have finished before its id was stored here: then its listener found no delivery.
          await enqueueIfSettled(delivery.id, await reports.rowById(report.id));
          started++;
        } catch (err) {
          deps.log.error({ err, workspaceId: row.workspaceId }, 'scheduled report delivery could not start');
        }
      }
      return started;
    },

    async startWorkers() {
      await queue.work(MAIL_KIND, 1, async (id, attempt) => {
        await mailDelivery(id, attempt).catch((err) => {
          deps.log.error({ err, id, ...attempt }, `report delivery failed${attempt.final ? '' : '; it will be retried'}`);
          throw err;
        });
      });
    },

    /** The unsubscribe link's token: the address and workspace, or why it is refused. */
    unsubscribeTarget(token: string) {
      const t = readToken(deps.secret, token, 'unsubscribe', clock.now());
      return typeof t === 'string' ? null : { workspaceId: t.w, email: t.e };
    },
    async unsubscribe(token: string) {
      const target = this.unsubscribeTarget(token);
      if (!target) return null;
      await db.insert(reportUnsubscribes).values({ ...target, createdAt: clock.now() }).onConflictDoNothing();
      return target;
    },

    /** The report a signed link names (PDF, or HTML without a PDF renderer); why not when refused. */
    async linked(token: string) {
      const t = readToken(deps.secret, token, 'report', clock.now());
      if (typeof t === 'string') return t as 'invalid' | 'expired';
      const row = await reports.rowById(t.r);
      if (!row || row.status !== 'ready') return 'invalid' as const;
      return reports.read(await deps.workspaces.contextById(row.workspaceId), row.id, row.pdf || reports.canRenderPdf() ? 'pdf' : 'html');
    },
  };
}
export type DeliveryService = ReturnType<typeof createDeliveryService>;
