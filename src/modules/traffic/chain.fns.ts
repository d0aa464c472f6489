import type { Agent } from './classify.fns.ts';
import { pathKey } from '../../lib/text/path-key.ts';
import type { EngineAnswers, OwnedPathTally } from '../sources/owned-paths.fns.ts';

// A page's chain from crawled to visited, pure: what robots.txt decides for each AI agent beside
// what the agent did (robots.txt, llms.txt and the page fetched, verified by address), the pages
// no AI crawler fetched, and per page and engine: crawled by the engine's crawlers → retrieved in
// its answers → cited → visits its answers sent, with the weakest link named.

export { pathKey };

export interface Crawl { path: string; agent: string; verification: 'verified' | 'claimed'; hits: number; errors: number; lastStatus: number; lastAt: Date }
export interface EvaluationIn {
  url: string;
  finalUrl: string;
  fetchedAt: Date;
  llmsTxtPassed: boolean;
  bots: Record<string, boolean>;
  agents?: Record<string, boolean>;
  sitemapUrls: string[];
}
export type RobotsVerdict = 'allowed' | 'blocked' | 'not_checked';
export type Finding = 'fetched_while_blocked' | 'blocked' | 'fetch_errors' | 'allowed_not_fetched' | 'fetched' | 'robots_only';
export type Link = 'crawl' | 'retrieval' | 'citation' | 'visits';

/** Latest evaluation per page path (evaluations come newest first). */
export function latestPerPath(evaluations: EvaluationIn[]) {
  const out = new Map<string, EvaluationIn>();
  for (const e of evaluations) if (!out.has(pathKey(e.finalUrl))) out.set(pathKey(e.finalUrl), e);
  return out;
}

export function verdictOf(e: EvaluationIn | undefined, token: string): RobotsVerdict {
  const v = e?.agents?.[token] ?? e?.bots[token];
  return v === undefined ? 'not_checked' : v ? 'allowed' : 'blocked';
}

/** Verified and claimed hits of one agent on one path, from the per-page aggregates. */
export function crawlIndex(crawls: Crawl[]) {
  const index = new Map<string, { verified: number; claimed: number; errors: number; lastStatus: number | null; lastAt: Date | null }>();
  const seen = new Set<string>();
  for (const c of crawls) {
    const key = `${pathKey(c.path)}\u0000${c.agent}`;
    const e = index.get(key) ?? { verified: 0, claimed: 0, errors: 0, lastStatus: null, lastAt: null };
    if (c.verification === 'verified') {
      e.verified += c.hits;
      e.errors += c.errors;
      if (!e.lastAt || c.lastAt > e.lastAt) [e.lastAt, e.lastStatus] = [c.lastAt, c.lastStatus];
    } else e.claimed += c.hits;
    index.set(key, e);
    seen.add(c.agent);
  }
  return { get: (path: string, agent: string) => index.get(`${pathKey(path)}\u0000${agent}`), agents: () => seen };
}
type Index = ReturnType<typeof crawlIndex>;

export function findingOf(agent: Agent, verdict: RobotsVerdict, hits: { verified: number; lastStatus: number | null } | undefined): Finding | null {
  if (agent.robotsOnly) return 'robots_only';
  const fetched = (hits?.verified ?? 0) > 0;
  if (verdict === 'blocked') return fetched ? 'fetched_while_blocked' : 'blocked';
  if (fetched) return (hits!.lastStatus ?? 0) >= 400 ? 'fetch_errors' : 'fetched';
  return verdict === 'allowed' ? 'allowed_not_fetched' : null;
}

/** Per agent: robots.txt and llms.txt fetched, and per evaluated page its verdict beside its fetches. */
export function robotsDecisions(agents: Agent[], evaluations: EvaluationIn[], index: Index) {
  const pages = [...latestPerPath(evaluations)];
  const file = (agent: string, path: string) => {
    const h = index.get(path, agent);
    return { verifiedHits: h?.verified ?? 0, claimedHits: h?.claimed ?? 0, lastStatus: h?.lastStatus ?? null, lastAt: h?.lastAt?.toISOString() ?? null };
  };
  return agents.map((a) => ({
    agent: a.id, token: a.token, operator: a.operator, purpose: a.purpose, engine: a.engine, robotsOnly: Boolean(a.robotsOnly),
    robotsTxt: file(a.id, '/robots.txt'),
    llmsTxt: file(a.id, '/llms.txt'),
    pages: pages.map(([path, e]) => {
      const h = index.get(path, a.id);
      const robots = verdictOf(e, a.token);
      return {
        url: e.finalUrl, path, robots, evaluatedAt: e.fetchedAt.toISOString(), verifiedHits: h?.verified ?? 0, claimedHits: h?.claimed ?? 0,
        lastStatus: h?.lastStatus ?? null, lastAt: h?.lastAt?.toISOString() ?? null, finding: findingOf(a, robots, h),
      };
    }),
  }));
}

/**
 * The site's pages we know of (evaluated, in the sitemap, read or cited in real answers, crawled,
 * referred), by path. A path only simulated answers cite is not a page of the site: the simulated
 * engines make such paths up (see simulatedPaths).
 */
export function knownPages(input: { evaluations: EvaluationIn[]; owned: OwnedPathTally[]; crawls: Crawl[]; referred: Array<{ path: string }> }) {
  const pages = new Map<string, { url: string | null; sources: Set<string> }>();
  const add = (urlOrPath: string, source: string) => {
    const path = pathKey(urlOrPath);
    if (path === '/robots.txt' || path === '/llms.txt') return;
    const e = pages.get(path) ?? { url: null, sources: new Set<string>() };
    if (!e.url && /^https?:/i.test(urlOrPath)) e.url = urlOrPath;
    e.sources.add(source);
    pages.set(path, e);
  };
  for (const e of input.evaluations) {
    add(e.finalUrl, 'evaluated');
    const host = URL.canParse(e.finalUrl) ? new URL(e.finalUrl).host : '';
    for (const u of e.sitemapUrls) if (URL.canParse(u) && new URL(u).host === host) add(u, 'sitemap');
  }
  for (const o of input.owned) if (!o.simulated) add(o.url, 'answers');
  for (const c of input.crawls) add(c.path, 'crawled');
  for (const r of input.referred) add(r.path, 'referred');
  return pages;
}

/**
 * The brand's paths that simulated answers retrieved or cited, apart from the site's pages and
 * labelled: a simulated engine invents them (/blog, /docs), so they are shown as what they are,
 * never joined to the logs. `known`: the path is also a real page (its counts still stay apart).
 */
export function simulatedPaths(owned: OwnedPathTally[], pages: ReturnType<typeof knownPages>) {
  const by = new Map<string, { path: string; url: string; engines: Set<string>; retrieved: number; cited: number }>();
  for (const o of owned) {
    if (!o.simulated) continue;
    const e = by.get(o.path) ?? { path: o.path, url: o.url, engines: new Set<string>(), retrieved: 0, cited: 0 };
    e.engines.add(o.engine);
    e.retrieved += o.retrieved;
    e.cited += o.cited;
    by.set(o.path, e);
  }
  return [...by.values()].map((e) => ({ ...e, engines: [...e.engines].sort(), simulated: true as const, known: pages.has(e.path) }))
    .sort((a, b) => b.cited - a.cited || a.path.localeCompare(b.path));
}

/** Known pages that no AI agent fetched from a verified address (claimed fetches are shown, not counted). */
export function neverFetched(pages: ReturnType<typeof knownPages>, agents: Agent[], index: Index) {
  const fetchers = agents.filter((a) => !a.robotsOnly);
  return [...pages].flatMap(([path, p]) => {
    const hits = fetchers.map((a) => index.get(path, a.id));
    if (hits.some((h) => (h?.verified ?? 0) > 0)) return [];
    return [{ path, url: p.url, sources: [...p.sources].sort(), claimedHits: hits.reduce((s, h) => s + (h?.claimed ?? 0), 0) }];
  }).sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * The crawlers that feed an engine's answers: its operator's search-index and user-triggered
 * agents (training crawlers do not make a page retrievable). Gemini and Google's AI Mode answer
 * from Google's search index, so Googlebot is theirs too. DataForSEO's engines read the same
 * products (ChatGPT, Gemini, AI Mode) as served, so they share those products' crawlers; Copilot's
 * is Bingbot (its agent says `copilot`).
 */
const SAME_PRODUCT: Record<string, string> = { 'dataforseo-chatgpt': 'chatgpt', 'dataforseo-gemini': 'gemini', 'dataforseo-ai-mode': 'google-ai-mode' };
export function crawlersOf(engine: string, agents: Agent[]): Agent[] {
  const product = SAME_PRODUCT[engine] ?? engine;
  const google = product === 'gemini' || product === 'google-ai-mode' || product === 'google-aio';
  return agents.filter((a) => !a.robotsOnly && a.purpose !== 'training' && (a.engine === product || (google && a.id === 'googlebot')));
}

export interface ChainInput {
  agents: Agent[];
  pages: ReturnType<typeof knownPages>;
  index: Index;
  evaluations: Map<string, EvaluationIn>;
  engines: EngineAnswers[];
  owned: OwnedPathTally[];
  /** Visits per engine and path from access-log referrers, and from GA4 (null: GA4 not synced). */
  visits: Map<string, number>;
  ga4: Map<string, number> | null;
  /** Whether any access log reached this workspace: without one, crawling is unknown, not absent. */
  logsReceived: boolean;
}
