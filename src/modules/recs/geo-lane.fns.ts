import { createHash } from 'node:crypto';
import { sentences, fold } from '../analysis/text.fns.ts';
import { entitySentiments } from '../analysis/sentiment.fns.ts';
import { wilson } from '../scores/scores.fns.ts';
import { confidenceOf, proportion, reach, scoresOf } from './priority.fns.ts';
import type { Candidate, Evidence, EvidenceAnswer, MetricRef, RecType } from './recs.types.ts';
import { REDDIT_DOMAINS } from '../runs/answer-counts.ts';
import { plural } from '../../lib/format/format.ts';
import { english as fmt } from '../../lib/format/english.ts';
import { trimTrailingSlashes } from '../../lib/text/trim.ts';

// The geo lane, pure: the answers of the latest runs in, candidate recommendations out. Every
// figure is k of n answers with its interval; thresholds keep one-off noise from becoming work.

export interface GeoResult {
  id: string;
  runId: string;
  engine: string;
  promptId: string;
  prompt: string;
  intent: string;
  language: string;
  simulated: boolean;
  brandMentioned: boolean;
  /** The analysis's brand sentiment of the answer, in [-1, 1] (null when the brand is not named). */
  brandSentiment: number | null;
  /** Competitors named (entity ids → names). */
  competitors: string[];
  citations: Array<{ url: string; domain: string; class: 'owned' | 'competitor' | 'third_party' }>;
  /** The answer text (possibly truncated): excerpts and negative sentences come from it. */
  answer: string;
}
export interface GeoInput {
  brand: { name: string; aliases: string[] };
  results: GeoResult[];
  window: { runIds: string[]; from: string; to: string };
  now: string;
}

export const GEO_THRESHOLDS = {
  gapMinAnswers: 3, gapMinRate: 0.25,
  outreachMinAnswers: 2,
  negativeMinAnswers: 3, negativeMaxItems: 3,
};
const EXCERPT = 240;
const SAMPLE_ANSWERS = 5;
const REDDIT = new Set<string>(REDDIT_DOMAINS);

const excerptOf = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);
/** An answer as evidence: its ids, prompt and an excerpt (and the URLs it matters for). */
export const answerOf = (r: GeoResult, urls?: string[]): EvidenceAnswer => ({
  resultId: r.id, runId: r.runId, engine: r.engine, promptId: r.promptId, prompt: r.prompt, language: r.language, excerpt: excerptOf(r.answer), ...(urls ? { urls } : {}),
});
const promptsOf = (rows: GeoResult[]) => [...new Map(rows.map((r) => [r.promptId, { promptId: r.promptId, text: r.prompt, intent: r.intent, language: r.language }])).values()];
const count = <T>(items: T[], key: (t: T) => string) => {
  const m = new Map<string, number>();
  for (const t of items) m.set(key(t), (m.get(key(t)) ?? 0) + 1);
  return [...m.entries()].sort((a, b) => b[1] - a[1]);
};
const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 12);
/** "problem_solution" → "problem solution". */
export const intentWords = (intent: string) => intent.replaceAll('_', ' ');

/** Mention rate of the brand over rows, as the metric scope later re-measures it. */
function mentionRate(rows: GeoResult[], now: string) {
  return proportion(rows.filter((r) => r.brandMentioned).length, rows.length, now, { simulated: rows.some((r) => r.simulated) });
}

function evidence(input: GeoInput, rows: GeoResult[], parts: Omit<Evidence, 'window' | 'simulated' | 'prompts' | 'urls' | 'facts'> & Partial<Pick<Evidence, 'prompts' | 'urls' | 'facts'>>): Evidence {
  return {
    prompts: [], urls: [], facts: {}, ...parts,
    window: { ...input.window, answers: input.results.length },
    simulated: rows.some((r) => r.simulated),
  };
}

function candidate(type: RecType, topic: string, ev: Evidence, impact: number, confidence: number, effort: 1 | 2 | 3, makesClaims: boolean): Candidate {
  return { lane: 'geo', type, topic, evidence: ev, scores: scoresOf(impact, confidence, effort), makesClaims };
}

/** Prompts of an intent where competitors are named and the brand is not, per engine. */
export function contentGaps(input: GeoInput): Candidate[] {
  const groups = new Map<string, GeoResult[]>();
  for (const r of input.results) {
    const key = `${r.intent}|${r.engine}`;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(r);
  }
  const out: Candidate[] = [];
  for (const [key, rows] of groups) {
    const [intent, engine] = key.split('|') as [string, string];
    const gaps = rows.filter((r) => !r.brandMentioned && r.competitors.length > 0);
    if (gaps.length < GEO_THRESHOLDS.gapMinAnswers || gaps.length / rows.length < GEO_THRESHOLDS.gapMinRate) continue;
    const gapPrompts = promptsOf(gaps);
    const scoped = rows.filter((r) => gapPrompts.some((p) => p.promptId === r.promptId));
    const metric: MetricRef = { name: 'mention_rate', scope: { engine, promptIds: gapPrompts.map((p) => p.promptId) }, better: 'higher', source: 'runs' };
    const rivals = count(gaps.flatMap((g) => g.competitors), (c) => c);
    out.push(candidate('content_gap', `content_gap:${intent}:${engine}`, evidence(input, gaps, {
      summary: `${fmt.engine(engine)}: ${gaps.length} of ${plural(rows.length, `${intentWords(intent)} answer`)} name competitors but not ${input.brand.name}`,
      metric: { ...metric, current: mentionRate(scoped, input.now) },
      figures: [
        { label: 'answers naming competitors but not the brand', unit: 'percent', ...proportion(gaps.length, rows.length, input.now) },
        // Of the gap answers, the share naming each rival: k of n with its interval, as every figure.
        ...rivals.slice(0, 5).map(([name, k]) => ({ label: `share of gap answers that name ${name}`, unit: 'percent' as const, ...proportion(k, gaps.length, input.now) })),
      ],
      answers: gaps.slice(0, SAMPLE_ANSWERS).map((r) => answerOf(r)),
      prompts: gapPrompts.slice(0, 50),
      facts: { intent, engine, competitors: rivals.map(([name]) => name).slice(0, 5) },
    }), gaps.length / rows.length, confidenceOf(gaps.length, rows.length), 2, true));
  }
  return out;
}

/** Third-party domains cited in answers naming competitors and never in one naming the brand. */
export function outreachTargets(input: GeoInput): Candidate[] {
  const byDomain = new Map<string, { rows: GeoResult[]; urls: Set<string> }>();
  for (const r of input.results) {
    for (const c of r.citations) {
      if (c.class !== 'third_party' || REDDIT.has(c.domain)) continue;
      const entry = byDomain.get(c.domain) ?? byDomain.set(c.domain, { rows: [], urls: new Set() }).get(c.domain)!;
      if (entry.rows.at(-1) !== r) entry.rows.push(r);
      entry.urls.add(c.url);
    }
  }
  const withCompetitors = input.results.filter((r) => r.competitors.length > 0).length;
  const out: Candidate[] = [];
  for (const [domain, { rows, urls }] of byDomain) {
    if (rows.some((r) => r.brandMentioned)) continue;
    const forRivals = rows.filter((r) => r.competitors.length > 0);
    if (forRivals.length < GEO_THRESHOLDS.outreachMinAnswers) continue;
    const metric: MetricRef = { name: 'citation_share', scope: { domain }, better: 'higher', source: 'runs' };
    out.push(candidate('outreach', `outreach:${domain}`, evidence(input, forRivals, {
      summary: `${domain} is cited in ${plural(forRivals.length, 'answer')} naming competitors and in none naming ${input.brand.name}`,
      metric: { ...metric, current: mentionRate(rows, input.now) },
      figures: [
        { label: `answers citing ${domain} that name a competitor`, unit: 'percent', ...proportion(forRivals.length, rows.length, input.now) },
        { label: `answers naming a competitor that cite ${domain}`, unit: 'percent', ...proportion(forRivals.length, withCompetitors, input.now) },
      ],
      answers: forRivals.slice(0, SAMPLE_ANSWERS).map((r) => answerOf(r, r.citations.filter((c) => c.domain === domain).map((c) => c.url))),
      prompts: promptsOf(forRivals).slice(0, 20),
      urls: [...urls].slice(0, 10),
      facts: { domain },
    }), reach(forRivals.length, 0.05 * Math.max(1, withCompetitors)), confidenceOf(forRivals.length, withCompetitors), 3, true));
  }
  return out;
}

/** A Reddit URL reduced to its thread: host and path, no query, fragment or trailing slash. */
export function threadUrl(url: string): string | null {
  try {
    const u = new URL(url);
    const path = trimTrailingSlashes(u.pathname);
    if (!path) return null;
    return `https://${u.hostname.toLowerCase().replace(/^(www|old|np)\./, '')}${path}`;
  } catch {
    return null;
  }
}

/** Reddit threads the engines cite for the category: each a place to answer, with affiliation disclosed. */
export function redditThreads(input: GeoInput): Candidate[] {
  const byThread = new Map<string, GeoResult[]>();
  for (const r of input.results) {
    for (const c of r.citations) {
      const thread = REDDIT.has(c.domain) ? threadUrl(c.url) : null;
      if (!thread) continue;
      const rows = byThread.get(thread) ?? byThread.set(thread, []).get(thread)!;
      if (rows.at(-1) !== r) rows.push(r);
    }
  }
  return [...byThread].map(([thread, rows]) => {
    const without = rows.filter((r) => !r.brandMentioned).length;
    // What the item targets: the answers citing THIS thread that do not name the brand:
    // the mention rate over every answer to those prompts would measure a different population.
    const metric: MetricRef = { name: 'thread_mention_rate', scope: { thread }, better: 'higher', source: 'runs' };
    return candidate('reddit_thread', `reddit_thread:${thread}`, evidence(input, rows, {
      summary: `The Reddit thread ${thread} is cited in ${plural(rows.length, 'answer')}, ${without} of them without ${input.brand.name}`,
      metric: { ...metric, current: mentionRate(rows, input.now) },
      figures: [{ label: 'citing answers that do not name the brand', unit: 'percent', ...proportion(without, rows.length, input.now) }],
      answers: rows.slice(0, SAMPLE_ANSWERS).map((r) => answerOf(r, [thread])),
      prompts: promptsOf(rows).slice(0, 20),
      urls: [thread],
      facts: { threadUrl: thread, engines: [...new Set(rows.map((r) => r.engine))].sort() },
    }), (without / rows.length) * reach(rows.length, 5), confidenceOf(without, rows.length), 1, true);
  });
}

/** Engines (or languages) whose brand mention rate lies below the others', intervals apart. */
export function laggards(input: GeoInput, by: 'engine' | 'language'): Candidate[] {
  const values = [...new Set(input.results.map((r) => r[by]))];
  if (values.length < 2) return [];
  const out: Candidate[] = [];
  for (const value of values) {
    const mine = input.results.filter((r) => r[by] === value);
    const others = input.results.filter((r) => r[by] !== value);
    const k = mine.filter((r) => r.brandMentioned).length;
    const ko = others.filter((r) => r.brandMentioned).length;
    const [, hi] = wilson(k, mine.length);
    const [lo] = wilson(ko, others.length);
    if (!(hi < lo)) continue;
    const type = by === 'engine' ? 'engine_gap' : 'language_gap';
    const metric: MetricRef = { name: 'mention_rate', scope: { [by]: value }, better: 'higher', source: 'runs' };
    const gap = ko / others.length - k / mine.length;
    const [here, elsewhere] = by === 'engine' ? [`on ${fmt.engine(value)}`, 'on the other engines'] : [`in ${fmt.languageName(value)} answers`, 'in other languages'];
    out.push(candidate(type, `${type}:${value}`, evidence(input, mine, {
      summary: `${by === 'engine' ? fmt.engine(value) : fmt.languageName(value)}: the brand is named in ${k} of ${plural(mine.length, 'answer')}, against ${ko} of ${others.length} ${elsewhere}`,
      metric: { ...metric, current: mentionRate(mine, input.now) },
      figures: [
        { label: `brand mention rate ${here}`, unit: 'percent', ...proportion(k, mine.length, input.now) },
        { label: `brand mention rate ${elsewhere}`, unit: 'percent', ...proportion(ko, others.length, input.now) },
      ],
      answers: mine.filter((r) => !r.brandMentioned).slice(0, SAMPLE_ANSWERS).map((r) => answerOf(r)),
      facts: { [by]: value },
    }), Math.min(1, 2 * gap), confidenceOf(k, mine.length), 2, by === 'language'));
  }
  return out;
}

/** A test for "names one of these", word-bounded on folded text; built once per generation. */
const namer = (names: string[]) => {
  const patterns = names.map((n) => new RegExp(`(^|[^\\p{L}\\p{N}])${fold(n).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'u'));
  return (sentence: string) => {
    const folded = fold(sentence);
    return patterns.some((p) => p.test(folded));
  };
};
/** The tone of one sentence toward the brand, by the analysis's own per-entity rules (null: not named). */
const brandTone = (names: string[]) => {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return (sentence: string): number | null => {
    const spans = [...sentence.matchAll(pattern)].map((m) => ({ start: m.index!, end: m.index! + m[0].length }));
    if (!spans.length) return null;
    return entitySentiments(sentence, [{ id: 'brand', spans }])[0]?.score ?? null;
  };
};
/** A sentence reduced for counting recurrences: folded, list markers, markup and punctuation gone. */
export function normalizeSentence(sentence: string): string {
  return fold(sentence).replace(/^\s*(\d+[.)]|[-*•])\s*/, '').replace(/[*_`#>]/g, '').replace(/[^\p{L}\p{N}\s]/gu, ' ').replace(/\s+/g, ' ').trim();
}

/** Negative sentences about the brand that recur across answers (answers with negative brand sentiment). */
export function negativeSentences(input: GeoInput): Candidate[] {
  const names = namer([input.brand.name, ...input.brand.aliases]);
  const toneOf = brandTone([input.brand.name, ...input.brand.aliases]);
  const naming_ = input.results.filter((r) => r.brandMentioned);
  const negative = naming_.filter((r) => (r.brandSentiment ?? 0) < 0);
  const bySentence = new Map<string, { text: string; rows: GeoResult[] }>();
  for (const r of negative) {
    const seen = new Set<string>();
    for (const s of sentences(r.answer)) {
      if (!names(s.text) || (toneOf(s.text) ?? 0) >= 0) continue;
      const key = normalizeSentence(s.text);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      const entry = bySentence.get(key) ?? bySentence.set(key, { text: s.text.replace(/^\s*\d+[.)]\s*/, '').replace(/\*\*/g, '').trim(), rows: [] }).get(key)!;
      entry.rows.push(r);
    }
  }
  const metric: MetricRef = { name: 'negative_rate', scope: {}, better: 'lower', source: 'runs' };
  const current = proportion(negative.length, naming_.length, input.now, { simulated: naming_.some((r) => r.simulated) });
  return [...bySentence].filter(([, e]) => e.rows.length >= GEO_THRESHOLDS.negativeMinAnswers)
    .sort((a, b) => b[1].rows.length - a[1].rows.length).slice(0, GEO_THRESHOLDS.negativeMaxItems)
    .map(([key, { text, rows }]) => candidate('negative_sentiment', `negative_sentiment:${hash(key)}`, evidence(input, rows, {
      summary: `"${text}" recurs in ${plural(rows.length, 'answer')} naming ${input.brand.name}`,
      metric: { ...metric, current },
      figures: [
        { label: 'answers naming the brand that repeat this sentence', unit: 'percent', ...proportion(rows.length, naming_.length, input.now) },
        { label: 'answers naming the brand with negative sentiment', unit: 'percent', ...proportion(negative.length, naming_.length, input.now) },
      ],
      answers: rows.slice(0, SAMPLE_ANSWERS).map((r) => answerOf(r)),
      prompts: promptsOf(rows).slice(0, 20),
      facts: { sentence: text },
    }), reach(rows.length, 0.1 * naming_.length), confidenceOf(rows.length, naming_.length), 2, true));
}

/** Every geo candidate drawn from the answers of the latest runs. */
export function geoCandidates(input: GeoInput): Candidate[] {
  const answered = { ...input, results: input.results };
  return [
    ...contentGaps(answered), ...outreachTargets(answered), ...redditThreads(answered),
    ...laggards(answered, 'engine'), ...laggards(answered, 'language'), ...negativeSentences(answered),
  ];
}
