import { OBSERVED_CONFIDENCE, confidenceOf, proportion, scoresOf } from './priority.fns.ts';
import type { Candidate, Evidence, MetricRef, RecType, SeoSignals } from './recs.types.ts';

// The seo lane, and the geo items that come from page evaluations (AI bots refused by robots.txt,
// a missing llms.txt), pure over the SEO module's signals. Nothing here is invented: without
// signals there are no candidates, and the caller reports why.

const MAX_PAGES = 20;

function ev(summary: string, metric: MetricRef & { current: Evidence['metric']['current'] }, parts: Partial<Evidence>): Evidence {
  return { summary, metric, figures: [], answers: [], prompts: [], urls: [], facts: {}, window: null, simulated: false, ...parts };
}
const make = (lane: 'geo' | 'seo', type: RecType, topic: string, evidence: Evidence, impact: number, confidence: number, effort: 1 | 2 | 3): Candidate =>
  ({ lane, type, topic, evidence, scores: scoresOf(impact, confidence, effort), makesClaims: false });

/** Failed technical checks, one item per check with every failing page. */
export function checkCandidates(signals: SeoSignals, now: string): Candidate[] {
  return signals.failedChecks.filter((c) => c.passRate.n > 0 && c.passRate.passed < c.passRate.n).map((check) => {
    const { passed, n } = check.passRate;
    const metric: MetricRef = { name: 'check_pass_rate', scope: { checkId: check.checkId }, better: 'higher', source: 'seo' };
    return make('seo', 'technical_check', `check:${check.checkId}`, ev(`${check.title}: fails on ${n - passed} of ${n} evaluated pages`, { ...metric, current: proportion(passed, n, now) }, {
      figures: [{ label: 'pages passing the check', unit: 'percent', ...proportion(passed, n, now) }],
      urls: check.pages.slice(0, MAX_PAGES).map((p) => p.url),
      facts: { checkId: check.checkId, title: check.title, failingPages: n - passed },
      answers: [],
    }), 1 - passed / n, confidenceOf(n - passed, n), 1);
  });
}

const INSIGHT_TYPE = { falling_position: 'search_falling_position', low_ctr: 'search_low_ctr', losing_clicks: 'search_losing_clicks' } as const;

/** Search Console insights: queries falling in position, high impressions with low CTR, pages losing clicks. */
export function insightCandidates(signals: SeoSignals, now: string): Candidate[] {
  return signals.insights.filter((i) => i.query || i.page).map((i) => {
    const subject = i.query ? `query "${i.query}"` : `page ${i.page}`;
    const metric: MetricRef = { name: 'ctr', scope: i.query ? { query: i.query } : { page: i.page! }, better: 'higher', source: 'seo' };
    const ctr = proportion(Math.min(i.clicks, i.impressions), i.impressions, now);
    const summary = i.kind === 'falling_position'
      ? `${subject} fell from position ${i.previousPosition ?? '?'} to ${i.position} (${i.impressions} impressions)`
      : i.kind === 'low_ctr'
        ? `${subject} has ${i.impressions} impressions but a CTR of ${ctr.value}%`
        : `${subject} lost clicks: ${i.previousClicks ?? '?'} → ${i.clicks}`;
    return make('seo', INSIGHT_TYPE[i.kind], `gsc:${i.kind}:${i.query ?? i.page}`, ev(summary, { ...metric, current: ctr }, {
      figures: [
        { label: 'click-through rate', unit: 'percent', ...ctr },
        { label: 'average position', unit: 'position', value: i.position, n: i.impressions },
        ...(i.previousPosition === undefined ? [] : [{ label: 'previous average position', unit: 'position' as const, value: i.previousPosition, n: i.impressions }]),
        ...(i.previousClicks === undefined ? [] : [{ label: 'previous clicks', unit: 'count' as const, value: i.previousClicks, n: i.impressions }]),
        { label: 'importance', unit: 'bp', value: i.importanceBp, n: i.impressions },
      ],
      urls: i.page ? [i.page] : [],
      facts: { kind: i.kind, ...(i.query ? { query: i.query } : {}), ...(i.page ? { page: i.page } : {}) },
    }), i.importanceBp / 10_000, confidenceOf(Math.min(i.clicks, i.impressions), i.impressions), 2);
  });
}

/** Geo items from page evaluations: one per AI bot that robots.txt refuses, and a missing llms.txt. */
export function pageEvaluationCandidates(signals: SeoSignals, now: string): Candidate[] {
  const out: Candidate[] = [];
  const bots = new Map<string, Array<{ url: string; allowed: boolean }>>();
  for (const b of signals.aiBots) (bots.get(b.bot) ?? bots.set(b.bot, []).get(b.bot)!).push(b);
  for (const [bot, pages] of bots) {
    const refused = pages.filter((p) => !p.allowed);
    if (!refused.length) continue;
    const metric: MetricRef = { name: 'bot_access_rate', scope: { bot }, better: 'higher', source: 'seo' };
    const access = proportion(pages.length - refused.length, pages.length, now);
    out.push(make('geo', 'ai_bot_blocked', `ai_bot_blocked:${bot}`, ev(`robots.txt refuses ${bot} on ${refused.length} of ${pages.length} evaluated pages`, { ...metric, current: access }, {
      figures: [{ label: `pages ${bot} may fetch`, unit: 'percent', ...access }],
      urls: refused.slice(0, MAX_PAGES).map((p) => p.url),
      facts: { bot },
    }), refused.length / pages.length, OBSERVED_CONFIDENCE, 1));
  }
  if (signals.llmsTxt && !signals.llmsTxt.present) {
    const metric: MetricRef = { name: 'check_pass_rate', scope: { checkId: 'llmsTxt' }, better: 'higher', source: 'seo' };
    out.push(make('geo', 'llms_txt_missing', 'llms_txt_missing', ev(`No llms.txt at ${signals.llmsTxt.url}`, { ...metric, current: proportion(0, 1, now) }, {
      figures: [{ label: 'llms.txt present', unit: 'count', value: 0, n: 1 }],
      urls: [signals.llmsTxt.url],
      facts: { url: signals.llmsTxt.url },
    }), 0.3, OBSERVED_CONFIDENCE, 1));
  }
  return out;
}

export function seoCandidates(signals: SeoSignals, now: string): Candidate[] {
  return [...checkCandidates(signals, now), ...insightCandidates(signals, now)];
}
