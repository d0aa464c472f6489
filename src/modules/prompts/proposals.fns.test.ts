import { describe, expect, it } from 'vitest';
import { categoryFromText, translateCategory } from './categories.fns.ts';
import { coverage } from './coverage.fns.ts';
import {
  answerQuestions, asQuestion, classifyIntent, clusterQueries, fanoutQueries, headingQuestion, queryQuestion, isQuestionShaped, meaningWords, nearDuplicate, selectWithinQuota, type Proposal,
} from './proposals.fns.ts';
import { siteFacts } from './site.fns.ts';

const names = { brand: ['Acme CRM'], competitors: ['Globex'] };
const crm = { singular: 'CRM platform', plural: 'CRM platforms', gender: null };

describe('category from the site', () => {
  it.each([
    ['en', 'Acme is a CRM platform for small sales teams.', 'CRM platform', 'CRM platforms', null],
    ['en', 'Acme CRM — the CRM platform for small sales teams', 'CRM platform', 'CRM platforms', null],
    ['en', 'Northwind: a boutique hotel in Lisbon', 'boutique hotel', 'boutique hotels', null],
    ['es', 'Clínica dental en Barcelona con implantes.', 'clínica dental', 'clínicas dentales', 'f'],
    ['es', 'La herramienta de analítica para agencias', 'herramienta de analítica', 'herramientas de analítica', 'f'],
    ['ca', "L'eina d'analítica per a agències", "eina d'analítica", "eines d'analítica", 'f'],
    ['fr', 'Le logiciel de comptabilité des indépendants', 'logiciel de comptabilité', 'logiciels de comptabilité', 'm'],
  ] as const)('%s: %s', (language, text, singular, plural, gender) => {
    expect(categoryFromText(language, text, ['Acme CRM', 'Northwind'])).toEqual({ singular, plural, gender });
  });

  it('proposes nothing when the text names no head noun', () => expect(categoryFromText('en', 'Dashboards that answer questions')).toBeNull());
});

describe('free text as prompts', () => {
  it.each([
    ['en', 'how much does a crm cost', true], ['en', 'best crm for small sales teams', false], ['es', 'cuánto cuesta un implante', true],
    ['fr', 'quel logiciel de paie choisir', true], ['ca', 'Quina eina triar?', true],
  ] as const)('isQuestionShaped(%s, %s) = %s', (language, text, shaped) => expect(isQuestionShaped(text, language)).toBe(shaped));

  it('writes the question marks of the language', () => {
    expect(asQuestion('cuánto cuesta un implante', 'es')).toBe('¿Cuánto cuesta un implante?');
    expect(asQuestion('quel logiciel de paie choisir ?', 'fr')).toBe('Quel logiciel de paie choisir ?');
    expect(asQuestion('how much does a crm cost', 'en')).toBe('How much does a crm cost?');
    expect(asQuestion('  why  so slow  ??? ', 'en')).toBe('Why so slow?');
    expect(asQuestion('¿ qué es ?', 'es')).toBe('¿Qué es?');
    expect(asQuestion(`a${' '.repeat(50_000)}b`, 'en')).toBe('A b?');
  });


  it.each([
    ['is it free ??', 'en', 'Is it free?'], ['¿ es gratis ?', 'es', '¿Es gratis?'], ['is it free? no', 'en', 'Is it free? no?'], ['   ', 'en', '?'],
  ] as const)('asQuestion(%j, %s) = %j', (text, language, expected) => expect(asQuestion(text, language)).toBe(expected));

  it('stays linear on texts written to make a pattern backtrack (a site\'s FAQ, an answer)', () => {
    // `/\s*\?+$/` and `/[.:!]+$/` retried from each position of a long run not at the end: minutes at this size.
    const run = `${'?'.repeat(200_000)}x`;
    expect(asQuestion(run, 'en')).toBe(`${run}?`);
    expect(headingQuestion(`${'.'.repeat(200_000)}x`, 'en', crm)).toContain('x?');
  });

  it.each([
    ['en', 'best crm for small sales teams', 'What is the best crm for small sales teams?'],
    ['en', 'best crm platforms 2026', 'What are the best crm platforms in 2026?'],
    ['en', 'crm platforms pricing', 'How much do crm platforms cost?'],
    ['en', 'acme crm reviews', 'What do reviews say about acme crm?'],
    ['en', 'alternatives to acme crm', 'What are the best alternatives to acme crm?'],
    ['en', 'acme vs globex', 'Acme vs globex: which is better?'],
    ['en', 'crm platforms comparison 2026', 'Which crm platforms are best in 2026?'],
    ['en', 'how much does a crm cost', 'How much does a crm cost?'],
    ['en', 'crm with gmail integration for startups', null], // a fragment no pattern fits: not proposed
    ['es', 'opiniones clínica dental barcelona', '¿Qué opiniones hay sobre clínica dental barcelona?'],
    ['es', 'mejores clínicas dentales barcelona', '¿Cuál es la mejor opción de clínicas dentales barcelona?'],
    ['es', 'precio implante dental', '¿Cuál es el precio de implante dental?'],
    ['ca', 'alternatives a vitaldent', 'Quines alternatives hi ha a vitaldent?'],
    ['fr', 'avis logiciel de paie', 'Que disent les avis sur logiciel de paie ?'],
  ] as const)('queryQuestion(%s, %s) = %s', (language, query, question) => expect(queryQuestion(query, language)).toBe(question));

  it('writes names as the workspace does', () => {
    expect(queryQuestion('alternatives to acme crm', 'en', ['Acme CRM'])).toBe('What are the best alternatives to Acme CRM?');
  });

  it.each([
    ['Is Acme CRM better than Globex?', 'comparison'], ['Globex alternatives for startups', 'comparison'], ['Does Acme CRM integrate with Gmail?', 'brand_research'],
    ['What are the best CRM platforms?', 'discovery'], ['How do I migrate my contacts?', 'problem_solution'], ['CRM market trends', 'expert'], ['CRM for a dental clinic', 'use_case'],
  ] as const)('classifyIntent(%s) = %s', (text, intent) => expect(classifyIntent(text, 'en', names)).toBe(intent));

  it('rewrites a heading as a question on the category', () => {
    expect(headingQuestion('Automatic follow-up reminders', 'en', crm)).toBe('What is the best CRM platform for automatic follow-up reminders?');
    expect(headingQuestion('Ortodoncia invisible para adultos', 'es', { singular: 'clínica dental', plural: 'clínicas dentales', gender: 'f' })).toBe('¿Cuál es la mejor clínica dental para ortodoncia invisible para adultos?');
  });
});

describe('near-identical prompts', () => {
  it('are the same after normalisation', () => {
    const words = (t: string) => meaningWords(t, 'en');
    expect(nearDuplicate(words('What are the best CRM platforms?'), words('what are the BEST crm platform'))).toBe(true);
    expect(nearDuplicate(words('How much does a CRM cost for small teams?'), words('how much does a crm cost for a small team'))).toBe(true);
    expect(nearDuplicate(words('What are the best CRM platforms?'), words('What are the best CRM platforms for agencies?'))).toBe(false);
  });

  it('merge Search Console queries whose questions are the same, summing impressions; fragments left out', () => {
    expect(clusterQueries([
      { query: 'how much does a crm cost for small teams', impressions: 300 }, { query: 'how much does a crm cost for a small team', impressions: 1200 },
      { query: 'acme crm', impressions: 9000 }, { query: 'best crm for small sales teams', impressions: 900 },
      { query: 'alternatives to globex', impressions: 200 }, { query: 'globex alternatives', impressions: 100 },
      { query: 'crm with gmail integration for startups', impressions: 5000 },
    ], ['en']).map((c) => [c.question, c.impressions, c.variants])).toEqual([
      ['How much does a crm cost for a small team?', 1500, 2], ['What is the best crm for small sales teams?', 900, 1],
      ['What are the best alternatives to globex?', 300, 2],
    ]);
  });

  it('keep the questions answers put to a buyer, counted, not those put to the reader', () => {
    const answer = 'Both are good.\n- Which CRM is easiest to learn?\n- **How long does setup take?**\nWould you like me to compare prices?';
    expect(answerQuestions([{ answer, language: 'en' }, { answer, language: 'en', simulated: true }])).toEqual([
      { text: 'How long does setup take?', language: 'en', count: 2, simulated: true }, { text: 'Which CRM is easiest to learn?', language: 'en', count: 2, simulated: true },
    ]);
    expect(answerQuestions([{ answer, language: 'en' }]).map((q) => q.simulated)).toEqual([false, false]);
  });
});

describe('what the engines searched for', () => {
  const prompt = { text: 'What are the best CRM platforms?', language: 'en' };
  const row = (query: string, engines: Array<[string, number]>, prompts = [prompt], simulated = false) => ({ query, answers: engines.reduce((n, [, a]) => n + a, 0), engines: engines.map(([engine, answers]) => ({ engine, answers })), prompts, simulated });

  it('keeps queries that make a question saying more than their prompt, merged and counted by answers and engines', () => {
    expect(fanoutQueries([
      row('best crm platforms', [['chatgpt', 9]]), // the prompt restated
      row('crm pricing', [['chatgpt', 4]]), // a keyword query the patterns make a question of
      row('crm gmail', [['chatgpt', 5]]), // a short keyword query they do not
      row('which crm is easiest for small sales teams', [['chatgpt', 2], ['gemini', 1]]),
      row('which crm is easiest for a small sales team', [['perplexity', 1]], [prompt], true), // simulated: the merged query says so
      row('crm with the best gmail integration for startups', [['gemini', 2]]), // a fragment no pattern fits
      row('cuál es el mejor crm para una pyme', [['chatgpt', 1]], [{ text: '¿Cuáles son las mejores plataformas CRM?', language: 'es' }]),
    ], ['en', 'es'])).toEqual([
      { text: 'crm pricing', question: 'How much does crm cost?', language: 'en', count: 4, engines: ['chatgpt'], simulated: false },
      { text: 'which crm is easiest for small sales teams', question: 'Which crm is easiest for small sales teams?', language: 'en', count: 4, engines: ['chatgpt', 'gemini', 'perplexity'], simulated: true },
      { text: 'cuál es el mejor crm para una pyme', question: '¿Cuál es el mejor crm para una pyme?', language: 'es', count: 1, engines: ['chatgpt'], simulated: false },
    ]);
  });

  it('reads a query in the language it is written in when its prompts are of no workspace language', () => {
    expect(fanoutQueries([row('quel logiciel de paie choisir pour une pme', [['claude', 1]], [])], ['en', 'fr'])).toEqual([
      { text: 'quel logiciel de paie choisir pour une pme', question: 'Quel logiciel de paie choisir pour une pme ?', language: 'fr', count: 1, engines: ['claude'], simulated: false },
    ]);
  });
});

describe('selection within the quota', () => {
  const p = (text: string, intent: Proposal['intent'], source: Proposal['source'] = 'site'): Proposal => ({ text, intent, language: 'en', source, reason: 'r' });
  const caps = { discovery: 1, problem_solution: 1, use_case: 2, comparison: 0, expert: 0, brand_research: 0 };

  it('flags repeats of the set, drops repeats among proposals, and never exceeds an intent\'s share', () => {
    const out = selectWithinQuota([
      p('What are the best CRM platforms?', 'discovery'), p('what are the best crm platform', 'discovery', 'template'), p('Which CRM platforms lead?', 'discovery'),
      p('How do I import contacts?', 'problem_solution'), p('Acme vs Globex?', 'comparison'), p('CRM for dentists', 'use_case'),
    ], [{ id: 'prm_1', text: 'How do I import contacts', language: 'en' }], caps);
    expect(out.proposals.map((x) => x.text)).toEqual(['What are the best CRM platforms?', 'CRM for dentists']);
    expect(out.duplicates).toEqual([expect.objectContaining({ text: 'How do I import contacts?', duplicateOf: 'prm_1' })]);
    expect(out.dropped).toBe(2); // a second discovery and a comparison (quota 0)
  });

  it('with embeddings, also flags and drops paraphrases normalisation misses', () => {
    const candidates = [p('What would a CRM cost our small team?', 'problem_solution'), p('Which CRM suits dentists?', 'use_case'), p('What CRM fits a dental practice?', 'use_case'), p('Which CRM has a mobile app?', 'use_case')];
    const existing = [{ id: 'prm_1', text: 'How much does a CRM cost for a small team?', language: 'en' }];
    const without = selectWithinQuota(candidates, existing, caps);
    expect(without.duplicates).toEqual([]);
    const vectors = { candidates: [[1, 0, 0.1], [0, 1, 0], [0.05, 0.99, 0], null], existing: [[1, 0, 0]], threshold: 0.9 };
    const out = selectWithinQuota(candidates, existing, caps, vectors);
    expect(out.duplicates).toEqual([expect.objectContaining({ text: 'What would a CRM cost our small team?', duplicateOf: 'prm_1', by: 'embedding', similarity: 0.995 })]);
    // The dental paraphrase goes as a repeat of the proposal before it; a text without a vector is kept by normalisation alone.
    expect(out.proposals.map((x) => x.text)).toEqual(['Which CRM suits dentists?', 'Which CRM has a mobile app?']);
  });
});

describe('the site', () => {
  it('gives its FAQ, products and headings, without navigation', () => {
    const facts = siteFacts(`<html lang="en-GB"><head><title>Acme</title><script type="application/ld+json">{"@graph":[{"@type":"FAQPage","mainEntity":[{"@type":"Question","name":"Is there a free plan?"}]},{"@type":"Product","name":"Acme Edge"}]}</script></head>
      <body><h1>Pipeline management for small teams</h1><h2>Pricing</h2><h2>Contact us</h2><h3>Can I export my data?</h3><details><summary>Do you offer SSO?</summary></details></body></html>`);
    expect(facts).toMatchObject({ lang: 'en', faq: ['Is there a free plan?', 'Can I export my data?', 'Do you offer SSO?'], products: ['Acme Edge'], headings: ['Pipeline management for small teams'] });
  });
});

describe('coverage', () => {
  it('names missing intents, languages and the comparison with the top competitor, each with a prompt', () => {
    const out = coverage({
      brand: 'Acme', competitors: ['Globex', 'Initech'], languages: ['en', 'fr'], activeSetSize: 20,
      quotas: { discovery: 0.5, problem_solution: 0, use_case: 0, comparison: 0.5, expert: 0, brand_research: 0 },
      categories: { en: crm, fr: { singular: 'plateforme CRM', plural: 'plateformes CRM', gender: 'f' } } as never,
      active: [{ text: 'What are the best CRM platforms?', intent: 'discovery', language: 'en' }, { text: 'Acme vs Initech: which is better?', intent: 'comparison', language: 'en' }],
    });
    expect(out.byStage).toEqual([
      { stage: 'awareness', intents: ['discovery', 'expert'], count: 1, target: 10 },
      { stage: 'consideration', intents: ['problem_solution', 'use_case'], count: 0, target: 0 },
      { stage: 'decision', intents: ['comparison', 'brand_research'], count: 1, target: 10 },
    ]);
    expect(out.gaps.map((g) => [g.code, g.message, g.proposal.text])).toEqual([
      ['intent_thin', '1 discovery prompts where the quota asks for 10', 'Which CRM platforms do experts recommend?'],
      ['intent_thin', '1 comparison prompts where the quota asks for 10', 'Acme vs Globex: which is better?'],
      ['language_missing', 'no prompt in fr, a language of the workspace', 'Quelles sont les meilleures plateformes CRM ?'],
      ['top_competitor_comparison', 'no comparison prompt against your top competitor (Globex)', 'Acme vs Globex: which is better?'],
    ]);
  });
});

describe('the category in a language the site is not written in', () => {
  it.each([
    ['en', 'CRM platform', 'CRM platforms', null, 'es', 'plataforma CRM', 'plataformas CRM', 'f'],
    ['en', 'CRM platform', 'CRM platforms', null, 'ca', 'plataforma CRM', 'plataformes CRM', 'f'],
    ['en', 'CRM platform', 'CRM platforms', null, 'fr', 'plateforme CRM', 'plateformes CRM', 'f'],
    ['en', 'dental clinic', 'dental clinics', null, 'fr', 'clinique dentaire', 'cliniques dentaires', 'f'],
    ['en', 'mobile app', 'mobile apps', null, 'es', 'app móvil', 'apps móviles', 'f'],
    ['en', 'software', 'software', null, 'fr', 'logiciel', 'logiciels', 'm'],
    ['es', 'clínica dental', 'clínicas dentales', 'f', 'ca', 'clínica dental', 'clíniques dentals', 'f'],
    ['es', 'clínica dental', 'clínicas dentales', 'f', 'en', 'dental clinic', 'dental clinics', null],
    ['fr', 'logiciel SEO', 'logiciels SEO', 'm', 'es', 'software SEO', 'software SEO', 'm'],
    ['ca', 'eina digital', 'eines digitals', 'f', 'fr', 'outil numérique', 'outils numériques', 'm'],
  ] as const)('%s "%s" → %s', (from, singular, plural, gender, to, tSingular, tPlural, tGender) => {
    expect(translateCategory(from, { singular, plural, gender }, to)).toEqual({ singular: tSingular, plural: tPlural, gender: tGender });
  });

  it.each([
    ['en', 'project management software'], ['en', 'boutique hotel'], ['es', 'herramienta de analítica'], ['fr', 'logiciel de comptabilité'], ['en', 'dental'],
  ] as const)('proposes nothing for %s "%s": a word the tables do not know', (from, singular) => {
    expect(translateCategory(from, { singular, plural: singular, gender: from === 'en' ? null : 'm' }, from === 'en' ? 'es' : 'en')).toBeNull();
  });
});
