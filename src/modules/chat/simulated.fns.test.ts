import { describe, expect, it } from 'vitest';
import type { Language } from '../../lib/format/format.ts';
import { planStep } from './simulated.fns.ts';
import { composeNoModel } from './no-model.fns.ts';
import { readQuestion, wantedTools, type Asker } from './question.fns.ts';

// The reply without a model, per language: the question's language, the competitor and engine it
// names, the figures through the shared formatter, the recommendation that applies, what a model
// would add. The workspace is a Spanish invoicing SaaS watching Contasimple (alias "Conta Simple").

const ASKER: Asker = { brand: 'Holded', competitors: [{ name: 'Contasimple', aliases: ['Conta Simple'] }, { name: 'Quipu' }], languages: ['es'] };
const ALL = new Set(['get_geo_score', 'get_scoreboard', 'get_entity_timeseries', 'get_timeseries', 'get_metrics', 'get_top_cited_domains', 'list_runs', 'list_prompts', 'get_credits_balance', 'list_recommendations']);
const scopeOf = (tool: string) => ({ list_runs: 'runs:read', list_prompts: 'prompts:read', get_credits_balance: 'credits:read', list_recommendations: 'recs:read' } as Record<string, string>)[tool] ?? 'metrics:read';

/** The workspace's data as the tools return it: 1,000 answers, 200 of them on Perplexity. */
const DATA: Record<string, unknown> = {
  get_scoreboard: {
    date: '2026-12-04', answers: 1000, entities: [
      { rank: 1, name: 'Contasimple', kind: 'competitor', score: 70.2, visibility: 63.4, visibilityInterval: [60.4, 66.3] },
      { rank: 2, name: 'Holded', kind: 'brand', score: 55.1, visibility: 41.2, visibilityInterval: [38.2, 44.3] },
    ],
  },
  get_entity_timeseries: {
    engine: 'perplexity', entities: [
      { name: 'Holded', kind: 'brand', points: [{ date: '2026-12-04', visibility: 38.5, interval: [32.0, 45.4], n: 200 }] },
      { name: 'Contasimple', kind: 'competitor', points: [{ date: '2026-12-03', visibility: 60.1, interval: [53.2, 66.6], n: 200 }, { date: '2026-12-04', visibility: 63.5, interval: [56.6, 69.9], n: 200 }] },
    ],
  },
  get_metrics: {
    date: '2026-12-04', answers: 1000, mentionRate: { value: 41.2, n: 1000, interval: [38.2, 44.3] }, citationRate: { value: 80, n: 1000, interval: [77.4, 82.4] },
    engines: [{ engine: 'perplexity', score: 48.3, answers: 200, mentionRate: { value: 38.5, n: 200, interval: [32.0, 45.4] } }],
  },
  get_timeseries: { engine: 'perplexity', range: '7d', points: [{ date: '2026-11-28', score: 52 }, { date: '2026-12-04', score: 48.3 }] },
  list_recommendations: {
    proposed: [{ title: 'Publish a guide to e-invoicing rules', topic: 'verifactu', scores: { priority: 80 }, evidence: {} }],
    todo: [{ title: 'Publish a comparison of Holded and Contasimple for invoicing', topic: 'comparison', scores: { priority: 61 }, evidence: { engine: 'perplexity' } }],
  },
};

function reply(question: string, offered = ALL): string {
  const done = new Map<string, unknown>();
  for (let step = 0; step < 5; step++) {
    const plan = planStep(question, ASKER, offered, done, scopeOf);
    if (plan.kind === 'answer') return plan.text;
    for (const c of plan.calls) done.set(c.tool, DATA[c.tool] ?? { error: { code: 'score_not_available' } });
  }
  throw new Error('no answer in 5 steps');
}

const balanced = (text: string) => {
  let depth = 0;
  for (const ch of text) {
    depth += ch === '(' ? 1 : ch === ')' ? -1 : 0;
    if (depth < 0 || depth > 1) return false; // never closed before opened, never nested
  }
  return depth === 0;
};

describe.each([
  ['en', 'Why does Contasimple show up more on Perplexity, and what should I do this week?',
    ['On Perplexity, Contasimple was named in 63.5% (95% interval 56.6–69.9%, n = 200) of the answers on Dec 4, 2026; Holded, your brand, in 38.5%', 'What a language model would add'],
    'The recommendation to start with this week: Publish a comparison of Holded and Contasimple for invoicing.'],
  ['es', '¿Por qué Contasimple aparece más en Perplexity y qué hago esta semana?',
    ['En Perplexity, Contasimple aparece en el 63,5 % (intervalo del 95 %: 56,6–69,9 %, n = 200) de las respuestas del 4 dic 2026', 'Lo que añadiría un modelo de lenguaje'],
    'La recomendación por la que empezar esta semana: Publish a comparison of Holded and Contasimple for invoicing.'],
  ['ca', 'Per què Conta Simple surt més a Perplexity i què he de fer aquesta setmana?',
    ['A Perplexity, Contasimple apareix en el 63,5 % (interval del 95 %: 56,6–69,9 %, n = 200) de les respostes', 'El que afegiria un model de llenguatge'],
    'La recomanació per on començar aquesta setmana: Publish a comparison of Holded and Contasimple for invoicing.'],
  ['fr', 'Pourquoi Contasimple apparaît plus sur Perplexity et que faire cette semaine ?',
    ['Sur Perplexity, Contasimple apparaît dans 63,5 % (intervalle à 95 % : 56,6–69,9 %, n = 200) des réponses', 'Ce qu’un modèle de langage ajouterait'],
    'La recommandation par laquelle commencer cette semaine : Publish a comparison of Holded and Contasimple for invoicing.'],
] as Array<[Language, string, string[], string]>)('the no-model reply in %s', (language, question, says, rec) => {
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
  it('reads the question: its language, the competitor (by name or alias) and the engine', () => {
    expect(readQuestion(question, ASKER)).toMatchObject({ language, engine: 'perplexity', entity: { name: 'Contasimple', kind: 'competitor' }, action: true });
  });
  it('answers in that language, names the competitor, and gives the recommendation that applies', () => {
    const text = plain(reply(question));
    for (const s of says) expect(text).toContain(plain(s));
    expect(text).toContain(plain(rec));
    expect(text.match(/Contasimple/g)!.length).toBeGreaterThanOrEqual(2);
  });
  it('writes figures once, through the formatter: one way to write n, no "across 1000 answers", balanced parentheses', () => {
    const text = reply(question);
    expect(text).not.toMatch(/across \d|1000|\bn=|\(95% [\d.]+–[\d.]+%, n/);
    expect(text).toMatch(/n = 200/);
    expect(balanced(text)).toBe(true);
  });
});

describe('what the question needs', () => {
  it.each([
    ['What is our GEO score?', ['get_geo_score', 'get_timeseries']],
    ['¿Cómo vamos frente a la competencia?', ['get_scoreboard']],
    ['Which sources are cited most?', ['get_top_cited_domains']],
    ['Quels sont nos crédits ?', ['get_credits_balance']],
    ['How is Quipu doing?', ['get_scoreboard']],
    ['hola', ['get_geo_score', 'get_metrics']],
  ])('%s → %j', (question, tools) => {
    expect(wantedTools(question, readQuestion(question, ASKER)).map((w) => w.tool)).toEqual(tools);
  });
  it('falls back to the workspace language when the words do not tell', () => {
    expect(readQuestion('Contasimple Perplexity?', ASKER).language).toBe('es');
    expect(readQuestion('Contasimple Perplexity?', { ...ASKER, languages: ['fr'] }).language).toBe('fr');
  });
  it('says in the question\'s language which data a key may not read, and never calls it', () => {
    const text = reply('¿Qué hago esta semana?', new Set(['get_geo_score']));
    expect(text).toContain('Esta clave no puede leer las recomendaciones.');
  });
  it('a competitor overall, without an engine: its rate and the brand\'s from the scoreboard', () => {
    expect(reply('How often is Contasimple named?')).toContain('Across all engines on Dec 4, 2026, Contasimple was named in 63.4% (95% interval 60.4–66.3%, n = 1,000) of the answers; Holded, your brand, in 41.2% (95% interval 38.2–44.3%, n = 1,000).');
  });
});

// The score history with one day measured (the first run's day): that day's figure and that it is
// the only one, never "from 70.4 on Dec 5 to 70.4 on Dec 5, a change of 0.0 points".
describe.each([
  ['en', 'Score history for All engines over the last 28 days: 70.4 on Dec 5, 2026, the only day measured so far', 'from 70.4'],
  ['es', 'Evolución de la puntuación en Todos los motores en los últimos 28 días: 70,4 el 5 dic 2026, el único día medido hasta ahora', 'de 70,4'],
  ['ca', 'Evolució de la puntuació a Tots els motors els últims 28 dies: 70,4 el 5 de des. 2026, l’únic dia mesurat fins ara', 'de 70,4'],
  ['fr', 'Évolution du score sur Tous les moteurs ces 28 derniers jours : 70,4 le 5 déc. 2026, le seul jour mesuré pour l’instant', 'de 70,4'],
] as Array<[Language, string, string]>)('the score history with one day measured, in %s', (language, says, notSays) => {
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
  const history = (points: unknown[]) => plain(composeNoModel({
    asked: { language, range: '28d', change: true, compare: false, action: false }, brand: 'Holded', refused: [],
    results: new Map([['get_timeseries', { engine: 'composite', range: '28d', points }]]),
  }));
  it('says the figure of that day and that it is the only one, not a change from it to itself', () => {
    const text = history([{ date: '2026-12-05', score: 70.4 }]);
    expect(text).toContain(plain(says));
    expect(text).not.toContain(notSays);
  });
  it('a day measured twice in the points is still one day', () => {
    expect(history([{ date: '2026-12-05', score: 70.4 }, { date: '2026-12-05', score: 70.4 }])).toContain(plain(says));
  });
  it('two days measured: the change from the first to the last', () => {
    const text = history([{ date: '2026-12-04', score: 68.1 }, { date: '2026-12-05', score: 70.4 }]);
    expect(text).toContain(notSays.replace('70,4', '68,1').replace('70.4', '68.1'));
    expect(text).not.toContain(plain(says));
  });
});
