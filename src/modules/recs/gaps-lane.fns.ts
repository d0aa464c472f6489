import { fold } from '../analysis/text.fns.ts';
import { plural } from '../../lib/format/format.ts';
import { english as fmt } from '../../lib/format/english.ts';
import { confidenceOf, proportion, scoresOf } from './priority.fns.ts';
import { answerOf, type GeoResult } from './geo-lane.fns.ts';
import type { Candidate, Evidence, EvidenceAnswer, Figure, MetricRef, SourceGap } from './recs.types.ts';

// Source gaps (geo lane, type `source_gap`), pure: the fan-out queries on which the engines read a
// competitor's page and not the brand's (the sources module's `gapEvidence`), one item per query
// and surface. One item per query, not per engine or competitor: the action — a page that answers
// the query — is the same whichever engine searched it and whichever rival it read, and one item
// per engine would propose the same page up to five times. Surfaces are never pooled.

export const GAP_THRESHOLDS = { minAnswers: 2, maxItems: 5 };
const SAMPLE_ANSWERS = 5;
const MAX_URLS = 10;

export interface GapLaneInput {
  gaps: SourceGap[];
  prompts: Map<string, string>;
  /** The window's answers (the geo lane's): excerpts, and the brand's mention rate on the prompts. */
  results: GeoResult[];
  window: { runIds: string[]; from: string; to: string };
  now: string;
}

/** Engines as a person reads them (the shared formatter's display names). */
const names = (ids: string[]) => ids.map((id) => fmt.engine(id)).join(', ');
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The competitor whose pages were read for the query in most answers' rows (ties by name). */
function leading(rows: SourceGap[]) {
  const byName = new Map<string, Set<string>>();
  for (const g of rows) for (const c of g.competitors) for (const u of c.urls) (byName.get(c.name) ?? byName.set(c.name, new Set()).get(c.name)!).add(u);
  return [...byName].map(([name, urls]) => ({ name, urls: [...urls].sort() })).sort((a, b) => b.urls.length - a.urls.length || a.name.localeCompare(b.name));
}

export function sourceGapCandidates(input: GapLaneInput): Candidate[] {
  const groups = new Map<string, SourceGap[]>();
  for (const g of input.gaps) {
    const key = `${g.surface}\u0000${fold(g.query).replace(/\s+/g, ' ').trim()}`;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(g);
  }
  const out: Candidate[] = [];
  for (const [key, rows] of groups) {
    const k = sum(rows.map((r) => r.answers));
    const n = sum(rows.map((r) => Math.max(r.searchedIn, r.answers)));
    if (k < GAP_THRESHOLDS.minAnswers) continue;
    const [surface, folded] = key.split('\u0000') as [string, string];
    const query = rows[0]!.query;
    const simulated = rows.some((r) => r.simulated);
    const rivals = leading(rows);
    const promptIds = [...new Set(rows.flatMap((r) => r.promptIds))].sort();
    const resultIds = new Set(rows.flatMap((r) => r.resultIds));
    const urls = [...new Set(rivals.flatMap((r) => r.urls))].slice(0, MAX_URLS);
    // The effect it targets: the brand's mention rate in the answers to the prompts that led to the
    // query (a measured metric; retrieval share is not one the effect measurement counts per run).
    const scoped = input.results.filter((r) => promptIds.includes(r.promptId));
    const metric: MetricRef = { name: 'mention_rate', scope: { promptIds }, better: 'higher', source: 'runs' };
    const current = scoped.length ? proportion(scoped.filter((r) => r.brandMentioned).length, scoped.length, input.now, { simulated: scoped.some((r) => r.simulated) }) : null;
    const figures: Figure[] = [
      { label: `answers searching "${query}" that read a competitor's page and not the brand's`, unit: 'percent', ...proportion(k, n, input.now) },
      ...rows.map((r): Figure => ({ label: `on ${fmt.engine(r.engine)}`, unit: 'percent', ...proportion(r.answers, Math.max(r.searchedIn, r.answers), input.now) })),
    ];
    const answers: EvidenceAnswer[] = input.results.filter((r) => resultIds.has(r.id)).slice(0, SAMPLE_ANSWERS)
      .map((r) => answerOf(r, simulated ? undefined : [...new Set(rows.filter((g) => g.resultIds.includes(r.id)).flatMap((g) => g.competitors.flatMap((c) => c.urls)))]));
    const engines = rows.map((r) => r.engine).sort();
    const evidence: Evidence = {
      summary: `On ${k} of ${plural(n, 'answer')} (${names(engines)}, surface ${surface}) that searched "${query}", the engine read ${rivals.map((r) => r.name).join(', ')}'s pages and none of the brand's${simulated ? ' (simulated engines)' : ''}`,
      metric: { ...metric, current },
      figures,
      answers,
      prompts: promptIds.map((id) => {
        const r = input.results.find((x) => x.promptId === id);
        return { promptId: id, text: input.prompts.get(id) ?? r?.prompt ?? '', intent: r?.intent ?? '', language: r?.language ?? '' };
      }),
      // Only real pages are links; simulated engines' pages are listed in the facts, marked.
      urls: simulated ? [] : urls,
      facts: {
        query, surface, engines, competitors: rivals.map((r) => r.name), competitor: rivals[0]?.name ?? '', competitorUrls: urls, urlsSimulated: simulated,
        attribution: rows.some((r) => r.attribution === 'answer') ? 'answer' : 'query',
      },
      window: { ...input.window, answers: input.results.length },
      simulated,
    };
    out.push({ lane: 'geo', type: 'source_gap', topic: `source_gap:${surface}:${folded}`, evidence, scores: scoresOf(k / n, confidenceOf(k, n), 2), makesClaims: true });
  }
  return out.sort((a, b) => b.scores.priority - a.scores.priority || a.topic.localeCompare(b.topic)).slice(0, GAP_THRESHOLDS.maxItems);
}
