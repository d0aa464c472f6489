import { describe, expect, it } from 'vitest';
import { checkCron, checkTimeZone, nextDue } from './schedules.fns.ts';

describe('checkCron', () => {
  it.each([
    ['0 6 * * *', '0 6 * * *'],
    ['  15   */2 * * 1-5 ', '15 */2 * * 1-5'],
    ['0 * * * *', '0 * * * *'],
    ['0 9 * * MON', '0 9 * * MON'],
    ['@daily', '@daily'],
    ['@hourly', '@hourly'],
    ['0 0 29 2 *', '0 0 29 2 *'],
  ])('accepts %j', (cron, normalised) => {
    expect(checkCron(cron)).toEqual({ ok: true, value: normalised });
  });

  it.each([
    ['* * * * *', /more than once an hour/],
    ['*/30 * * * *', /more than once an hour/],
    ['0,30 * * * *', /more than once an hour/],
    ['0 0 6 * * *', /five fields/],
    ['0 6 * *', /five fields/],
    ['', /five fields/],
    ['0 25 * * *', /not a valid cron expression/],
    ['61 * * * *', /not a valid cron expression/],
    ['0 0 30 2 *', /not a valid cron expression/],
    ['@every_minute', /not a valid cron expression/],
  ])('refuses %j', (cron, message) => {
    const checked = checkCron(cron);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(message);
  });
});

describe('checkTimeZone', () => {
  it.each([
    ['UTC', 'UTC'],
    ['Europe/Paris', 'Europe/Paris'],
    ['europe/paris', 'Europe/Paris'],
    ['asia/tokyo', 'Asia/Tokyo'],
    ['Etc/GMT+5', 'Etc/GMT+5'],
  ])('accepts %j as %j', (zone, canonical) => {
    expect(checkTimeZone(zone)).toEqual({ ok: true, value: canonical });
  });

  it.each(['Mars/Olympus', '+02:00', 'Europe/Paris ', 'CEST+1', '../etc/passwd', ''])('refuses %j', (zone) => {
    expect(checkTimeZone(zone).ok).toBe(false);
  });
});

describe('nextDue', () => {
  it.each([
    // cron, zone, after, next
    ['0 6 * * *', 'UTC', '2026-01-01T05:00:00Z', '2026-01-01T06:00:00.000Z'],
    ['0 6 * * *', 'UTC', '2026-01-01T06:00:00Z', '2026-01-02T06:00:00.000Z'], // strictly after
    ['0 6 * * *', 'Europe/Paris', '2026-01-01T00:00:00Z', '2026-01-01T05:00:00.000Z'], // CET, UTC+1
    ['0 6 * * *', 'Europe/Paris', '2026-07-01T00:00:00Z', '2026-07-01T04:00:00.000Z'], // CEST, UTC+2
    ['0 9 * * 1', 'America/New_York', '2026-03-06T00:00:00Z', '2026-03-09T13:00:00.000Z'], // first Monday of EDT
    ['0 9 * * 1', 'America/New_York', '2026-10-30T00:00:00Z', '2026-11-02T14:00:00.000Z'], // first Monday of EST
    // Spring forward in Paris (29 March 2026, 02:00 → 03:00): 02:30 does not exist and runs at 03:30.
    ['30 2 * * *', 'Europe/Paris', '2026-03-28T12:00:00Z', '2026-03-29T01:30:00.000Z'],
    ['30 2 * * *', 'Europe/Paris', '2026-03-29T01:30:00Z', '2026-03-30T00:30:00.000Z'],
    // Fall back (25 October 2026, 03:00 → 02:00): 02:30 happens twice and runs once, the first time.
    ['30 2 * * *', 'Europe/Paris', '2026-10-24T12:00:00Z', '2026-10-25T00:30:00.000Z'],
    ['30 2 * * *', 'Europe/Paris', '2026-10-25T00:30:00Z', '2026-10-26T01:30:00.000Z'],
    ['0 6 * * *', 'Asia/Kolkata', '2026-01-01T00:00:00Z', '2026-01-01T00:30:00.000Z'], // half-hour offset
    ['0 0 1 * *', 'Pacific/Auckland', '2026-01-15T00:00:00Z', '2026-01-31T11:00:00.000Z'], // NZDT, UTC+13
  ])('%s in %s after %s is %s', (cron, zone, after, next) => {
    expect(nextDue(cron, zone, new Date(after)).toISOString()).toBe(next);
  });
});
