// The simulated assistant's rules, pure: which tools a question needs, in which order, and an
// answer written from what the tools returned — the workspace's real figures with their sample
// sizes and intervals. Deterministic: the same question over the same data gives the same answer.

import { plural } from '../../lib/format/format.ts';
import { english as fmt } from '../../lib/format/english.ts';

export interface Want {
  tool: string;
  input: Record<string, unknown>;
  /** A tool whose result this call needs first (the run detail needs a run id). */
  after?: string;
}

const fold = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
const ENGINE_WORDS: Array<[RegExp, string]> = [
  [/chat ?gpt|openai/, 'chatgpt'], [/perplexity/, 'perplexity'], [/gemini/, 'gemini'], [/claude|anthropic/, 'claude'], [/google|ai overview/, 'google-aio'],
];

export function wantedTools(question: string): Want[] {
  const q = fold(question);
  const engine = ENGINE_WORDS.find(([re]) => re.test(q))?.[1];
  const range = /week|7 ?d|seven days|semana|setmana|semaine/.test(q) ? '7d' : /all time|ever|history|since the start/.test(q) ? 'all' : '28d';
  const wants: Want[] = [];
  const add = (tool: string, input: Record<string, unknown> = {}, after?: string) => {
    if (!wants.some((w) => w.tool === tool)) wants.push({ tool, input, ...(after ? { after } : {}) });
  };
  const change = /why|drop|fell|fall|declin|lower|rise|rose|improv|change|trend|went|moved/.test(q);
  if (/score|geo|visib|puntua|visibil/.test(q) || change || engine) {
    if (!engine) add('get_geo_score');
    add('get_timeseries', { ...(engine ? { engine } : {}), range });
    if (change || engine) add('get_metrics');
  }
  if (/compet|scoreboard|rank|versus|\bvs\b|compar|leader|rival/.test(q)) add('get_scoreboard');
  if (/cit|source|domain|link/.test(q)) add('get_top_cited_domains');
  if (/\bruns?\b|answer|mention|result|measur/.test(q)) {
    add('list_runs', { limit: 5 });
    add('get_run_detail', {}, 'list_runs');
  }
  if (/prompt/.test(q)) add('list_prompts', { limit: 10 });
  if (/credit|balance|budget|spend|cost|saldo/.test(q)) add('get_credits_balance');
  if (/recommend|action|to ?do|what should|next step|improve/.test(q)) add('list_recommendations');
  if (/\bseo\b|search console|technical|lighthouse/.test(q)) add('get_seo_dashboard');
  if (!wants.length) {
    add('get_geo_score');
    add('get_metrics');
  }
  return wants;
}

export type Plan =
  | { kind: 'calls'; calls: Array<{ tool: string; input: Record<string, unknown> }> }
  | { kind: 'answer'; text: string };

/**
 * The next step: the tools still to call whose inputs are known (offered ones only), or, once
 * everything is in, the answer. `done` holds each called tool's output.
 */
export function planStep(question: string, offered: Set<string>, done: Map<string, unknown>, scopeOf: (tool: string) => string | undefined): Plan {
  const wants = wantedTools(question);
  const pending = wants.filter((w) => offered.has(w.tool) && !done.has(w.tool) && (!w.after || done.has(w.after) || !offered.has(w.after)));
  if (pending.length) {
    return {
      kind: 'calls',
      calls: pending.map((w) => {
        const runId = w.after === 'list_runs' ? latestRunId(done.get('list_runs')) : undefined;
        return { tool: w.tool, input: runId ? { ...w.input, runId } : w.input };
      }),
    };
  }
  const missing = wants.filter((w) => !offered.has(w.tool));
  return { kind: 'answer', text: compose(wants.filter((w) => done.has(w.tool)).map((w) => [w.tool, done.get(w.tool)] as const), missing, scopeOf) };
}

function latestRunId(output: unknown): string | undefined {
  const runs = (output as { runs?: Array<{ id: string }> } | undefined)?.runs;
  return runs?.[0]?.id;
}

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
// Figures go through the shared English formatter: engines by name, days as dates, money in
// dollars, each rate with its interval and n.
const missingValue = fmt.notEnough('not_measured');
const sized = (n: unknown, interval?: unknown, unit?: '%') =>
  `${Array.isArray(interval) ? `95% ${fmt.interval(interval as [number, number], undefined, unit ? { unit } : {})}, ` : ''}${fmt.n(typeof n === 'number' ? n : 0)}`;
/** A rate on 0-100 with its interval and n: "55.0% (95% 26.7–81.1%, n = 10)". */
const pct = (c: Any | undefined) => (!c || typeof c.value !== 'number' ? missingValue : `${fmt.percent(c.value)} (${sized(c.n, c.interval, '%')})`);
const usd = (micros: unknown) => fmt.usd(typeof micros === 'number' ? micros : null);
const NAMES: Record<string, string> = {
  visibility: 'visibility', relativeSov: 'relative share of voice', position: 'position', sentiment: 'sentiment', volume: 'owned-citation volume',
};
const WHAT: Record<string, string> = {
  get_geo_score: 'the GEO score', get_timeseries: 'the score history', get_metrics: 'the metrics', get_scoreboard: 'the competitor scoreboard',
  get_top_cited_domains: 'the cited domains', list_runs: 'the measurement runs', get_run_detail: 'the run results', list_prompts: 'the prompts',
  get_credits_balance: 'the credit balance', list_recommendations: 'the recommendations', get_seo_dashboard: 'the SEO dashboard',
};
const RUN_STATES: Record<string, string> = { succeeded: 'has succeeded', failed: 'has failed', running: 'is running', queued: 'is queued', cancelled: 'was cancelled' };
const RANGES: Record<string, string> = { '7d': 'last 7 days', '28d': 'last 28 days', all: 'whole history' };

const RENDER: Record<string, (o: Any) => string> = {
  get_geo_score: (o) => {
    const parts = Object.entries(o.components ?? {}).map(([k, c]) => {
      const size = o.sampleSizes?.[k];
      return `${NAMES[k] ?? k} ${fmt.score((c as Any).value, 'not_measured')} (weight ${(c as Any).weight}, ${sized(size?.n ?? 0, size?.interval)})`;
    });
    const missing = o.missingComponents?.length ? ` Missing components: ${o.missingComponents.map((k: string) => NAMES[k] ?? k).join(', ')}.` : '';
    return `Your GEO score on ${fmt.date(o.date)} is ${fmt.score(o.score)}/100 (${o.version}). Components: ${parts.join('; ')}.${missing}`;
  },
  get_timeseries: (o) => {
    const points = (o.points ?? []).filter((p: Any) => typeof p.score === 'number');
    const on = o.engine === 'composite' || !o.engine ? 'across all engines' : `on ${fmt.engine(o.engine)}`;
    const range = RANGES[o.range] ?? `${o.range} range`;
    if (!points.length) return `There is no measured day ${on} in the ${range}.`;
    const first = points[0];
    const last = points.at(-1);
    const low = points.reduce((a: Any, b: Any) => (b.score < a.score ? b : a));
    const moved = points.length === 1
      ? `only one day was measured (${fmt.date(last.date)}: ${fmt.score(last.score)})`
      : `the score went from ${fmt.score(first.score)} on ${fmt.date(first.date)} to ${fmt.score(last.score)} on ${fmt.date(last.date)} (${fmt.delta(last.score - first.score)} points); the lowest was ${fmt.score(low.score)} on ${fmt.date(low.date)}`;
    return `Over the ${range} ${on}, ${plural(points.length, 'day')} measured: ${moved}.`;
  },
  get_metrics: (o) => {
    const engines = (o.engines ?? []).map((e: Any) => `${fmt.engine(e.engine)} ${fmt.score(e.score, 'not_measured')} (${plural(e.answers ?? 0, 'answer')}, mentioned in ${pct(e.mentionRate)})`).join('; ');
    const c = o.change;
    const change = c
      ? ` Since ${fmt.date(c.previousDate)}: score ${fmt.delta(c.score.delta, 'not_measured')}, mention rate ${c.mentionRate.delta === null ? missingValue : `${fmt.delta(c.mentionRate.delta)} points`} (${c.mentionRate.significant ? 'a significant change at 95%' : 'within the noise at 95%'}).`
      : ' There is no earlier measured day to compare with.';
    return `On ${fmt.date(o.date)}, across ${plural(o.answers ?? 0, 'answer')} the brand was mentioned in ${pct(o.mentionRate)} and answers cited a source in ${pct(o.citationRate)}. Per engine: ${engines || 'none'}.${change}`;
  },
  get_scoreboard: (o) => `Scoreboard on ${fmt.date(o.date)}: ${(o.entities ?? []).map((e: Any) => `${e.rank}. ${e.name}${e.kind === 'brand' ? ' (you)' : ''} ${fmt.score(e.score, 'not_measured')} (visibility ${fmt.percent(e.visibility, 'not_measured')}, share of voice ${fmt.percent(e.shareOfVoice, 'not_measured')}, ${plural(e.citations ?? 0, 'citation')})`).join('; ')}.`,
  get_top_cited_domains: (o) => {
    const list = (xs: Any[] | undefined) => (xs?.length ? xs.slice(0, 3).map((d) => `${d.domain} (${fmt.count(d.citations)})`).join(', ') : 'none');
    const t = o.topCitedDomains ?? {};
    return `Most cited domains on ${fmt.date(o.date)} over ${plural(o.answers ?? 0, 'answer')} (a source cited in ${pct(o.citationRate)}): owned ${list(t.owned)}; competitors ${list(t.competitor)}; third-party ${list(t.thirdParty)}.`;
  },
  list_runs: (o) => {
    const runs = o.runs ?? [];
    if (!runs.length) return 'No measurement run yet: start one to get figures.';
    const r = runs[0];
    return `${plural(runs.length, 'recent run')}; the latest, ${r.id}, started ${fmt.dateTime(r.startedAt)} and ${RUN_STATES[r.status] ?? `is ${r.status}`} (${fmt.count(r.progress.completedCalls)} of ${plural(r.progress.totalCalls, 'call')}).`;
  },
  get_run_detail: (o) => {
    const engines = (o.engines ?? []).map((e: Any) => {
      const top = e.citations?.topDomains?.[0];
      const rate = typeof e.brand.mentionRate === 'number' ? fmt.percent(e.brand.mentionRate * 100) : missingValue;
      return `${fmt.engine(e.engine)}${e.simulated ? ' (simulated)' : ''}: mentioned in ${fmt.count(e.brand.mentions)} of ${plural(e.answers, 'answer')} (${rate}), average position ${fmt.decimal(e.brand.averagePosition, 'not_measured')}, sentiment ${fmt.decimal(e.brand.sentiment, 'not_measured')}${top ? `, most cited ${top.domain} (${fmt.count(top.citations)})` : ''}`;
    });
    const simulated = (o.engines ?? []).some((e: Any) => e.simulated) ? ' Results marked simulated come from simulated engines, not live providers.' : '';
    return `Run ${o.run?.id} (${o.run?.status}): ${engines.join('; ') || 'no results'}.${simulated}`;
  },
  list_prompts: (o) => `The workspace has ${plural(o.total ?? 0, 'prompt')}${o.prompts?.length ? `, for example: ${o.prompts.slice(0, 3).map((p: Any) => `“${p.text}” (${String(p.intent).replaceAll('_', ' ')})`).join('; ')}` : ''}.`,
  get_credits_balance: (o) => `Credits: ${usd(o.availableMicrousd)} available of ${usd(o.postedMicrousd)} posted, ${usd(o.heldMicrousd)} held${o.nextExpiryAt ? `; the next grant expires ${fmt.dateTime(o.nextExpiryAt)}` : ''}.`,
};

/** A result of a tool this composer has no template for (recommendations, SEO): its shape in counts. */
function generic(tool: string, o: Any): string {
  const counts = Object.entries(o ?? {}).filter(([, v]) => Array.isArray(v)).map(([k, v]) => `${k} ${(v as unknown[]).length}`);
  return `${WHAT[tool] ?? tool}: ${counts.length ? counts.join(', ') : 'received'}.`;
}

export function compose(results: ReadonlyArray<readonly [string, unknown]>, missing: Want[], scopeOf: (tool: string) => string | undefined): string {
  const lines: string[] = [];
  for (const [tool, output] of results) {
    const o = output as Any;
    if (o && typeof o === 'object' && o.error) lines.push(`I could not read ${WHAT[tool] ?? tool}: ${o.error.message ?? o.error}`);
    else lines.push((RENDER[tool] ?? ((x: Any) => generic(tool, x)))(o));
  }
  for (const w of missing) {
    const scope = scopeOf(w.tool);
    lines.push(scope ? `I cannot read ${WHAT[w.tool] ?? w.tool} with this credential: it needs the "${scope}" scope.` : `${WHAT[w.tool] ?? w.tool} is not available in this workspace yet.`);
  }
  if (!lines.length) lines.push('I found nothing in this workspace that answers that.');
  return lines.join('\n\n');
}
