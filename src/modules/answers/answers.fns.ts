import { invalid } from '../../lib/errors.ts';

// The answers list's input rules and an answer's change from the one before it: pure, so the
// cursor, the filters and the diff are table-tested apart from the database.

export const MAX_LIMIT = 100;
/** A search longer than this is refused: no reader types 10 KB, and the parser's work grows with it. */
export const MAX_QUERY_BYTES = 10_240;
export const SENTIMENT_LABELS = ['positive', 'neutral', 'negative', 'mixed'] as const;
export type SentimentLabel = (typeof SENTIMENT_LABELS)[number];

/** Where a page ends: the last answer's time and id (the list is ordered by both, newest first). */
export interface Cursor { createdAt: Date; id: string }

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.createdAt.toISOString(), c.id])).toString('base64url');
}

/** The cursor a previous page gave, or a 400 naming `cursor` for anything else. */
export function decodeCursor(raw: string): Cursor {
  const bad = () => invalid('cursor is not one this list gave: start again without it.', { field: 'cursor' });
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(raw)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string' || typeof parsed[1] !== 'string') throw bad();
  const createdAt = new Date(parsed[0]);
  if (Number.isNaN(createdAt.getTime()) || !/^res_[0-9a-z]{26}$/.test(parsed[1])) throw bad();
  return { createdAt, id: parsed[1] };
}

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A `from`/`to` bound: a day (`to`: through its end, UTC) or an instant; a 400 naming the field otherwise. */
export function parseBound(value: string | undefined, field: 'from' | 'to'): Date | undefined {
  if (value === undefined) return undefined;
  const day = DATE.test(value);
  const at = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(at.getTime()) || (!day && !/^\d{4}-\d{2}-\d{2}T/.test(value))) {
    throw invalid(`${field} must be a date (2026-03-01) or a date and time (2026-03-01T09:00:00Z).`, { field });
  }
  // A day as `to` includes the whole day: the bound is exclusive, at the next midnight.
  return day && field === 'to' ? new Date(at.getTime() + DAY_MS) : at;
}

/** The time window [from, to): both optional; `from` after `to` is a 400 naming `from`. */
export function parseRange(from: string | undefined, to: string | undefined): { from?: Date; to?: Date } {
  const range = { from: parseBound(from, 'from'), to: parseBound(to, 'to') };
  if (range.from && range.to && range.from.getTime() >= range.to.getTime()) throw invalid('from must be before to.', { field: 'from' });
  return range;
}

/** Which answers `mentions` keeps: the brand, none of the tracked names, or one entity. */
export type MentionsFilter = { kind: 'brand' } | { kind: 'none' } | { kind: 'unknown' } | { kind: 'entity'; entityId: string };

/** `brand`, `none`, `unknown`, or an entity id of the workspace (`brand`, `competitor:0`…); a 400 naming `mentions` otherwise. */
export function parseMentions(value: string | undefined, competitors: number): MentionsFilter | undefined {
  if (value === undefined) return undefined;
  if (value === 'brand') return { kind: 'brand' };
  if (value === 'none') return { kind: 'none' };
  if (value === 'unknown') return { kind: 'unknown' };
  const m = /^competitor:(\d{1,4})$/.exec(value);
  if (m && Number(m[1]) < competitors) return { kind: 'entity', entityId: value };
  throw invalid(`mentions must be brand, none, unknown, or a competitor of this workspace (competitor:0 to competitor:${Math.max(0, competitors - 1)}).`, { field: 'mentions' });
}

/** A domain as citations store it: lower case, no scheme, path or leading www.; a 400 naming `cited` when it is not one. */
export function parseDomain(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const host = value.trim().toLowerCase().replace(/^https?:\/\//, '').split(/[/?#]/)[0]!.replace(/^www\./, '');
  if (!/^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(host)) throw invalid('cited must be a domain such as g2.com.', { field: 'cited' });
  return host;
}

/** The search text, or a 400 naming `q` when it is over MAX_QUERY_BYTES; blank is no search. */
export function parseQuery(q: string | undefined): string | undefined {
  if (q === undefined) return undefined;
  if (Buffer.byteLength(q, 'utf8') > MAX_QUERY_BYTES) throw invalid(`q is longer than ${MAX_QUERY_BYTES} bytes.`, { field: 'q' });
  // PostgreSQL text cannot hold U+0000; the parsers see every other character as it was typed.
  const text = q.replace(/\u0000/g, ' ').trim();
  return text ? text : undefined;
}

/** What an answer's change from the previous one is computed from. */
export interface Comparable<E extends { entityId: string } = { entityId: string; name: string }> {
  entities: E[];
  citations: Array<{ domain: string; cited: boolean }>;
  sentiment: { label: SentimentLabel | null };
}

/**
 * What changed since the previous answer: tracked entities named now and not then (entered) and
 * the reverse (left), cited domains gained and lost (retrieved-only sources are not citations),
 * and the brand's sentiment label before and after.
 */
export function changesBetween<E extends { entityId: string }>(current: Comparable<E>, previous: Comparable<E>) {
  const ids = (a: Comparable<E>) => new Map(a.entities.map((e) => [e.entityId, e]));
  const now = ids(current);
  const then = ids(previous);
  const domains = (a: Comparable<E>) => new Set(a.citations.filter((c) => c.cited).map((c) => c.domain));
  const citedNow = domains(current);
  const citedThen = domains(previous);
  return {
    entered: [...now.values()].filter((e) => !then.has(e.entityId)),
    left: [...then.values()].filter((e) => !now.has(e.entityId)),
    citationsGained: [...citedNow].filter((d) => !citedThen.has(d)).sort(),
    citationsLost: [...citedThen].filter((d) => !citedNow.has(d)).sort(),
    sentiment: { from: previous.sentiment.label, to: current.sentiment.label, changed: previous.sentiment.label !== current.sentiment.label },
  };
}
