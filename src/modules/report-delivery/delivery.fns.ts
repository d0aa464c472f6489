import cronParser from 'cron-parser';
import { hmacSha256Hex, safeEqual } from '../../lib/crypto.ts';
import { createFormatter, type Language } from '../../lib/format/format.ts';
import { render } from '../../lib/messages/index.ts';
import type { MessageKey, Params } from '../reports/messages.fns.ts';

// Scheduled report delivery, the pure parts: when a schedule is due, which period its report
// covers, and the signed tokens of the links in the mail (unsubscribe, and the report itself when
// its PDF is too big to attach).

export interface DeliverySchedule { frequency: 'weekly' | 'monthly'; weekday?: number | null; dayOfMonth?: number | null; hour: number }
export const MAX_RECIPIENTS = 20;
/** PDFs up to this size are attached; larger ones are linked (mail servers commonly refuse 10-25 MB). */
export const ATTACH_LIMIT_BYTES = 10 * 1024 * 1024;
/** How long the signed link to a report stays valid. */
export const LINK_TTL_DAYS = 30;

/** The schedule as a cron line (cron's weekday 0 is Sunday; ours is ISO, 7 is Sunday). */
export function scheduleCron(s: DeliverySchedule): string {
  return s.frequency === 'weekly' ? `0 ${s.hour} * * ${(s.weekday ?? 1) % 7}` : `0 ${s.hour} ${s.dayOfMonth ?? 1} * *`;
}

/** The latest slot at or before `now`, in the zone (a wall-clock hour that does not exist runs an hour later). */
export function lastSlot(s: DeliverySchedule, timeZone: string, now: Date): Date {
  // cron-parser's prev() is strictly before currentDate: one millisecond on, a slot exactly at `now` counts.
  return cronParser.parseExpression(scheduleCron(s), { tz: timeZone, currentDate: new Date(now.getTime() + 1) }).prev().toDate();
}
export const nextSlot = (s: DeliverySchedule, timeZone: string, now: Date): Date =>
  cronParser.parseExpression(scheduleCron(s), { tz: timeZone, currentDate: now }).next().toDate();

/** A schedule is due when its latest slot came after the schedule was set (a new schedule waits for its next slot). */
export function dueSlot(s: DeliverySchedule, timeZone: string, setAt: Date, now: Date): Date | null {
  const slot = lastSlot(s, timeZone, now);
  return slot.getTime() > setAt.getTime() ? slot : null;
}

const localDay = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The period a slot's report covers, in calendar days of the zone: weekly, the 7 days before the
 * slot's day; monthly, the previous calendar month. Both end the day before, a day fully measured.
 */
export function slotPeriod(frequency: DeliverySchedule['frequency'], slot: Date, timeZone: string): { from: string; to: string } {
  const day = localDay(slot, timeZone);
  const to = shift(day, -1);
  if (frequency === 'weekly') return { from: shift(day, -7), to };
  return { from: `${to.slice(0, 7)}-01`, to };
}

/** Fields of a schedule the schema cannot check (which of weekday / dayOfMonth goes with which frequency). */
export function scheduleProblems(s: DeliverySchedule | null): Array<{ field: string; message: string }> {
  if (!s) return [];
  if (s.frequency === 'weekly' && s.weekday == null) return [{ field: 'body.schedule.weekday', message: 'body.schedule.weekday (1 Monday to 7 Sunday) is required for a weekly schedule' }];
  if (s.frequency === 'monthly' && s.dayOfMonth == null) return [{ field: 'body.schedule.dayOfMonth', message: 'body.schedule.dayOfMonth (1 to 28) is required for a monthly schedule' }];
  return [];
}

/** A schedule as its stored columns (none when null; the day field that goes with the frequency). */
export function scheduleColumns(s: DeliverySchedule | null) {
  return {
    frequency: s?.frequency ?? null, weekday: s?.frequency === 'weekly' ? s.weekday! : null, dayOfMonth: s?.frequency === 'monthly' ? s.dayOfMonth! : null, hour: s?.hour ?? 8,
  };
}

/** What a delivery setting will do: `active` with its next slot, `off`, or `unconfigured` without a mail transport. */
export function deliveryState(o: { mailer: boolean; schedule: DeliverySchedule | null; recipients: string[]; timeZone: string; now: Date; what: string }) {
  if (!o.mailer) return { state: 'unconfigured' as const, reason: `No mail transport is configured (SMTP_URL is not set): ${o.what} cannot be sent.`, nextAt: null };
  if (!o.schedule || !o.recipients.length) return { state: 'off' as const, reason: !o.schedule ? 'No schedule is set.' : 'No recipients are set.', nextAt: null };
  return { state: 'active' as const, reason: null, nextAt: nextSlot(o.schedule, o.timeZone, o.now).toISOString() };
}

/** Addresses compared and stored lower-case and trimmed, each once, in the order given. */
export const normaliseRecipients = (list: string[]) => [...new Set(list.map((e) => e.trim().toLowerCase()))];

// Tokens: base64url(JSON payload) "." HMAC-SHA256 of it. Unsubscribe tokens never expire (a mail
// read a year later still unsubscribes); report links carry their expiry.
// The agency portfolio's mail (portfolio-delivery.service.ts) has its own two kinds: a user's list, a delivery's document.
type Payload = { k: 'unsubscribe'; w: string; e: string } | { k: 'report'; r: string; x: number }
  | { k: 'portfolio_unsubscribe'; u: string; e: string } | { k: 'portfolio'; d: string; x: number };

export function signToken(secret: string, payload: Payload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${hmacSha256Hex(secret, body)}`;
}

/** The payload of a token this secret signed, of the kind asked for and unexpired; otherwise the reason. */
export function readToken<K extends Payload['k']>(secret: string, token: string, kind: K, now: Date): Extract<Payload, { k: K }> | 'invalid' | 'expired' {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined || !safeEqual(mac, hmacSha256Hex(secret, body))) return 'invalid';
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return 'invalid';
  }
  if (payload?.k !== kind) return 'invalid';
  if ((payload.k === 'report' || payload.k === 'portfolio') && payload.x * 1000 < now.getTime()) return 'expired';
  return payload as Extract<Payload, { k: K }>;
}

/** Why a mail links its document instead of attaching it. */
/** Why a mail links its document instead of attaching it: the message key and its figures (MB). */
export const linkReason = (pdfBytes: number | null, limit: number): { key: 'ui.mail.tooLarge' | 'ui.mail.noPdf'; size?: number; limit?: number } => (pdfBytes
  ? { key: 'ui.mail.tooLarge', size: pdfBytes / 1048576, limit: Math.round(limit / 1048576) }
  : { key: 'ui.mail.noPdf' });

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The mail of a scheduled report: who it is about, the period, and the PDF attached or linked.
 * The unsubscribe link is in the text, the HTML and the List-Unsubscribe header (one click, RFC 8058).
 */
export function deliveryMail(m: {
  language: Language; title: string; brand: string; agency: string | null; whiteLabel: boolean; period: string; simulated: boolean;
  unsubscribeUrl: string; link: { url: string; expires: string; reason: ReturnType<typeof linkReason> } | null;
}) {
  const f = createFormatter({ locale: m.language });
  const say = (key: MessageKey, params?: Params) => render(f, key, params);
  const from = m.agency ?? (m.whiteLabel ? null : 'GEO');
  const reason = m.link ? say(m.link.reason.key, { size: `${f.decimal(m.link.reason.size ?? 0)} MB`, limit: `${f.count(m.link.reason.limit ?? 0)} MB` }) : '';
  const body = m.link ? say('ui.mail.linked', { reason, expires: m.link.expires, url: m.link.url }) : say('ui.mail.attached');
  const sim = m.simulated ? say('ui.mail.simulated') : '';
  const intro = (brand: string) => say('ui.mail.intro', { title: m.title, brand, period: m.period });
  const text = [intro(m.brand), body, sim, from ? say('ui.mail.sentBy', { from }) : '', say('ui.mail.stop', { url: m.unsubscribeUrl })].filter(Boolean).join('\n\n');
  const html = `<p>${esc(intro('\u0000')).replace('\u0000', `<strong>${esc(m.brand)}</strong>`)}</p>`
    + (m.link ? `<p>${esc(say('ui.mail.linkedLead', { reason }))} <a href="${esc(m.link.url)}">${esc(say('ui.mail.open'))}</a> (${esc(say('ui.mail.until', { expires: m.link.expires }))}).</p>` : `<p>${esc(body)}</p>`)
    + (sim ? `<p>${esc(sim)}</p>` : '') + (from ? `<p>${esc(say('ui.mail.sentBy', { from }))}</p>` : '')
    + `<p style="font-size:12px;color:#666">${esc(say('ui.mail.unsubscribe', { link: '\u0000' })).replace('\u0000', `<a href="${esc(m.unsubscribeUrl)}">${esc(say('ui.mail.unsubscribeLink'))}</a>`)}</p>`;
  return {
    subject: `${m.title}: ${m.brand}, ${m.period}${m.simulated ? ` ${say('ui.mail.simulatedTag')}` : ''}`, text, html,
    headers: { 'List-Unsubscribe': `<${m.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
