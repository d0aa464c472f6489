import { Type } from 'typebox';
import { Closed, Nullable, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';

const Count = (description: string) => Type.Integer({ minimum: 0, description });
export const Verification = StringEnum(['verified', 'claimed'] as const, { description: '`verified`: the address is in the operator\'s published ranges; `claimed`: only the user agent says so (spoofers stay here)' });
export const Purpose = StringEnum(['training', 'search_index', 'user_fetch'] as const);
const Day = Type.String({ format: 'date', description: 'Calendar day, UTC' });

export const IngestCounts = Type.Object({
  lines: Count('Non-empty lines read'),
  skipped: Count('Comments, headers and records that are not requests (CloudFront `#` lines, Vercel build logs)'),
  unparsed: Count('Lines that did not parse (a sample is in `unparsedSample`)'),
  agentHits: Count('Requests by AI agents'),
  verified: Count('…of which from the operator\'s published ranges'),
  claimed: Count('…of which only claimed by the user agent'),
  referrals: Count('Visits referred by AI answers (referrer header)'),
  other: Count('Requests neither by an AI agent nor AI-referred: counted, not stored'),
  expired: Count('Kept lines older than the workspace\'s retention: counted, not stored'),
  inserted: Count('Kept lines stored now'),
  duplicates: Count('Kept lines already stored by an earlier upload (same line): counted once'),
});

export const UploadResult = Type.Object({
  id: Type.String({ description: 'The job id (`GET …/jobs/{id}` has its progress)' }),
  source: Type.String({ description: '`upload`, or `drain:<id>`' }),
  status: StringEnum(['running', 'succeeded', 'failed', 'cancelled'] as const),
  bytesReceived: Type.Integer({ minimum: 0 }),
  counts: IngestCounts,
  unparsedSample: Type.Array(Type.Object({ line: Type.Integer({ minimum: 1 }), reason: Type.String(), text: Type.String({ description: 'The line, cut at 300 characters' }) }), { description: 'The first 20 lines that did not parse' }),
  finishedAt: Nullable(Timestamp),
});

export const RetentionBody = Closed({ retentionDays: Type.Integer({ minimum: 1, maximum: 3650, description: 'Days raw hits are kept (aggregates are kept beyond)' }) });
export const Retention = Type.Object({ retentionDays: Type.Integer({ minimum: 1 }) });

export const RangeQuery = Closed({
  from: Type.Optional(Type.String({ format: 'date', description: 'First day (UTC), default 30 days ago' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'Last day (UTC), default today' })),
  format: Type.Optional(StringEnum(['json', 'csv'] as const, { description: '`csv` answers text/csv with the same rows' })),
});

export const AgentDay = Type.Object({
  day: Day, agent: Type.String(), operator: Type.String(), purpose: Purpose, verification: Verification,
  hits: Count('Requests'), s2xx: Count('2xx'), s3xx: Count('3xx'), s4xx: Count('4xx'), s5xx: Count('5xx'), bytes: Count('Response bytes'),
});

export const PageAgent = Type.Object({
  path: Type.String(), folder: Type.String({ description: 'The first path segment, e.g. `/blog/`; `/` for top-level pages' }),
  agent: Type.String(), operator: Type.String(), purpose: Purpose, verification: Verification,
  hits: Count('Requests since the first'), errors: Count('Requests answered 4xx or 5xx'),
  errorRate: Type.Number({ minimum: 0, maximum: 1 }), lastStatus: Type.Integer(),
  firstAt: Timestamp, lastAt: Timestamp,
  hitsPerDay: Type.Number({ minimum: 0, description: 'hits / days between the first and last fetch (at least one day)' }),
});
export const PagesQuery = Closed({
  agent: Type.Optional(Type.String({ maxLength: 64 })),
  folder: Type.Optional(Type.String({ maxLength: 512, description: 'Only paths under this folder, e.g. `/blog/`' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 500 })),
  format: Type.Optional(StringEnum(['json', 'csv'] as const)),
});

export const Referral = Type.Object({ day: Day, engine: Type.String(), path: Type.String(), visits: Count('Visits') });

const VercelVerify = Type.String({
  minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._~-]+$',
  description: 'The verification code Vercel shows when a drain is added (its `x-vercel-verify` value): the push URL answers it in the `x-vercel-verify` header, to `GET` and to every push.',
});
export const Drain = Type.Object({
  id: Type.String(), name: Type.String(), pushUrl: Type.String({ description: 'Where the drain posts (relative to the API)' }),
  vercelVerify: Nullable(VercelVerify), createdAt: Timestamp, revokedAt: Nullable(Timestamp),
});
export const DrainCreated = Type.Object({
  ...Drain.properties,
  secret: Type.String({ description: 'Shown once: sign each push with it (HMAC-SHA256 in `x-geo-signature`, or HMAC-SHA1 in `x-vercel-signature`)' }),
});
const DrainName = Type.String({ minLength: 1, maxLength: 100 });
export const DrainBody = Closed({ name: DrainName, vercelVerify: Type.Optional(VercelVerify) });
export const DrainPatch = Closed({ name: Type.Optional(DrainName), vercelVerify: Type.Optional(Nullable(VercelVerify)) }, { minProperties: 1 });
