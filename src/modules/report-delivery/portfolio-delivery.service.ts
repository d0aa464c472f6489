import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalid } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { createFormatter, type Language } from '../../lib/format/format.ts';
import { timeZoneProblem } from '../reports/settings.fns.ts';
import { render } from '../../lib/messages/index.ts';
import type { Mailer } from '../email/email.service.ts';
import type { JobQueue } from '../jobs/jobs.queue.ts';
import type { JobAttempt } from '../jobs/jobs.kinds.ts';
import { ATTACH_LIMIT_BYTES, deliveryMail, deliveryState, dueSlot, LINK_TTL_DAYS, linkReason, normaliseRecipients, readToken, scheduleColumns, scheduleProblems, signToken, slotPeriod, type DeliverySchedule } from './delivery.fns.ts';
import { mailEach, type DeliveryOutcome } from './delivery.mail.ts';
import { portfolioHtml, portfolioTitle } from '../portfolio/portfolio.render.fns.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import { portfolioDeliveries, portfolioDeliveryLog, portfolioDeliverySettings, portfolioUnsubscribes } from './portfolio-delivery.tables.ts';

// The agency portfolio by mail, on a person's own schedule (weekly or monthly, in their zone). The
// minute's maintenance tick records each due slot once (unique per user and slot) and queues a
// `portfolio_delivery` job; its first attempt makes the document (the PDF, or the HTML without
// Chromium) and keeps it on the delivery, so a retry mails the same document; each recipient's
// outcome is logged, and one already `sent` is never mailed again.

export const PORTFOLIO_MAIL_KIND = 'portfolio_delivery';

export interface PortfolioDeliveryBody { schedule: DeliverySchedule | null; recipients: string[]; timeZone?: string; language?: Language }

export function createPortfolioDeliveryService(deps: {
  db: Db; clock: Clock; queue: JobQueue; portfolio: PortfolioService; log: FastifyBaseLogger;
  mailer: Mailer | null; publicBaseUrl: string; secret: string; attachLimitBytes?: number;
}) {
  const { db, clock, queue } = deps;
  const attachLimit = deps.attachLimitBytes ?? ATTACH_LIMIT_BYTES;
  const settingsOf = async (userId: string) => (await db.select().from(portfolioDeliverySettings).where(eq(portfolioDeliverySettings.userId, userId)))[0] ?? null;
  const scheduleOf = (row: typeof portfolioDeliverySettings.$inferSelect): DeliverySchedule | null =>
    row.frequency ? { frequency: row.frequency, weekday: row.weekday, dayOfMonth: row.dayOfMonth, hour: row.hour } : null;
  const signed = (payload: Parameters<typeof signToken>[1]) => signToken(deps.secret, payload);

  async function view(userId: string) {
    const [row, unsubscribed] = await Promise.all([
      settingsOf(userId), db.select({ email: portfolioUnsubscribes.email }).from(portfolioUnsubscribes).where(eq(portfolioUnsubscribes.userId, userId)),
    ]);
    const schedule = row ? scheduleOf(row) : null;
    const recipients = row?.recipients ?? [];
    const timeZone = row?.timeZone ?? 'UTC';
    const state = deliveryState({ mailer: !!deps.mailer, schedule, recipients, timeZone, now: clock.now(), what: 'scheduled portfolios' });
    return {
      schedule: schedule && { frequency: schedule.frequency, weekday: schedule.weekday ?? null, dayOfMonth: schedule.dayOfMonth ?? null, hour: schedule.hour },
      recipients, timeZone, language: (row?.language ?? 'en') as Language,
      unsubscribed: unsubscribed.map((u) => u.email).filter((e) => recipients.includes(e)),
      delivery: state,
    };
  }

  async function record(d: typeof portfolioDeliveries.$inferSelect, recipient: string, outcome: DeliveryOutcome) {
    const values = { status: outcome.status, via: outcome.via ?? null, error: outcome.error?.slice(0, 500) ?? null, updatedAt: clock.now() };
    await db.insert(portfolioDeliveryLog).values({ deliveryId: d.id, recipient, userId: d.userId, attempts: outcome.attempted ? 1 : 0, ...values })
      .onConflictDoUpdate({ target: [portfolioDeliveryLog.deliveryId, portfolioDeliveryLog.recipient], set: { ...values, attempts: sql`${portfolioDeliveryLog.attempts} + ${outcome.attempted ? 1 : 0}` } });
  }

  /** The delivery's document, made once by its first attempt (the clients reached at that moment). */
  async function documentOf(d: typeof portfolioDeliveries.$inferSelect) {
    if (d.pdf || d.html) return d;
    const p = await deps.portfolio.build(d.userId, { from: d.periodFrom, to: d.periodTo, language: d.language as Language, timeZone: d.timeZone });
    const pdf = deps.portfolio.canRenderPdf() ? await deps.portfolio.render(p) : null;
    const [made] = await db.update(portfolioDeliveries).set({ pdf, html: pdf ? null : portfolioHtml(p), clients: p.rows.length, simulated: p.simulated })
      .where(eq(portfolioDeliveries.id, d.id)).returning();
    return made!;
  }

  /** The `portfolio_delivery` job: throws while any recipient failed and attempts remain, so the queue retries. */
  async function mailDelivery(deliveryId: string, attempt: JobAttempt = { attempt: 1, final: true }) {
    const [found] = await db.select().from(portfolioDeliveries).where(eq(portfolioDeliveries.id, deliveryId));
    if (!found) return;
    const d = await documentOf(found);
    const [done, unsubscribed] = await Promise.all([
      db.select().from(portfolioDeliveryLog).where(eq(portfolioDeliveryLog.deliveryId, d.id)),
      db.select({ email: portfolioUnsubscribes.email }).from(portfolioUnsubscribes).where(eq(portfolioUnsubscribes.userId, d.userId)),
    ]);
    const sent = new Set(done.filter((x) => x.status !== 'failed').map((x) => x.recipient));
    const todo = d.recipients.filter((r) => !sent.has(r));
    const f = createFormatter({ locale: d.language, timeZone: d.timeZone });
    const title = portfolioTitle({ language: d.language as Language });
    const tooBig = !d.pdf || d.pdf.length > attachLimit;
    const expires = new Date(clock.now().getTime() + LINK_TTL_DAYS * 86_400_000);
    const link = tooBig ? {
      url: `${deps.publicBaseUrl}/r/portfolio?token=${signed({ k: 'portfolio', d: d.id, x: Math.floor(expires.getTime() / 1000) })}`,
      expires: f.date(expires.toISOString().slice(0, 10)), reason: linkReason(d.pdf?.length ?? null, attachLimit),
    } : null;
    const failed = await mailEach({
      todo, unsubscribed: new Set(unsubscribed.map((u) => u.email)), mailer: deps.mailer, via: link ? 'link' : 'attachment',
      message: (to) => ({
        to, ...deliveryMail({
          language: d.language as Language, title,
          brand: render(f, 'ui.portfolio.clients', { n: d.clients ?? 0 }), agency: null, whiteLabel: true, period: f.period(d.periodFrom, d.periodTo),
          simulated: d.simulated ?? false, unsubscribeUrl: `${deps.publicBaseUrl}/r/unsubscribe?token=${signed({ k: 'portfolio_unsubscribe', u: d.userId, e: to })}`, link,
        }),
        ...(link ? {} : { attachments: [{ filename: `portfolio-${d.periodFrom}-${d.periodTo}.pdf`, content: d.pdf!, contentType: 'application/pdf' }] }),
      }),
      record: (to, outcome) => record(d, to, outcome),
      onError: (err) => deps.log.error({ err, deliveryId, attempt: attempt.attempt }, 'scheduled portfolio mail failed'),
    });
    if (failed && !attempt.final) throw new Error(`${failed} of ${todo.length} portfolio mails failed; the queue retries them`);
  }

  return {
    view,
    mailDelivery,

    async put(userId: string, body: PortfolioDeliveryBody) {
      const problems = scheduleProblems(body.schedule);
      const zone = timeZoneProblem(body.timeZone, 'body.timeZone');
      if (zone) problems.push(zone);
      if (problems.length) throw invalid(problems.map((p) => p.message).join('; '), { fields: problems.map((p) => ({ ...p, keyword: 'custom' })) });
      const s = body.schedule;
      const values = {
        ...scheduleColumns(s), timeZone: body.timeZone ?? 'UTC', language: body.language ?? 'en', recipients: normaliseRecipients(body.recipients), updatedAt: clock.now(),
      };
      await db.insert(portfolioDeliverySettings).values({ userId, ...values }).onConflictDoUpdate({ target: portfolioDeliverySettings.userId, set: values });
      return view(userId);
    },

    async log(userId: string, limit: number) {
      const rows = await db.select({ log: portfolioDeliveryLog, slot: portfolioDeliveries.slot, clients: portfolioDeliveries.clients }).from(portfolioDeliveryLog)
        .innerJoin(portfolioDeliveries, eq(portfolioDeliveries.id, portfolioDeliveryLog.deliveryId))
        .where(eq(portfolioDeliveryLog.userId, userId)).orderBy(desc(portfolioDeliveryLog.updatedAt), portfolioDeliveryLog.recipient).limit(limit);
      return rows.map(({ log: l, slot, clients }) => ({
        deliveryId: l.deliveryId, slot, clients, recipient: l.recipient, status: l.status, via: l.via, attempts: l.attempts, error: l.error, at: l.updatedAt.toISOString(),
      }));
    },

    /** The minute's tick: each user's latest slot, recorded once and queued. Returns the deliveries it started. */
    async tick() {
      if (!deps.mailer) return 0;
      const now = clock.now();
      const rows = await db.select().from(portfolioDeliverySettings).where(isNotNull(portfolioDeliverySettings.frequency));
      let started = 0;
      for (const row of rows.filter((r) => r.recipients.length)) {
        try {
          const slot = dueSlot(scheduleOf(row)!, row.timeZone, row.updatedAt, now);
          if (!slot) continue;
          const [d] = await db.insert(portfolioDeliveries).values({
            id: newId('pdl'), userId: row.userId, slot: slot.toISOString(), ...periodOf(slotPeriod(row.frequency!, slot, row.timeZone)),
            language: row.language, timeZone: row.timeZone, recipients: row.recipients, createdAt: now,
          }).onConflictDoNothing().returning();
          if (!d) continue;
          await queue.send(PORTFOLIO_MAIL_KIND, d.id);
          started++;
        } catch (err) {
          deps.log.error({ err, userId: row.userId }, 'scheduled portfolio delivery could not start');
        }
      }
      return started;
    },

    async startWorkers() {
      await queue.work(PORTFOLIO_MAIL_KIND, 1, async (id, attempt) => {
        await mailDelivery(id, attempt).catch((err) => {
          deps.log.error({ err, id, ...attempt }, `portfolio delivery failed${attempt.final ? '' : '; it will be retried'}`);
          throw err;
        });
      });
    },

    unsubscribeTarget(token: string) {
      const t = readToken(deps.secret, token, 'portfolio_unsubscribe', clock.now());
      return typeof t === 'string' ? null : { userId: t.u, email: t.e };
    },
    async unsubscribe(token: string) {
      const target = this.unsubscribeTarget(token);
      if (!target) return null;
      await db.insert(portfolioUnsubscribes).values({ ...target, createdAt: clock.now() }).onConflictDoNothing();
      return target;
    },

    /** The document a signed link names: the kept PDF, or the HTML when no Chromium made one. */
    async linked(token: string) {
      const t = readToken(deps.secret, token, 'portfolio', clock.now());
      if (typeof t === 'string') return t as 'invalid' | 'expired';
      const [d] = await db.select().from(portfolioDeliveries).where(eq(portfolioDeliveries.id, t.d));
      if (!d || (!d.pdf && !d.html)) return 'invalid' as const;
      return d.pdf
        ? { type: 'application/pdf', body: d.pdf, filename: `portfolio-${d.periodFrom}-${d.periodTo}.pdf` }
        : { type: 'text/html; charset=utf-8', body: d.html! };
    },
  };
}
const periodOf = (p: { from: string; to: string }) => ({ periodFrom: p.from, periodTo: p.to });
export type PortfolioDeliveryService = ReturnType<typeof createPortfolioDeliveryService>;
