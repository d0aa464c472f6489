// The simulated assistant's rules, pure: which tools a question needs, in which order, and an
// answer written from what the tools returned — the workspace's real figures with their sample
// sizes and intervals. Deterministic: the same question over the same data gives the same answer.

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
const num = (x: unknown, digits = 1) => (typeof x === 'number' ? String(Number(x.toFixed(digits))) : 'n/a');
const pct = (c: Any | undefined) => {
  if (!c || c.value === null || c.value === undefined) return 'n/a (no data)';
  const interval = Array.isArray(c.interval) ? `, 95% CI ${num(c.interval[0])}–${num(c.interval[1])}%` : '';
  return `${num(c.value)}% (n=${c.n}${interval})`;
};
const NAMES: Record<string, string> = {
  visibility: 'visibility', relativeSov: 'relative share of voice', position: 'position', sentiment: 'sentiment', volume: 'owned-citation volume',
};
const WHAT: Record<string, string> = {
  get_geo_score: 'the GEO score', get_timeseries: 'the score history', get_metrics: 'the metrics', get_scoreboard: 'the competitor scoreboard',
  get_top_cited_domains: 'the cited domains', list_runs: 'the measurement runs', get_run_detail: 'the run results', list_prompts: 'the prompts',
  get_credits_balance: 'the credit balance', list_recommendations: 'the recommendations', get_seo_dashboard: 'the SEO dashboard',
};

const RENDER: Record<string, (o: Any) => string> = {
  get_geo_score: (o) => {
    const parts = Object.entries(o.components ?? {}).map(([k, c]) => {
      const size = o.sampleSizes?.[k];
      const v = (c as Any).value;
      return `${NAMES[k] ?? k} ${v === null ? 'n/a' : num(v)} (weight ${num((c as Any).weight, 3)}, n=${size?.n ?? 0}${size?.interval ? `, 95% CI ${num(size.interval[0])}–${num(size.interval[1])}` : ''})`;
    });
    const missing = o.missingComponents?.length ? ` Missing components: ${o.missingComponents.join(', ')}.` : '';
    return `Your GEO score on ${o.date} is ${num(o.score)}/100 (${o.version}). Components: ${parts.join('; ')}.${missing}`;
  },
  get_timeseries: (o) => {
    const points = (o.points ?? []).filter((p: Any) => typeof p.score === 'number');
    const on = o.engine === 'composite' ? 'across all engines' : `on ${o.engine}`;
    if (!points.length) return `There is no measured day ${on} in the ${o.range} range.`;
    const first = points[0];
    const last = points.at(-1);
    const low = points.reduce((a: Any, b: Any) => (b.score < a.score ? b : a));
    const delta = last.score - first.score;
    const moved = points.length === 1 ? `only one day was measured (${last.date}: ${num(last.score)})` : `the score went from ${num(first.score)} on ${first.date} to ${num(last.score)} on ${last.date} (${delta >= 0 ? '+' : ''}${num(delta)} points); the lowest was ${num(low.score)} on ${low.date}`;
    return `Over the ${o.range} range ${on}, ${points.length} day(s) measured: ${moved}.`;
  },
  get_metrics: (o) => {
    const engines = (o.engines ?? []).map((e: Any) => `${e.engine} ${num(e.score)} (n=${e.answers} answers, mentioned ${pct(e.mentionRate)})`).join('; ');
    const c = o.change;
    const change = c
      ? ` Since ${c.previousDate}: score ${c.score.delta === null ? 'n/a' : `${c.score.delta >= 0 ? '+' : ''}${num(c.score.delta)}`}, mention rate ${c.mentionRate.delta === null ? 'n/a' : `${c.mentionRate.delta >= 0 ? '+' : ''}${num(c.mentionRate.delta)} points`} (${c.mentionRate.significant ? 'a significant change at 95%' : 'within the noise at 95%'}).`
      : ' There is no earlier measured day to compare with.';
    return `On ${o.date}, across ${o.answers} answers the brand was mentioned in ${pct(o.mentionRate)} and answers cited a source in ${pct(o.citationRate)}. Per engine: ${engines || 'none'}.${change}`;
  },
  get_scoreboard: (o) => `Scoreboard on ${o.date}: ${(o.entities ?? []).map((e: Any) => `${e.rank}. ${e.name}${e.kind === 'brand' ? ' (you)' : ''} ${num(e.score)} (visibility ${num(e.visibility)}%, share of voice ${num(e.shareOfVoice)}%, ${e.citations} citations)`).join('; ')}.`,
  get_top_cited_domains: (o) => {
    const list = (xs: Any[] | undefined) => (xs?.length ? xs.slice(0, 3).map((d) => `${d.domain} (${d.citations})`).join(', ') : 'none');
    const t = o.topCitedDomains ?? {};
    return `Most cited domains on ${o.date} over ${o.answers} answers (a source cited in ${pct(o.citationRate)}): owned ${list(t.owned)}; competitors ${list(t.competitor)}; third-party ${list(t.thirdParty)}.`;
  },
  list_runs: (o) => {
    const runs = o.runs ?? [];
    if (!runs.length) return 'No measurement run yet: start one to get figures.';
    const r = runs[0];
    return `${runs.length} recent run(s); the latest, ${r.id}, started ${r.startedAt} and is ${r.status} (${r.progress.completedCalls}/${r.progress.totalCalls} calls).`;
  },
  get_run_detail: (o) => {
    const engines = (o.engines ?? []).map((e: Any) => {
      const top = e.citations?.topDomains?.[0];
      return `${e.engine}${e.simulated ? ' (simulated)' : ''}: mentioned in ${e.brand.mentions}/${e.answers} answers (${num((e.brand.mentionRate ?? 0) * 100)}%), average position ${num(e.brand.averagePosition, 2)}, sentiment ${num(e.brand.sentiment, 2)}${top ? `, most cited ${top.domain} (${top.citations})` : ''}`;
    });
    const simulated = (o.engines ?? []).some((e: Any) => e.simulated) ? ' Results marked simulated come from simulated engines, not live providers.' : '';
    return `Run ${o.run?.id} (${o.run?.status}): ${engines.join('; ') || 'no results'}.${simulated}`;
  },
  list_prompts: (o) => `The workspace has ${o.total} prompt(s)${o.prompts?.length ? `, for example: ${o.prompts.slice(0, 3).map((p: Any) => `“${p.text}” (${p.intent})`).join('; ')}` : ''}.`,
  get_credits_balance: (o) => `Credits: ${o.availableMicrousd} micro-USD available (${num(o.availableMicrousd / 1e6, 2)} USD) of ${o.postedMicrousd} posted, ${o.heldMicrousd} held${o.nextExpiryAt ? `; the next grant expires ${o.nextExpiryAt}` : ''}.`,
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
