import type { RunReads } from '../runs/runs.reads.ts';
import { proportion } from './priority.fns.ts';
import type { CrawlSource, Measurement, MetricRef, SeoSignals, SeoSignalsSource, Text } from './recs.types.ts';

// Measures the metric an item's evidence names, now (baseline at acceptance) or after it was done:
// run metrics over the window of latest runs (by PostgreSQL), SEO metrics from the SEO signals,
// crawl success from the access logs of the period.

/** `reason`: why there is no figure, as a message key said in the reader's language (effect.fns.ts). */
export type Measured = { measurement: Measurement; reason?: undefined } | { measurement: null; reason: Text };
const why = (key: Text['key'], params?: Text['params']): Text => (params ? { key, params } : { key });

export function fromSignals(metric: MetricRef, signals: SeoSignals, now: string): Measured {
  const s = metric.scope;
  if (metric.name === 'check_pass_rate' && s.checkId === 'llmsTxt' && signals.llmsTxt) {
    return { measurement: proportion(signals.llmsTxt.present ? 1 : 0, 1, now) };
  }
  if (metric.name === 'check_pass_rate') {
    const check = signals.failedChecks.find((c) => c.checkId === s.checkId);
    // A check missing from the failed list passes, but the SEO source does not say on how many pages.
    return check ? { measurement: proportion(check.passRate.passed, check.passRate.n, now) } : { measurement: null, reason: why('recs.effect.why.checkPasses') };
  }
  if (metric.name === 'bot_access_rate') {
    const pages = signals.aiBots.filter((b) => b.bot === s.bot);
    return pages.length ? { measurement: proportion(pages.filter((p) => p.allowed).length, pages.length, now) } : { measurement: null, reason: why('recs.effect.why.noBotPage', { bot: s.bot ?? '' }) };
  }
  if (metric.name === 'ctr') {
    const i = signals.insights.find((x) => (s.query ? x.query === s.query : x.page === s.page));
    return i ? { measurement: proportion(Math.min(i.clicks, i.impressions), i.impressions, now) } : { measurement: null, reason: why('recs.effect.why.noInsight') };
  }
  return { measurement: null, reason: why('recs.effect.why.other') };
}

/** A proportion over runs (k of n, the window's newest run) as a measurement. */
export const ofRuns = (found: { k: number; n: number; to: Date; runId: string; simulated: boolean }): Measurement =>
  proportion(found.k, found.n, found.to.toISOString(), { runId: found.runId, simulated: found.simulated });

export function createMeasure(deps: { runReads: RunReads; seoSignals?: SeoSignalsSource; crawl?: CrawlSource }) {
  async function overTraffic(workspaceId: string, metric: MetricRef, range: { after?: Date; until?: Date }): Promise<Measured> {
    const { bot, page } = metric.scope;
    if (!deps.crawl || !bot || !page) return { measurement: null, reason: why('recs.effect.why.noLogs') };
    const found = await deps.crawl.crawlSuccess(workspaceId, { agent: bot, path: page }, range);
    if (!found) return { measurement: null, reason: why('recs.effect.why.noFetch', { bot, page }) };
    return { measurement: proportion(found.k, found.n, found.lastAt.toISOString()) };
  }

  async function overRuns(workspaceId: string, metric: MetricRef, range: { after?: Date; until?: Date }): Promise<Measured> {
    const s = metric.scope;
    const spec = metric.name === 'citation_share' ? { kind: 'citation_share' as const, domain: s.domain! }
      : metric.name === 'thread_mention_rate' ? { kind: 'thread_mention_rate' as const, thread: s.thread! }
      : metric.name === 'negative_rate' ? { kind: 'negative_rate' as const }
      : { kind: 'mention_rate' as const, engine: s.engine, language: s.language, promptIds: s.promptIds };
    const found = await deps.runReads.proportionInWindow(workspaceId, range, spec);
    if (!found) return { measurement: null, reason: why('recs.effect.why.noRun') };
    return { measurement: ofRuns(found) };
  }

  /** An SEO metric from the signals as they are now (read by `read`, once per call of its caller). */
  async function overSignals(read: () => Promise<SeoSignals>, metric: MetricRef, now: Date): Promise<Measured> {
    if (!deps.seoSignals) return { measurement: null, reason: why('recs.effect.why.noSeo') };
    let signals;
    try {
      signals = await read();
    } catch {
      return { measurement: null, reason: why('recs.effect.why.seoFailed') };
    }
    if (!signals.available) return { measurement: null, reason: why('recs.effect.why.noSeo') };
    return fromSignals(metric, signals, now.toISOString());
  }

  return {
    /** The metric over the latest runs in the range (runs), or the SEO signals as they are now. */
    async measure(workspaceId: string, metric: MetricRef, range: { after?: Date; until?: Date }, now: Date): Promise<Measured> {
      if (metric.source === 'runs') return overRuns(workspaceId, metric, range);
      if (metric.source === 'traffic') return overTraffic(workspaceId, metric, range);
      return overSignals(() => deps.seoSignals!.signals(workspaceId), metric, now);
    },
    /**
     * SEO and access-log metrics of many items after they were done: the workspace's signals are
     * read at most once; access logs are read per item from its done date.
     */
    seoBatch(workspaceId: string) {
      let signals: Promise<SeoSignals> | undefined;
      const read = () => (signals ??= deps.seoSignals!.signals(workspaceId));
      return (metric: MetricRef, now: Date, after?: Date) => (metric.source === 'traffic' ? overTraffic(workspaceId, metric, { after }) : overSignals(read, metric, now));
    },
  };
}
export type Measure = ReturnType<typeof createMeasure>;
