import { FetchRefusedError, type SafeFetcher } from '../../lib/safe-fetch/safe-fetch.ts';
import { stageLine } from './stages.ts';
import { startSafeProxy } from '../../lib/safe-fetch/proxy.ts';
import {
  htmlFacts, llmsCheck, pageChecks, robotsCheck, sitemapCheck, type AgentAccess, type BotAccess, type Checks, type Fetched, type HtmlFacts,
} from './checks.fns.ts';
import { audit, type AuditMetrics, type AuditScores } from './lighthouse.ts';

// One page, evaluated: its HTML fetched through the safe fetcher (redirects checked hop by hop),
// the site's robots.txt, sitemap and llms.txt, the nine checks, and a Lighthouse audit whose
// browser goes through the safe proxy. A page that cannot be fetched, answers an error or is not
// HTML fails the evaluation with the reason; a Lighthouse run that cannot measure everything
// makes it `partial` with the reason, never made-up numbers.

/** Sitemap URLs kept per evaluation (about 80 KB at most). */
export const SITEMAP_URLS_KEPT = 1000;
export const PAGE_MAX_BYTES = 5 * 1024 * 1024;
const FILE_MAX_BYTES = 1024 * 1024;
const FILE_TIMEOUT_MS = 10_000;

export interface EvaluationDetails {
  redirects: string[];
  /** Each crawler's verdict for the page from robots.txt. */
  bots: BotAccess;
  /** Every known AI agent's verdict for the page (absent on evaluations made before it was kept). */
  agents?: AgentAccess;
  structuredData: HtmlFacts['structuredData'];
  /** URLs the sitemap lists (the first 1,000): the SEO refresh's sample, and the pages AI crawlers never fetched. */
  sitemapUrls: string[];
  sitemapUrl: string;
  /** Why the evaluation is partial; empty when complete. */
  problems: string[];
  /** Requests of the page that the proxy refused (target and reason), at most 20. */
  refusedRequests: Array<{ target: string; reason: string }>;
  lighthouseVersion: string | null;
}

export interface Evaluation {
  url: string;
  finalUrl: string;
  status: 'complete' | 'partial';
  scores: AuditScores;
  metrics: AuditMetrics;
  checks: Checks;
  details: EvaluationDetails;
}

export interface EvaluateOptions {
  fetcher: SafeFetcher;
  chromePath: string;
  loadTimeoutMs: number;
  totalTimeoutMs: number;
  signal?: AbortSignal;
  log?: (line: string) => Promise<void> | void;
}

/** The evaluation failed before anything could be measured; the message is the log line. */
export class EvaluationFailed extends Error {}

async function fetchFile(fetcher: SafeFetcher, url: string, signal?: AbortSignal): Promise<Fetched> {
  try {
    const res = await fetcher.fetch(url, { maxBytes: FILE_MAX_BYTES, timeoutMs: FILE_TIMEOUT_MS, signal, headers: { accept: 'text/plain, application/xml, text/xml, */*' } });
    return { status: res.status, contentType: res.headers['content-type'] ?? '', text: res.body.toString('utf8') };
  } catch (err) {
    if (signal?.aborted) throw err;
    return { status: 0, contentType: '', text: '', error: err instanceof FetchRefusedError ? `${err.reason}: ${err.message}` : (err as Error).message };
  }
}

/** HTML, robots, sitemap and llms.txt checks from what was fetched: pure CPU (benchmarked). */
export function staticChecks(finalUrl: string, html: string, robots: Fetched, sitemap: Fetched, llms: Fetched, sitemapUrl: string) {
  const origin = new URL(finalUrl).origin;
  const facts = htmlFacts(html);
  const robotsResult = robotsCheck(`${origin}/robots.txt`, robots, finalUrl);
  const sitemapResult = sitemapCheck(sitemapUrl, sitemap);
  const checks: Checks = {
    robotsTxt: robotsResult.check, sitemapXml: sitemapResult.check, llmsTxt: llmsCheck(`${origin}/llms.txt`, llms),
    ...pageChecks(facts, finalUrl),
  };
  return { checks, facts, bots: robotsResult.bots, agents: robotsResult.agents, sitemapUrls: sitemapResult.urls.slice(0, SITEMAP_URLS_KEPT), robotsSitemaps: robotsResult.sitemaps };
}

export async function evaluatePage(url: string, options: EvaluateOptions): Promise<Evaluation> {
  const { fetcher, signal } = options;
  const log = async (line: string) => options.log?.(line);
  let page;
  await log(stageLine('fetch', `fetching ${url}`));
  try {
    page = await fetcher.fetch(url, { maxBytes: PAGE_MAX_BYTES, timeoutMs: options.loadTimeoutMs, signal, headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' } });
  } catch (err) {
    if (signal?.aborted) throw err;
    const reason = err instanceof FetchRefusedError ? `${err.reason}: ${err.message}` : (err as Error).message;
    throw new EvaluationFailed(`${url} was not fetched (${reason})`);
  }
  const contentType = page.headers['content-type'] ?? '';
  if (page.status >= 400) throw new EvaluationFailed(`${page.url} answered HTTP ${page.status}`);
  if (page.status >= 300) throw new EvaluationFailed(`${page.url} answered HTTP ${page.status} without a usable redirect`);
  if (!/html/i.test(contentType)) throw new EvaluationFailed(`${page.url} is not an HTML page (content-type "${contentType || 'none'}")`);
  const problems: string[] = [];
  if (page.truncated) problems.push(`the page is larger than ${PAGE_MAX_BYTES / 1024 / 1024} MiB; checks read its beginning only`);
  await log(`fetched ${page.url}${page.redirects.length ? ` after ${page.redirects.length} redirects` : ''} (HTTP ${page.status}, ${page.body.length} bytes)`);

  const origin = new URL(page.url).origin;
  await log(stageLine('files', 'reading robots.txt, the sitemap and llms.txt'));
  const robots = await fetchFile(fetcher, `${origin}/robots.txt`, signal);
  const fromRobots = robots.status === 200 ? [...robots.text.matchAll(/^[^\S\n\r\u2028\u2029]*sitemap:\s*(\S+)/gim)].map((m) => m[1]!) : [];
  const sitemapUrl = fromRobots[0] ?? `${origin}/sitemap.xml`;
  const [sitemap, llms] = await Promise.all([fetchFile(fetcher, sitemapUrl, signal), fetchFile(fetcher, `${origin}/llms.txt`, signal)]);
  const found = staticChecks(page.url, page.body.toString('utf8'), robots, sitemap, llms, sitemapUrl);

  await log(stageLine('audit', 'Lighthouse audit in Chromium'));
  const proxy = await startSafeProxy(fetcher, { maxBytes: PAGE_MAX_BYTES, timeoutMs: options.loadTimeoutMs });
  let scores: AuditScores = { performance: null, accessibility: null, bestPractices: null, seo: null };
  let metrics: AuditMetrics = { lcp: null, cls: null, tbt: null, fcp: null };
  let lighthouseVersion: string | null = null;
  try {
    const result = await audit(page.url, { chromePath: options.chromePath, proxyUrl: proxy.url, loadTimeoutMs: options.loadTimeoutMs, totalTimeoutMs: options.totalTimeoutMs, signal });
    ({ scores, metrics, lighthouseVersion } = result);
    problems.push(...result.problems.map((p) => `lighthouse: ${p}`));
  } catch (err) {
    if (signal?.aborted || (err as Error).name === 'ChromeMissingError') throw err;
    problems.push(`lighthouse: ${(err as Error).message}`);
  } finally {
    await proxy.close();
  }
  const refusedRequests = proxy.refused.slice(0, 20);
  if (proxy.refused.length) await log(`the browser's proxy refused ${proxy.refused.length} requests: ${refusedRequests.slice(0, 5).map((r) => `${r.target.slice(0, 120)} (${r.reason.split(':')[0]})`).join('; ')}`);
  const partial = problems.length > 0 || Object.values(scores).some((s) => s === null);
  return {
    url, finalUrl: page.url, status: partial ? 'partial' : 'complete', scores, metrics, checks: found.checks,
    details: {
      redirects: page.redirects, bots: found.bots, agents: found.agents, structuredData: found.facts.structuredData, sitemapUrls: found.sitemapUrls, sitemapUrl,
      problems, refusedRequests, lighthouseVersion,
    },
  };
}
