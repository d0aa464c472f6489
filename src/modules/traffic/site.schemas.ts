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
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 500, description: 'At most this many `rows` (page × engine) and this many `pages`' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'Skip this many `rows` and this many `pages` (pagination: `offset` = page index × `limit`)' })),
  format: Type.Optional(StringEnum(['json', 'csv'] as const, { description: '`csv`: one line per page and engine' })),
});

export const ChainRow = Type.Object({
  path: Type.String(), url: Nullable(Type.String()), engine: Type.String(), sources: Type.Array(Type.String()),
  crawled: Type.Union([Type.Object({
    verifiedHits: Count('Verified fetches by the engine\'s crawlers (search index and user-triggered; Googlebot for Google\'s engines)'),
    claimedHits: Count('Unverified fetches'), errors: Count('Verified fetches answered ≥ 400'),
    lastStatus: Nullable(Type.Integer()), lastAt: Nullable(Timestamp), crawlers: Type.Array(Type.String()),
    verifiable: Type.Boolean({ description: 'Whether any of the crawlers can be verified (published addresses or a reverse-DNS rule). When none can (Anthropic\'s), their claimed fetches are what the crawl link is judged on' }),
  }), Type.Null()], { description: 'null: no access log sent yet (unknown, not zero)' }),
  robots: Type.Array(Type.Object({ token: Type.String(), verdict: Robots })),
  retrieved: Type.Union([Share, Type.Null()], { description: 'Real (not simulated) answers of the engine that retrieved the page, of those reporting what they retrieved (window of latest runs); null: none report it' }),
  cited: Type.Union([Share, Type.Null()], { description: 'Real (not simulated) answers of the engine citing the page, of all its real answers in the window; null: no real answer yet' }),
  visits: Type.Object({
    accessLogs: Nullable(Type.Integer({ minimum: 0, description: 'AI-referred visits in the period from access-log referrers; null: no log sent' })),
    ga4: Nullable(Type.Integer({ minimum: 0, description: 'GA4 sessions from the engine landing on the page; null: GA4 not read' })),
  }),
  simulated: Type.Boolean({ description: 'The engine\'s answers in the window are all simulated: retrieved and cited are then null, because simulated answers cite made-up paths (listed in `simulatedPaths`), never the site\'s real pages' }),
  weakest: Nullable(StringEnum(['crawl', 'retrieval', 'citation', 'visits'] as const, { description: 'The first broken link, in chain order; null when none is broken or the data to tell is missing' })),
  reason: Nullable(Type.String({ description: 'The weakest link in a sentence, e.g. "PerplexityBot gets 403 on /pricing"' })),
});
const LinkCounts = {
  crawl: Count('Pages whose weakest link is crawling'), retrieval: Count('… retrieval'), citation: Count('… citation'), visits: Count('… visits'),
  none: Count('Pages with no broken link (a link without data is never broken)'),
};
export const ChainPage = Type.Object({
  path: Type.String({ description: 'The page\'s one key (lib/text/path-key.ts): no query, no trailing slash, escapes of letters decoded' }),
  url: Nullable(Type.String()), sources: Type.Array(Type.String({ description: 'evaluated, sitemap, answers (real answers only), crawled (in the access logs), referred' })),
  engines: Type.Array(Type.Omit(ChainRow, ['path', 'url', 'sources']), { description: 'One cell per engine, in engine order: the same fields as a row' }),
  weakest: Nullable(StringEnum(['crawl', 'retrieval', 'citation', 'visits'] as const, { description: 'The most broken of the engines\' weakest links' })),
  weakestEngines: Type.Array(Type.String(), { description: 'The engines where the page breaks at `weakest`' }),
  reason: Nullable(Type.String({ description: 'The first of those engines\' reasons' })),
});

export const ChainView = Type.Object({
  from: Type.String({ format: 'date' }), to: Type.String({ format: 'date' }),
  window: Type.Union([Type.Object({ runIds: Type.Array(Type.String()), from: Timestamp, to: Timestamp }), Type.Null()], { description: 'The runs whose answers give retrieved and cited' }),
  logsReceived: Type.Boolean(), ga4: Nullable(Type.Object({ syncedAt: Timestamp, property: Nullable(Type.String()) })),
  total: Count('Rows matching the filters (before `limit`)'), rows: Type.Array(ChainRow),
  summary: Type.Object({
    pages: Count('Pages in scope (the `engine` and `path` filters apply, `weakest` does not)'),
    weakest: Nullable(StringEnum(['crawl', 'retrieval', 'citation', 'visits'] as const, { description: 'The link that breaks on the most pages (the earlier on a tie): fix it first' })),
    byLink: Type.Object(LinkCounts), engines: Type.Array(Type.Object({ engine: Type.String(), ...LinkCounts }), { description: 'The same counts per engine' }),
  }, { description: 'Where the chain breaks, counted in pages' }),
  pagesTotal: Count('Pages matching the filters (before `offset` and `limit`)'),
  pages: Type.Array(ChainPage, { description: 'One entry per page, the engines side by side; most broken first' }),
  simulatedPaths: Type.Array(Type.Object({
    path: Type.String(), url: Type.String(), engines: Type.Array(Type.String()),
    retrieved: Count('Simulated answers that retrieved it'), cited: Count('Simulated answers that cited it'),
    simulated: Type.Literal(true), known: Type.Boolean({ description: 'The path is also one of the site\'s known pages (its counts still stay apart)' }),
  }), { description: 'The brand\'s paths that simulated answers read or cited: made up by the simulated engines, so kept apart from the site\'s pages and never joined to the logs' }),
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
