// What a question asks, read without a model: its language, the brand or competitor it names,
// the engine, the range, and whether it asks to compare or what to do. The no-model reply
// (no-model.fns.ts) answers from this; the tools it needs follow from it (wantedTools).

import { LANGUAGES, type Language } from '../../lib/format/format.ts';
import { guessLanguage } from '../prompts/proposals.fns.ts';

/** The workspace as the question is read against it. */
export interface Asker {
  brand: string;
  competitors: ReadonlyArray<{ name: string; aliases?: readonly string[] | null }>;
  /** The workspace's languages, its main one first: the question's language when its words do not tell. */
  languages: readonly string[];
}

export interface Asked {
  language: Language;
  engine?: string;
  /** The brand or competitor the question names (a competitor before the brand, the first named first). */
  entity?: { name: string; kind: 'brand' | 'competitor' };
  range: '7d' | '28d' | 'all';
  change: boolean;
  compare: boolean;
  action: boolean;
}

export const fold = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');

const ENGINE_WORDS: Array<[RegExp, string]> = [
  [/chat ?gpt|openai/, 'chatgpt'], [/perplexity/, 'perplexity'], [/gemini/, 'gemini'], [/claude|anthropic/, 'claude'], [/google|ai overview|vista creada con ia/, 'google-aio'],
];
// Words of the four languages, folded (no accents), as a marketer would ask.
const CHANGE = /why|drop|fell|fall|declin|lower|rise|rose|improv|change|trend|went|moved|more|less|por que|porque|per que|pourquoi|baj|cae|cay|subi|sube|evolu|mas |mes |plus|moins|menos|menys/;
const COMPARE = /compet|scoreboard|rank|versus|\bvs\b|compar|leader|rival|clasific|classific|classement|concurren|lider/;
const ACTION = /recommend|recomend|recomana|recommand|action|accion|accio|to ?do|what should|next step|improve|que hago|que hacer|que hacemos|que puedo|que faig|que fem|he de fer|puc fer|que faire|quoi faire|dois-je|this week|esta semana|aquesta setmana|cette semaine|plan\b/;
const SCORE = /score|geo|visib|puntua/;

/** Whether a folded name stands as a word of the folded text (not inside another word). */
const names = (text: string, name: string) => {
  const n = fold(name).trim();
  if (!n) return -1;
  const m = new RegExp(`(^|[^\\p{L}\\p{N}])${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'u').exec(text);
  return m ? m.index : -1;
};

export function readQuestion(question: string, asker: Asker): Asked {
  const q = fold(question);
  const own = asker.languages.filter((l): l is Language => (LANGUAGES as readonly string[]).includes(l));
  // The workspace's languages first, so that a question whose words do not tell reads as the workspace's.
  const language = guessLanguage(question, [...new Set([...own, ...LANGUAGES])]);
  const engine = ENGINE_WORDS.find(([re]) => re.test(q))?.[1];
  const named = asker.competitors
    .map((c) => ({ name: c.name, at: Math.min(...[c.name, ...(c.aliases ?? [])].map((n) => names(q, n)).filter((i) => i >= 0).concat(Infinity)) }))
    .filter((c) => c.at !== Infinity)
    .sort((a, b) => a.at - b.at);
  const entity = named[0] ? { name: named[0].name, kind: 'competitor' as const } : names(q, asker.brand) >= 0 ? { name: asker.brand, kind: 'brand' as const } : undefined;
  const range = /week|7 ?d|seven days|semana|setmana|semaine/.test(q) ? '7d' : /all time|ever|history|since the start|historial|historique/.test(q) ? 'all' : '28d';
  return {
    language, range, change: CHANGE.test(`${q} `), compare: COMPARE.test(q), action: ACTION.test(q),
    ...(engine ? { engine } : {}), ...(entity ? { entity } : {}),
  };
}

export interface Want {
  tool: string;
  input: Record<string, unknown>;
  /** A tool whose result this call needs first (the run detail needs a run id). */
  after?: string;
}

/** The tools a question needs, in the order the reply uses them. */
export function wantedTools(question: string, asked: Asked): Want[] {
  const q = fold(question);
  const wants: Want[] = [];
  const add = (tool: string, input: Record<string, unknown> = {}, after?: string) => {
    if (!wants.some((w) => w.tool === tool)) wants.push({ tool, input, ...(after ? { after } : {}) });
  };
  const { engine, entity } = asked;
  if (entity?.kind === 'competitor') add('get_scoreboard');
  if (engine) {
    if (entity?.kind === 'competitor') add('get_entity_timeseries', { engine, range: '28d' });
    add('get_metrics');
    if (asked.change) add('get_timeseries', { engine, range: asked.range });
  } else if (SCORE.test(q) || (asked.change && !entity)) {
    add('get_geo_score');
    add('get_timeseries', { range: asked.range });
  }
  if (asked.compare) add('get_scoreboard');
  if (/cit|source|fuente|font|domain|domini|link|enlace|lien/.test(q)) add('get_top_cited_domains');
  if (/\bruns?\b|measur|medicion|mesura|mesure/.test(q)) add('list_runs', { limit: 5 });
  // The answers of a run: its detail, once the list has named the latest run.
  if (/answers|results|respuestas|resultados|respostes|resultats|reponses/.test(q) && wants.some((w) => w.tool === 'list_runs')) add('get_run_detail', {}, 'list_runs');
  if (/prompt/.test(q)) add('list_prompts', { limit: 10 });
  if (/credit|balance|budget|spend|cost|saldo|presupuesto|pressupost/.test(q)) add('get_credits_balance');
  if (asked.action) add('list_recommendations');
  if (/\bseo\b|search console|technical|tecnic|technique|lighthouse/.test(q)) add('get_seo_dashboard');
  if (!wants.length) {
    add('get_geo_score');
    add('get_metrics');
  }
  return wants;
}
