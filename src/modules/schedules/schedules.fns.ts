import cronParser from 'cron-parser';

// Pure rules of measurement schedules: which cron expressions and time zones are accepted, and
// when a schedule is next due. cron-parser is the library pg-boss's own scheduler uses (same
// version), so both read an expression alike; time zones are the IANA names of the runtime's ICU.

/** A schedule fires at most once an hour: every run costs credits and a workspace runs one at a time. */
export const MIN_INTERVAL = 'hourly';
export const HISTORY_LIMIT = 20;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * The IANA zone's canonical name (`europe/paris` → `Europe/Paris`), or why it is refused. Fixed
 * offsets (`+02:00`) are refused: they ignore daylight saving, which is what a zone is for.
 */
export function checkTimeZone(timeZone: string): Checked<string> {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(timeZone)) return { ok: false, message: `timeZone must be an IANA time zone name such as Europe/Paris or UTC, not "${timeZone}"` };
  try {
    return { ok: true, value: new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone };
  } catch {
    return { ok: false, message: `timeZone "${timeZone}" is not a known IANA time zone (e.g. Europe/Paris, America/New_York, UTC)` };
  }
}

/**
 * A standard five-field cron expression (minute hour day-of-month month day-of-week, or a macro
 * such as `@daily`) whose minute field is one fixed minute, so that it fires at most once an hour.
 */
export function checkCron(cron: string): Checked<string> {
  const text = cron.trim().replace(/\s+/g, ' ');
  const fields = text.startsWith('@') ? null : text.split(' ');
  if (fields && fields.length !== 5) {
    return { ok: false, message: `cron must have five fields (minute hour day-of-month month day-of-week), e.g. "0 6 * * *" for 06:00 daily; got ${fields.length}` };
  }
  let parsed: ReturnType<typeof cronParser.parseExpression>;
  try {
    parsed = cronParser.parseExpression(text, { tz: 'UTC' });
    parsed.next(); // a date that never comes (30 February) is refused here, not at the first tick
  } catch (err) {
    return { ok: false, message: `cron "${cron}" is not a valid cron expression: ${(err as Error).message}` };
  }
  const { second, minute } = parsed.fields;
  if (second.length !== 1 || minute.length !== 1) {
    return { ok: false, message: `cron "${cron}" fires more than once an hour; a schedule runs at most ${MIN_INTERVAL}: give the minute field one number (e.g. "0 * * * *")` };
  }
  return { ok: true, value: text };
}

/**
 * The first due time strictly after `after`, in the schedule's zone. Across daylight saving: a
 * wall-clock time that does not exist that day (02:30 when clocks jump to 03:00) runs an hour
 * later (03:30); one that happens twice (clocks back) runs once, at its first occurrence.
 */
export function nextDue(cron: string, timeZone: string, after: Date): Date {
  return cronParser.parseExpression(cron, { tz: timeZone, currentDate: after }).next().toDate();
}
