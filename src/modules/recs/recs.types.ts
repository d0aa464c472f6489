import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { MessageKey } from '../../lib/messages/catalogue.ts';

// Shapes shared by the lanes, the service and the tables. Evidence and scores are the spec's
// "internal structure not shown" (2.18); this is ours, documented in docs/recommendations.md.

export type Lane = 'geo' | 'seo';
export const LANES = ['geo', 'seo'] as const;

export const GEO_TYPES = ['content_gap', 'outreach', 'reddit_thread', 'engine_gap', 'language_gap', 'negative_sentiment', 'ai_bot_blocked', 'llms_txt_missing', 'source_gap', 'crawl_error'] as const;
export const SEO_TYPES = ['technical_check', 'search_falling_position', 'search_low_ctr', 'search_losing_clicks'] as const;
export type RecType = (typeof GEO_TYPES)[number] | (typeof SEO_TYPES)[number];

/** A stored text: a key of the catalogue and its parameters (names, numbers, lists, nested texts); texts.fns.ts says it. */
export interface Text { key: MessageKey; params?: Record<string, TextParam> }
export type TextParam = string | number | string[] | Text | Text[];
/** An item's words as stored keys: title, the one sentence of why, the rationale, the figures' labels. */
export interface RecTexts { title: Text; why: Text; rationale: Text; figures: Text[] }

/** The metric an item's evidence names: what effect tracking measures before and after. */
export type MetricName = 'mention_rate' | 'citation_share' | 'thread_mention_rate' | 'negative_rate' | 'check_pass_rate' | 'bot_access_rate' | 'ctr' | 'crawl_success_rate';
export interface MetricScope {
  engine?: string;
  language?: string;
  promptIds?: string[];
  domain?: string;
  /** A Reddit thread (geo-lane.fns.ts threadUrl): thread_mention_rate counts the answers citing it. */
  thread?: string;
  checkId?: string;
  bot?: string;
  query?: string;
  page?: string;
}
export interface MetricRef {
  name: MetricName;
  scope: MetricScope;
  /** Which way is better: a negative-answer rate should fall, a mention rate rise. */
  better: 'higher' | 'lower';
  /** Where later values come from: measurement runs, the SEO signals, or the access logs (`traffic`). */
  source: 'runs' | 'seo' | 'traffic';
}
/** A proportion k/n in percent with its 95% Wilson interval. */
export interface Measurement {
  value: number;
  k: number;
  n: number;
  interval: [number, number];
  observedAt: string;
  runId?: string;
  simulated?: boolean;
}

export interface Figure {
  label: string;
  /** A percentage (with `k` of `n` and a 95% interval) or a count (with its `n`). */
  value: number;
  unit: 'percent' | 'count' | 'bp' | 'position';
  n: number;
  k?: number;
  interval?: [number, number];
}
export interface EvidenceAnswer {
  resultId: string;
  runId: string;
  engine: string;
  promptId: string;
  prompt: string;
  language: string;
  excerpt: string;
  urls?: string[];
}
export interface Evidence {
  summary: string;
  metric: MetricRef & { current: Measurement | null };
  figures: Figure[];
  answers: EvidenceAnswer[];
  prompts: Array<{ promptId: string; text: string; intent: string; language: string }>;
  urls: string[];
  /** Extra facts of the type (the sentence, the check id, the thread URL…). */
  facts: Record<string, string | number | boolean | string[]>;
  /** The runs the figures come from (geo), or null for SEO signals. */
  window: { runIds: string[]; from: string; to: string; answers: number } | null;
  /** True when any answer behind it came from a simulated engine. */
  simulated: boolean;
  /** The item's words as message keys with parameters (texts.fns.ts), said at read time in the workspace's language; absent on items made before them. */
  text?: RecTexts;
}

export interface Scores {
  /** 0-1: how much of what is measured the item touches. */
  impact: number;
  /** 0-1: 1 − the width of the 95% interval of the figure behind it (0.9 for a direct observation). */
  confidence: number;
  /** 1 (an hour's fix) to 3 (a content or outreach project). */
  effort: 1 | 2 | 3;
  /** round(100 · impact · confidence / effort, 1). */
  priority: number;
  formula: 'recs-priority-v1';
}

/** `reason`: why no figure was taken, a message key (a plain string in items snapshotted before reasons were keys). */
export type Baseline = { metric: MetricRef; measurement: Measurement | null; reason?: Text | string };

/** What a lane proposes before it is written and stored. */
export interface Candidate {
  lane: Lane;
  type: RecType;
  topic: string;
  evidence: Evidence;
  scores: Scores;
  /** Under `eu_medical`: the action produces public text making product or health claims. */
  makesClaims: boolean;
}

/** What the SEO module exposes to this one (wired at merge; absent here means the lane says so). */
export interface SeoSignals {
  available: boolean;
  reason?: string;
  failedChecks: Array<{ checkId: string; title: string; pages: Array<{ url: string; observedValue?: unknown; expectedValue?: unknown }>; passRate: { passed: number; n: number } }>;
  insights: Array<{ kind: 'falling_position' | 'low_ctr' | 'losing_clicks'; query?: string; page?: string; clicks: number; impressions: number; ctr: number; position: number; previousPosition?: number; previousClicks?: number; importanceBp: number }>;
  aiBots: Array<{ url: string; bot: string; allowed: boolean }>;
  llmsTxt: { url: string; present: boolean } | null;
}
/** A fan-out query on which a competitor's page was retrieved and the brand's was not (sources' `gapEvidence`). */
export interface SourceGap {
  query: string;
  engine: string;
  surface: string;
  promptIds: string[];
  /** Answers with the gap, of `searchedIn` answers of the engine that searched the query. */
  answers: number;
  searchedIn: number;
  simulated: boolean;
  attribution: 'query' | 'answer';
  competitors: Array<{ name: string; urls: string[] }>;
  resultIds: string[];
}
/** What the sources module exposes to this one: the window's gaps and the prompts' texts. */
export interface SourceGapsSource {
  gapEvidence(ws: WorkspaceContext): Promise<{ gaps: SourceGap[]; prompts: Map<string, string> }>;
}

/** A page an AI agent fetched from its operator's addresses and last got an error for (access logs). */
export interface CrawlError { path: string; agent: string; token: string; operator: string; engine: string | null; hits: number; errors: number; lastStatus: number; lastAt: string }
/** What the traffic module exposes to this one: the crawl errors, and the success rate of fetches in a period. */
export interface CrawlSource {
  crawlErrors(workspaceId: string): Promise<CrawlError[]>;
  /** Verified fetches of `path` by `agent` in the range, and how many answered below 400; null without any. */
  crawlSuccess(workspaceId: string, scope: { agent: string; path: string }, range: { after?: Date; until?: Date }): Promise<{ k: number; n: number; lastAt: Date } | null>;
}

export interface SeoSignalsSource {
  signals(workspaceId: string): Promise<SeoSignals>;
}
