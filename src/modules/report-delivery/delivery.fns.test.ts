import { describe, expect, it } from 'vitest';
import { deliveryMail, dueSlot, lastSlot, linkReason, readToken, signToken, slotPeriod, type DeliverySchedule } from './delivery.fns.ts';

const weekly: DeliverySchedule = { frequency: 'weekly', weekday: 1, hour: 9 };
const monthly: DeliverySchedule = { frequency: 'monthly', dayOfMonth: 1, hour: 7 };
const at = (iso: string) => new Date(iso);

describe('lastSlot: the latest slot at or before now, in the zone', () => {
  it.each([
    ['Monday 09:00 Madrid, winter (08:00 UTC)', weekly, 'Europe/Madrid', '2026-11-23T08:00:00Z', '2026-11-23T08:00:00.000Z'],
    ['a minute before: the week before', weekly, 'Europe/Madrid', '2026-11-23T07:59:00Z', '2026-11-16T08:00:00.000Z'],
    ['summer time (07:00 UTC)', weekly, 'Europe/Madrid', '2026-07-08T12:00:00Z', '2026-07-06T07:00:00.000Z'],
    ['Sunday is 7', { frequency: 'weekly', weekday: 7, hour: 0 }, 'UTC', '2026-11-23T12:00:00Z', '2026-11-22T00:00:00.000Z'],
    ['monthly, New York', monthly, 'America/New_York', '2026-12-15T00:00:00Z', '2026-12-01T12:00:00.000Z'],
  ] as const)('%s', (_what, s, tz, now, slot) => {
    expect(lastSlot(s as DeliverySchedule, tz, at(now)).toISOString()).toBe(slot);
  });

  it('a schedule set after its latest slot waits for the next one', () => {
    expect(dueSlot(weekly, 'UTC', at('2026-11-23T09:30:00Z'), at('2026-11-23T09:45:00Z'))).toBeNull();
    expect(dueSlot(weekly, 'UTC', at('2026-11-20T00:00:00Z'), at('2026-11-23T09:45:00Z'))?.toISOString()).toBe('2026-11-23T09:00:00.000Z');
  });
});

describe('slotPeriod: whole days of the zone, ending the day before', () => {
  it.each([
    ['weekly', '2026-11-23T08:00:00Z', 'Europe/Madrid', { from: '2026-11-16', to: '2026-11-22' }],
    ['monthly', '2026-12-01T12:00:00Z', 'America/New_York', { from: '2026-11-01', to: '2026-11-30' }],
    ['monthly, across a year', '2027-01-01T06:00:00Z', 'UTC', { from: '2026-12-01', to: '2026-12-31' }],
    // 00:30 in Tokyo on the 1st is still the 30th in UTC: the zone's day decides.
    ['monthly, zone ahead of UTC', '2026-11-30T15:30:00Z', 'Asia/Tokyo', { from: '2026-11-01', to: '2026-11-30' }],
  ] as const)('%s', (frequency, slot, tz, period) => {
    expect(slotPeriod(frequency.split(',')[0] as 'weekly', at(slot), tz)).toEqual(period);
  });
});

describe('signed tokens', () => {
  const now = at('2026-11-23T08:00:00Z');
  it('reads back what was signed, of the kind asked for', () => {
    const t = signToken('secret', { k: 'unsubscribe', w: 'ws_1', e: 'ana@client.test' });
    expect(readToken('secret', t, 'unsubscribe', now)).toEqual({ k: 'unsubscribe', w: 'ws_1', e: 'ana@client.test' });
    expect(readToken('secret', t, 'report', now)).toBe('invalid');
    expect(readToken('other', t, 'unsubscribe', now)).toBe('invalid');
    expect(readToken('secret', `${t}x`, 'unsubscribe', now)).toBe('invalid');
    expect(readToken('secret', 'garbage', 'unsubscribe', now)).toBe('invalid');
  });
  it('report links expire', () => {
    const t = signToken('secret', { k: 'report', r: 'rpt_1', x: now.getTime() / 1000 + 60 });
    expect(readToken('secret', t, 'report', now)).toMatchObject({ r: 'rpt_1' });
    expect(readToken('secret', t, 'report', at('2026-11-23T08:02:00Z'))).toBe('expired');
  });
});

describe('deliveryMail: in the report\'s language', () => {
  const base = { title: 'Informe', brand: 'Acme <b>', agency: null, whiteLabel: false, period: '1–7 nov 2026', simulated: true, unsubscribeUrl: 'https://geo.test/r/unsubscribe?token=t' };
  it.each([
    ['en', 'Informe for Acme <b>, 1–7 nov 2026.', 'The report is attached as a PDF.', 'Stop receiving these reports: https://geo.test/r/unsubscribe?token=t', '(simulated data)'],
    ['es', 'Informe de Acme <b>, 1–7 nov 2026.', 'El informe va adjunto en PDF.', 'Dejar de recibir estos informes: https://geo.test/r/unsubscribe?token=t', '(datos simulados)'],
    ['ca', 'Informe de Acme <b>, 1–7 nov 2026.', 'L’informe va adjunt en PDF.', 'Deixar de rebre aquests informes: https://geo.test/r/unsubscribe?token=t', '(dades simulades)'],
    ['fr', 'Informe pour Acme <b>, 1–7 nov 2026.', 'Le rapport est joint en PDF.', 'Ne plus recevoir ces rapports\u202f: https://geo.test/r/unsubscribe?token=t', '(données simulées)'],
  ] as const)('%s', (language, intro, attached, stop, tag) => {
    const mail = deliveryMail({ ...base, language, link: null });
    expect(mail.text.split('\n\n')).toEqual([intro, attached, expect.any(String), expect.stringContaining('GEO'), stop]);
    expect(mail.subject).toBe(`Informe: Acme <b>, 1–7 nov 2026 ${tag}`);
    expect(mail.html).toContain('<strong>Acme &#60;b&#62;</strong>');
    expect(mail.html).not.toContain('\u0000');
  });
  it('a linked document says why, with the figures in the language\'s format', () => {
    const link = { url: 'https://geo.test/r/portfolio?token=x', expires: '27 dic 2026', reason: linkReason(12.5 * 1048576, 10 * 1048576) };
    const es = deliveryMail({ ...base, language: 'es', simulated: false, link });
    expect(es.text).toContain('El informe va enlazado, no adjunto (el PDF ocupa 12,5 MB, más del límite de 10 MB). Ábralo aquí hasta el 27 dic 2026: https://geo.test/r/portfolio?token=x');
    expect(es.html).toContain('<a href="https://geo.test/r/portfolio?token=x">abrir el informe</a> (hasta el 27 dic 2026)');
    expect(deliveryMail({ ...base, language: 'en', simulated: false, link: { ...link, reason: linkReason(null, 1) } }).text).toContain('(no PDF renderer is configured; the link opens the printable HTML)');
  });
});
