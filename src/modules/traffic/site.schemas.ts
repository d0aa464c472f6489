import { Type } from 'typebox';
import { Closed, Nullable, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { Stamp } from '../scores/methodology.schema.ts';
import { Purpose } from './traffic.schemas.ts';

// Schemas of the views that join access logs to the page evaluations, the answers and GA4.

const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Share = Type.Object({
  k: Type.Integer({ minimum: 0 }), n: Type.Integer({ minimum: 0 }),
  value: Nullable(Type.Number({ description: 'Percent, 0-100' })),
  interval: Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: '95% Wilson interval, percent' }),
});
const Robots = StringEnum(['allowed', 'blocked', 'not_checked'] as const, { description: 'robots.txt\'s verdict for the agent\'s token on the page, from the latest page evaluation; `not_checked`: no evaluation of the page records it' });
const FileFetch = Type.Object({
  verifiedHits: Count('Fetches from the operator\'s published addresses'), claimedHits: Count('Fetches only claimed by the user agent'),
  lastStatus: Nullable(Type.Integer()), lastAt: Nullable(Timestamp),
});

export const RobotsView = Type.Object({
  evaluatedAt: Nullable(Timestamp),
  llmsTxt: Type.Union([Type.Object({ url: Type.String(), present: Type.Boolean() }), Type.Null()], { description: 'From the latest page evaluation; null before any' }),
  agents: Type.Array(Type.Object({
    agent: Type.String(), token: Type.String({ description: 'The robots.txt / user-agent token' }), operator: Type.String(), purpose: Purpose,
    engine: Nullable(Type.String()), robotsOnly: Type.Boolean({ description: 'A robots.txt token only (Google-Extended, Applebot-Extended): never seen in logs' }),
    robotsTxt: FileFetch, llmsTxt: FileFetch,
    pages: Type.Array(Type.Object({
      url: Type.String(), path: Type.String(), robots: Robots, evaluatedAt: Timestamp,
      verifiedHits: Count('Verified fetches of the page'), claimedHits: Count('Claimed fetches of the page'), lastStatus: Nullable(Type.Integer()), lastAt: Nullable(Timestamp),
      finding: Nullable(StringEnum(['fetched_while_blocked', 'blocked', 'fetch_errors', 'allowed_not_fetched', 'fetched', 'robots_only'] as const, {
        description: '`fetched_while_blocked`: verified fetches although robots.txt blocks the token (user-triggered agents may not follow robots.txt); `fetch_errors`: the last verified fetch answered ≥ 400; `allowed_not_fetched`: allowed, no verified fetch in the logs',
      })),
    })),
  })),
});

export const UnfetchedView = Type.Object({
  logsReceived: Type.Boolean({ description: 'False until an access log reaches the workspace: every page is then "never fetched" for want of data' }),
  pagesKnown: Count('Pages known: evaluated, in the sitemap (first 1,000 URLs), retrieved or cited in answers, crawled, or AI-referred'),
  rows: Type.Array(Type.Object({
    path: Type.String(), url: Nullable(Type.String()),
    sources: Type.Array(Type.String(), { description: 'Where the page is known from: evaluated, sitemap, answers, crawled, referred' }),
    claimedHits: Count('Fetches by AI user agents from unverified addresses (not counted as fetched)'),
  })),
});

export const ChainQuery = Closed({
  from: Type.Optional(Type.String({ format: 'date', description: 'First day of the visits counted (UTC), default 30 days ago' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'Last day (UTC), default today' })),
  engine: Type.Optional(Type.String({ maxLength: 64 })),
  path: Type.Optional(Type.String({ maxLength: 2000, description: 'One page path, e.g. `/pricing`' })),
  weakest: Type.Optional(StringEnum(['crawl', 'retrieval', 'citation', 'visits', 'none'] as const, { description: 'Only rows whose weakest link is this (`none`: no broken link)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 500 })),
  format: Type.Optional(StringEnum(['json', 'csv'] as const, { description: '`csv`: one line per page and engine' })),
});

export const ChainRow = Type.Object({
  path: Type.String(), url: Nullable(Type.String()), engine: Type.String(), sources: Type.Array(Type.String()),
  crawled: Type.Union([Type.Object({
    verifiedHits: Count('Verified fetches by the engine\'s crawlers (search index and user-triggered; Googlebot for Google\'s engines)'),
    claimedHits: Count('Unverified fetches'), errors: Count('Verified fetches answered ≥ 400'),
    lastStatus: Nullable(Type.Integer()), lastAt: Nullable(Timestamp), crawlers: Type.Array(Type.String()),
  }), Type.Null()], { description: 'null: no access log sent yet (unknown, not zero)' }),
  robots: Type.Array(Type.Object({ token: Type.String(), verdict: Robots })),
  retrieved: Type.Union([Share, Type.Null()], { description: 'Answers of the engine that retrieved the page, of those reporting what they retrieved (window of latest runs); null: none report it' }),
  cited: Type.Union([Share, Type.Null()], { description: 'Answers of the engine citing the page, of all its answers in the window; null: no answer yet' }),
  visits: Type.Object({
    accessLogs: Nullable(Type.Integer({ minimum: 0, description: 'AI-referred visits in the period from access-log referrers; null: no log sent' })),
    ga4: Nullable(Type.Integer({ minimum: 0, description: 'GA4 sessions from the engine landing on the page; null: GA4 not read' })),
  }),
  simulated: Type.Boolean({ description: 'Answer figures come (partly) from simulated engines' }),
  weakest: Nullable(StringEnum(['crawl', 'retrieval', 'citation', 'visits'] as const, { description: 'The first broken link, in chain order; null when none is broken or the data to tell is missing' })),
  reason: Nullable(Type.String({ description: 'The weakest link in a sentence, e.g. "PerplexityBot gets 403 on /pricing"' })),
});
export const ChainView = Type.Object({
  from: Type.String({ format: 'date' }), to: Type.String({ format: 'date' }),
  window: Type.Union([Type.Object({ runIds: Type.Array(Type.String()), from: Timestamp, to: Timestamp }), Type.Null()], { description: 'The runs whose answers give retrieved and cited' }),
  logsReceived: Type.Boolean(), ga4: Nullable(Type.Object({ syncedAt: Timestamp, property: Nullable(Type.String()) })),
  total: Count('Rows matching the filters (before `limit`)'), rows: Type.Array(ChainRow),
  stamp: Stamp,
});

export const Ga4View = Type.Object({
  from: Type.String({ format: 'date' }), to: Type.String({ format: 'date' }),
  syncedAt: Type.Union([Timestamp, Type.Null()], { description: 'When the SEO refresh last read GA4; null: never (connect GA4 and refresh SEO)' }),
  property: Nullable(Type.String()),
  rows: Type.Array(Type.Object({
    day: Type.String({ format: 'date' }), engine: Type.String(), path: Type.String({ description: 'Landing page' }), source: Type.String({ description: 'GA4\'s session source' }),
    sessions: Count('Sessions'), keyEvents: Count('Key events (GA4\'s conversions)'),
  })),
});
