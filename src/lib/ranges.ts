// The time-series ranges every series route offers (`range=7d|28d|all`) and their length in days
// (null: from the first measured day). One table, so the score series, the competitor series and
// the model-version history always cover the same days for the same range.

export const RANGE_DAYS = { '7d': 7, '28d': 28, all: null } as const;
export type RangeName = keyof typeof RANGE_DAYS;

/** The UTC day (YYYY-MM-DD) of an instant. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The instant a UTC day (YYYY-MM-DD) begins. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/** The UTC day `days` after `day` (YYYY-MM-DD; negative: before). */
export const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The first day of `range` ending on `today` (null: from the first measured day). */
export function rangeFrom(range: RangeName, today: string): string | null {
  const days = RANGE_DAYS[range];
  return days === null ? null : shiftDay(today, -(days - 1));
}
