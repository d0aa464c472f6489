import { wilson } from '../scores/scores.fns.ts';
import { crawlersOf, verdictOf, type ChainInput, type Link } from './chain.fns.ts';

// Per page and engine, the chain crawled → retrieved → cited → visited, and its weakest link:
// the first link that breaks, in that order, because a page no crawler can read is never
// retrieved, one never retrieved is never cited, and one never cited sends no visit. A link we
// have no data for (no access log sent, an engine that reports no retrieval, no answer from the
// engine yet) is `unknown` and never named as the weakest.
// Retrieved and cited count real answers only: a simulated engine's answers cite made-up paths, so
// on the site's real pages they would read "0 of 200" for want of reality, not of citations
// (the paths they cite are listed apart, chain.fns.ts simulatedPaths). An engine whose crawlers
// no operator list or DNS rule can verify (Anthropic's) is judged on its claimed fetches.

const ORDER: Record<Link, number> = { crawl: 0, retrieval: 1, citation: 2, visits: 3 };
const share = (k: number, n: number) => ({ k, n, value: n ? Math.round((10_000 * k) / n) / 100 : null, interval: wilson(k, n) });

/**
 * The engines worth a column: those that answered in the window, those whose crawlers are in the
 * logs, and those that sent visits (access-log referrers, GA4): a workspace with no run yet still
 * sees the visits ChatGPT sent to its pricing page.
 */
export const engineIdsOf = (input: Pick<ChainInput, 'engines' | 'agents' | 'index' | 'visits' | 'ga4'>) => {
  const logged = input.index.agents();
  const visited = [...input.visits, ...(input.ga4 ?? [])].flatMap(([key, n]) => (n > 0 ? [key.split('\u0000')[0]!] : []));
  return [...new Set([
    ...input.engines.map((e) => e.engine), ...visited,
    ...input.agents.flatMap((a) => (a.engine && logged.has(a.id) && !a.robotsOnly && a.purpose !== 'training' ? [a.engine] : [])),
  ])].sort();
};
const verifiable = (a: { ranges: string | null; rdns?: string[] }) => Boolean(a.ranges || a.rdns?.length);

export function chainRows(input: ChainInput) {
  const { agents, index } = input;
  const engineIds = engineIdsOf(input);
  // Indexed once: a large site has thousands of pages × engines.
  const ownedBy = new Map<string, typeof input.owned>();
  for (const o of input.owned.filter((x) => !x.simulated)) {
    const key = `${o.engine}\u0000${o.path}`;
    ownedBy.set(key, [...(ownedBy.get(key) ?? []), o]);
  }
  const answeredBy = new Map(engineIds.map((e) => [e, input.engines.filter((x) => x.engine === e)]));
  const rows = [];
  for (const [path, page] of input.pages) {
    for (const engine of engineIds) {
      const crawlers = crawlersOf(engine, agents);
      const all = answeredBy.get(engine) ?? [];
      const answered = all.filter((e) => !e.simulated);
      const answers = answered.reduce((s, e) => s + e.answers, 0);
      const reported = answered.reduce((s, e) => s + e.retrievalReported, 0);
      const checkable = crawlers.some(verifiable);
      const owned = ownedBy.get(`${engine}\u0000${path}`) ?? [];
      const retrieved = owned.reduce((s, o) => s + o.retrieved, 0);
      const cited = owned.reduce((s, o) => s + o.cited, 0);
      const hits = crawlers.map((a) => ({ agent: a, h: index.get(path, a.id) }));
      const verified = hits.reduce((s, x) => s + (x.h?.verified ?? 0), 0);
      const claimed = hits.reduce((s, x) => s + (x.h?.claimed ?? 0), 0);
      const latest = hits.filter((x) => x.h?.lastAt).sort((a, b) => b.h!.lastAt!.getTime() - a.h!.lastAt!.getTime())[0];
      const evaluation = input.evaluations.get(path);
      const verdicts = crawlers.map((a) => ({ token: a.token, verdict: verdictOf(evaluation, a.token) }));
      const blocked = verdicts.filter((v) => v.verdict === 'blocked').map((v) => v.token);
      const visits = input.visits.get(`${engine}\u0000${path}`) ?? 0;
      const ga4 = input.ga4 ? input.ga4.get(`${engine}\u0000${path}`) ?? 0 : null;

      let weakest: Link | null = null;
      let reason: string | null = null;
      const name = (list: string[]) => list.join(', ');
      if (crawlers.length && blocked.length === crawlers.length) [weakest, reason] = ['crawl', `robots.txt blocks ${name(blocked)} on ${path}`];
      else if (latest && (latest.h!.lastStatus ?? 0) >= 400) [weakest, reason] = ['crawl', `${latest.agent.token} gets ${latest.h!.lastStatus} on ${path}`];
      else if (input.logsReceived && crawlers.length && verified === 0 && (checkable || claimed === 0)) {
        [weakest, reason] = ['crawl', checkable ? `no verified fetch of ${path} by ${name(crawlers.map((a) => a.token))} in the access logs` : `no fetch of ${path} by ${name(crawlers.map((a) => a.token))} in the access logs`];
      }
      else if (reported > 0 && retrieved === 0) [weakest, reason] = ['retrieval', `${path} was not retrieved in any of ${reported} answers that report what they read`];
      else if (answers > 0 && cited === 0) [weakest, reason] = ['citation', retrieved ? `${path} was retrieved in ${retrieved} answers and cited in none` : `${path} was cited in none of ${answers} answers`];
      else if (cited > 0 && (input.logsReceived || ga4 !== null) && visits + (ga4 ?? 0) === 0) [weakest, reason] = ['visits', `${path} is cited in ${cited} answers but no visit came from them`];

      rows.push({
        path, url: page.url, engine, sources: [...page.sources].sort(),
        crawled: input.logsReceived ? {
          verifiedHits: verified, claimedHits: claimed, errors: hits.reduce((s, x) => s + (x.h?.errors ?? 0), 0),
          lastStatus: latest?.h?.lastStatus ?? null, lastAt: latest?.h?.lastAt?.toISOString() ?? null, crawlers: crawlers.map((a) => a.token), verifiable: checkable,
        } : null,
        robots: verdicts,
        retrieved: reported ? share(retrieved, reported) : null,
        cited: answers ? share(cited, answers) : null,
        visits: { accessLogs: input.logsReceived ? visits : null, ga4 },
        simulated: all.some((e) => e.simulated) && !answered.length,
        weakest, reason,
      });
    }
  }
  return rows.sort((a, b) => (a.weakest ? ORDER[a.weakest] : 9) - (b.weakest ? ORDER[b.weakest] : 9) || a.path.localeCompare(b.path) || a.engine.localeCompare(b.engine));
}
export type ChainRow = ReturnType<typeof chainRows>[number];
