import { describe, expect, it } from 'vitest';
import { fanoutQueries, meaningWords, queryQuestion } from './proposals.fns.ts';
import type { Language } from './prompts.types.ts';

// Search queries (Search Console, the engines' fan-out) as the prompts a marketer would type. The
// clumsy cases are what the simulated engines search for on template prompts: a keyword wrapped
// round the prompt's own words ("alternativas a se compara acme crm con initech"). A pattern wraps
// a topic only; a question inside a query is proposed alone; a fragment is not proposed.

const names = ['Acme CRM', 'Globex', 'Initech', 'Holded', 'Contasimple', 'Qonto', 'Shine'];

const CASES: Array<[Language, string, string | null]> = [
  ['en', 'alternatives to acme crm compare with globex', null],
  ['en', 'alternatives to how does acme crm compare with globex', 'How does Acme CRM compare with Globex?'],
  ['en', 'acme crm compare with globex reviews', null],
  ['en', 'best choose right crm platform', null],
  ['en', 'choose right provider comparison 2026', null],
  ['en', 'best crm platforms experts recommend', null],
  ['en', 'best acme crm vs globex better', null],
  ['en', 'best pros and cons of acme crm', 'What are the pros and cons of Acme CRM?'],
  ['en', 'is acme crm any good reddit', 'Is Acme CRM any good?'],
  ['en', 'alternatives to globex', 'What are the best alternatives to Globex?'],
  ['en', 'acme crm vs globex', 'Acme CRM vs Globex: which is better?'],
  ['es', 'alternativas a se compara acme crm con initech', null],
  ['es', 'alternativas a cómo se compara acme crm con initech', '¿Cómo se compara Acme CRM con Initech?'],
  ['es', 'mejores programas de facturación recomiendan expertos', null],
  ['es', 'elijo buen programa de facturación', null],
  ['es', 'debo tener en cuenta al elegir programa de facturación', null],
  ['es', 'opiniones vale la pena holded', '¿Vale la pena Holded?'],
  ['es', 'precio pros y contras de holded', '¿Cuáles son los pros y los contras de Holded?'],
  ['es', 'programas de facturación foro', '¿Qué se dice en los foros sobre programas de facturación?'],
  ['es', 'alternativas a holded', '¿Qué alternativas hay a Holded?'],
  ['ca', 'alternatives a es compara holded amb contasimple', null],
  ['ca', 'alternatives a com es compara holded amb contasimple', 'Com es compara Holded amb Contasimple?'],
  ['ca', 'millors programes de facturació recomanen experts', null],
  ['ca', 'trio bon programa de facturació', null],
  ['ca', 'preu pros i contres de holded', 'Quins són els pros i els contres de Holded?'],
  ['ca', 'opinions holded', 'Quines opinions hi ha sobre Holded?'],
  ['ca', 'programes de facturació fòrum', 'Què es diu als fòrums sobre programes de facturació?'],
  ['fr', 'alternatives à vaut qonto face à shine', null],
  ['fr', 'avis que vaut qonto face à shine', 'Que vaut Qonto face à Shine ?'],
  ['fr', 'avis shine alternative à qonto', null],
  ['fr', 'prix logiciels de facturation experts recommandent', null],
  ['fr', 'prix avantages et inconvénients de qonto', 'Quels sont les avantages et les inconvénients de Qonto ?'],
  ['fr', 'avis qonto', 'Que disent les avis sur Qonto ?'],
  ['fr', 'logiciels de facturation forum', 'Que dit-on sur les forums à propos de logiciels de facturation ?'],
];

describe('search queries as questions', () => {
  it.each(CASES)('%s: %j → %j', (language, query, question) => expect(queryQuestion(query, language, names)).toBe(question));
});

describe('what the simulated engines searched for, as proposals', () => {
  const row = (query: string, prompt: string, language: Language) => ({ query, answers: 1, engines: [{ engine: 'chatgpt', answers: 1 }], prompts: [{ text: prompt, language }], simulated: true });

  it.each([
    ['en', 'How does Acme CRM compare with Globex?', ['acme crm compare with globex', 'alternatives to acme crm compare with globex', 'best acme crm compare with globex', 'alternatives to globex', 'globex alternatives'], ['What are the best alternatives to globex?']],
    ['es', '¿Cómo se compara Acme CRM con Initech?', ['se compara acme crm con initech', 'alternativas a se compara acme crm con initech', 'opiniones se compara acme crm con initech', 'opiniones initech', 'initech opiniones'], ['¿Qué opiniones hay sobre initech?']],
    ['ca', 'Quins són els pros i els contres de Holded?', ['pros contres de holded', 'preu pros contres de holded', 'opinions pros contres de holded', 'preu holded', 'holded preu'], ['Quin és el preu de holded?']],
    ['fr', 'Que vaut Qonto face à Shine ?', ['vaut qonto face à shine', 'avis vaut qonto face à shine', 'prix vaut qonto face à shine', 'avis shine', 'shine avis'], ['Que disent les avis sur shine ?']],
  ] as const)('%s: no fragment, no restatement of the prompt, no repeat after normalising', (language, prompt, queries, expected) => {
    const out = fanoutQueries(queries.map((q) => row(q, prompt, language)), [language]);
    expect(out.map((q) => q.question)).toEqual(expected);
    const keys = out.map((q) => meaningWords(q.question, language).join(' '));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
