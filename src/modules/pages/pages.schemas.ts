import { Type } from 'typebox';
import { Closed, HttpUrl, Nullable, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { BOTS, CHECK_KEYS } from './checks.keys.ts';

const Check = Type.Object({
  passed: Type.Boolean(),
  value: Type.String({ description: 'What was observed; "" when absent' }),
  suggestion: Type.String({ description: 'What to do about it; "" when the check passed' }),
});
const Score = Nullable(Type.Number({ minimum: 0, maximum: 100 }));
const Metric = Nullable(Type.Number({ minimum: 0 }));

/** Spec 2.14. Scores and metrics are null only when Lighthouse could not measure them (`status: partial`, `details.problems`). */
export const PageEvaluation = Type.Object({
  id: Type.String(),
  workspace: Type.String(),
  url: Type.String({ description: 'The address asked for' }),
  finalUrl: Type.String({ description: 'Where it led after redirects' }),
  fetchedAt: Timestamp,
  status: StringEnum(['complete', 'partial'] as const, { description: '`partial`: something could not be measured; `details.problems` says what' }),
  jobId: Nullable(Type.String()),
  scores: Type.Object({ performance: Score, accessibility: Score, bestPractices: Score, seo: Score }, { description: 'Lighthouse category scores, 0-100' }),
  metrics: Type.Object({
    lcp: Metric, cls: Metric, tbt: Metric, fcp: Metric,
  }, { description: 'Largest Contentful Paint, Total Blocking Time and First Contentful Paint in ms; Cumulative Layout Shift unitless' }),
  checks: Type.Object(Object.fromEntries(CHECK_KEYS.map((k) => [k, Check])) as Record<(typeof CHECK_KEYS)[number], typeof Check>),
  details: Type.Object({
    redirects: Type.Array(Type.String()),
    bots: Type.Object(Object.fromEntries(BOTS.map((b) => [b, Type.Boolean()])), { description: 'robots.txt verdict for the page, per crawler' }),
    agents: Type.Optional(Type.Record(Type.String(), Type.Boolean(), { description: 'robots.txt verdict for the page per AI agent token (GPTBot, OAI-SearchBot, ChatGPT-User, ClaudeBot, PerplexityBot, …: every agent of the traffic module); absent on evaluations made before it was recorded' })),
    structuredData: Type.Object({ blocks: Type.Integer(), types: Type.Array(Type.String()) }, { description: 'JSON-LD blocks that parse, and their @type values' }),
    sitemapUrls: Type.Array(Type.String(), { description: 'URLs the sitemap lists, the first 1,000' }),
    sitemapUrl: Type.String(),
    problems: Type.Array(Type.String()),
    refusedRequests: Type.Array(Type.Object({ target: Type.String(), reason: Type.String() }), { description: 'Requests of the page refused by the address rules' }),
    lighthouseVersion: Nullable(Type.String()),
  }),
});

export const StartEvaluationBody = Closed({
  url: { ...HttpUrl, description: 'An http(s) address on the public internet; loopback, private, link-local and other reserved addresses are refused in any spelling' },
});
