import { plural } from '../../lib/format/format.ts';
import { english as fmt } from '../../lib/format/english.ts';
import { confidenceOf, proportion, scoresOf } from './priority.fns.ts';
import type { Candidate, CrawlError, Evidence, MetricRef } from './recs.types.ts';

// Crawl errors (geo lane, type `crawl_error`), pure: a page an AI engine's crawler fetched from its
// operator's published addresses and last got an error for ("PerplexityBot gets 403 on /pricing").
// Only verified fetches count — a spoofer's 403 is the site defending itself, not a problem. One
// item per agent and page; the effect is the share of that agent's fetches of the page that
// succeed, measured from the access logs sent after the item is done.

export const CRAWL_THRESHOLDS = { maxItems: 5 };

export function crawlErrorCandidates(errors: CrawlError[], now: string): Candidate[] {
  return errors.filter((e) => e.lastStatus >= 400 && e.hits > 0).map((e): Candidate => {
    const metric: MetricRef = { name: 'crawl_success_rate', scope: { bot: e.agent, page: e.path }, better: 'higher', source: 'traffic' };
    const ok = e.hits - e.errors;
    const feeds = e.engine ? ` (it feeds ${fmt.engine(e.engine)})` : '';
    const evidence: Evidence = {
      summary: `${e.token} gets ${e.lastStatus} on ${e.path}: ${e.errors} of ${plural(e.hits, 'verified fetch', 'verified fetches')} failed${feeds}`,
      metric: { ...metric, current: proportion(ok, e.hits, now) },
      figures: [{ label: `verified fetches of ${e.path} by ${e.token} that failed`, unit: 'percent', ...proportion(e.errors, e.hits, now) }],
      answers: [], prompts: [], urls: [],
      facts: { bot: e.token, agent: e.agent, operator: e.operator, engine: e.engine ?? '', page: e.path, lastStatus: e.lastStatus, lastAt: e.lastAt },
      window: null, simulated: false,
    };
    // Impact: the failing share; effort 1 (a server or firewall rule).
    return { lane: 'geo', type: 'crawl_error', topic: `crawl_error:${e.agent}:${e.path}`, evidence, scores: scoresOf(e.errors / e.hits, confidenceOf(e.errors, e.hits), 1), makesClaims: false };
  }).sort((a, b) => b.scores.priority - a.scores.priority || a.topic.localeCompare(b.topic)).slice(0, CRAWL_THRESHOLDS.maxItems);
}
