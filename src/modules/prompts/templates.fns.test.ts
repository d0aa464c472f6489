import { describe, expect, it } from 'vitest';
import { INTENTS } from '../workspaces/workspaces.schemas.ts';
import type { Language } from './prompts.fns.ts';
import { templatePrompts } from './prompts.fns.ts';
import { MODIFIERS, PRODUCT_TEMPLATES, TEMPLATES, category, de, render, withArticle } from './templates.fns.ts';

import type { Fill } from './templates.fns.ts';

const fill: Fill = { brand: 'Acme', competitor: 'Globex', product: null, industry: null, modifier: '' };

describe('render: whole prompts, as a reader sees them', () => {
  it.each<[Language, string, Partial<Fill>, string]>([
    ['en', 'What is a good {catSg} for agencies?', {}, 'What is a good tool for agencies?'],
    ['en', 'What is a good {catSg} for agencies?', { industry: 'Analytics' }, 'What is a good analytics tool for agencies?'],
    ['en', 'What should I look for in {aCatSg}?', { industry: 'Analytics' }, 'What should I look for in an analytics tool?'],
    ['en', 'What should I look for in {aCatSg}?', { industry: 'Marketing' }, 'What should I look for in a marketing tool?'],
    ['en', 'What should I look for in {aCatSg}?', { industry: 'SEO' }, 'What should I look for in an SEO tool?'],
    ['en', 'What should I look for in {aCatSg}?', { industry: 'CRM' }, 'What should I look for in a CRM tool?'],
    ['en', 'What should I look for in {aCatSg}?', { industry: 'user research' }, 'What should I look for in a user research tool?'],
    ['en', 'What should I look for in {aCatSg}?', {}, 'What should I look for in a tool?'],
    ['en', 'What are the best {cat}?', { modifier: 'for startups' }, 'What are the best tools for startups?'],
    ['en', '{brand} vs {competitor}: which is better?', { modifier: 'in 2026' }, 'Acme vs Globex: which is better in 2026?'],
    ['en', 'What do users say about {product} by {brand}?', { product: 'Acme Cloud' }, 'What do users say about Acme Cloud by Acme?'],
    ['es', '¿Cuál es una buena {catSg} para agencias?', { industry: 'Analítica' }, '¿Cuál es una buena herramienta de analítica para agencias?'],
    ['es', '¿Cuáles son las mejores {cat}?', { modifier: 'para pymes' }, '¿Cuáles son las mejores herramientas para pymes?'],
    ['es', '¿Qué dicen las reseñas {de:brand}?', {}, '¿Qué dicen las reseñas de Acme?'],
    ['ca', 'Quina és una bona {catSg} per a agències?', { industry: 'Analítica' }, "Quina és una bona eina d'analítica per a agències?"],
    ['ca', 'Què diuen les ressenyes {de:brand}?', {}, "Què diuen les ressenyes d'Acme?"],
    ['ca', 'Quins proveïdors {de:cat} lideren el mercat?', { industry: 'màrqueting' }, 'Quins proveïdors de eines de màrqueting lideren el mercat?'.replace('de eines', "d'eines")],
    ['fr', 'Quelle est une bonne {catSg} pour les agences ?', { industry: 'Analytique' }, "Quelle est une bonne solution d'analytique pour les agences ?"],
    ['fr', 'Quelle est une bonne {catSg} pour les agences ?', { industry: 'Marketing', modifier: 'en 2026' }, 'Quelle est une bonne solution de marketing pour les agences en 2026 ?'],
    ['fr', 'Quels sont les avantages et les inconvénients {de:brand} ?', {}, "Quels sont les avantages et les inconvénients d'Acme ?"],
    ['fr', 'Quels sont les avantages et les inconvénients {de:brand} ?', { brand: 'Zeta' }, 'Quels sont les avantages et les inconvénients de Zeta ?'],
  ])('%s: %s %j', (language, template, given, expected) => {
    expect(render(language, template, { ...fill, ...given })).toBe(expected);
  });
});

describe('grammar helpers', () => {
  it.each([
    ['apple tool', 'an apple tool'], ['hour tracker', 'an hour tracker'], ['unicorn app', 'a unicorn app'],
    ['umbrella tool', 'an umbrella tool'], ['European tool', 'a European tool'], ['one-stop tool', 'a one-stop tool'],
    ['HR tool', 'an HR tool'], ['B2B tool', 'a B2B tool'], ['tool', 'a tool'],
  ])('withArticle(%s) = %s', (phrase, expected) => expect(withArticle(phrase)).toBe(expected));

  it.each<[Language, string, string]>([
    ['fr', 'Acme', "d'Acme"], ['fr', 'hôtellerie', "d'hôtellerie"], ['fr', 'Zeta', 'de Zeta'],
    ['ca', 'Oracle', "d'Oracle"], ['ca', 'Globex', 'de Globex'], ['es', 'Acme', 'de Acme'], ['en', 'Acme', 'de Acme'],
  ])('de(%s, %s) = %s', (language, word, expected) => expect(de(language, word)).toBe(expected));

  it.each<[Language, string | null, string, string]>([
    ['en', null, 'tool', 'tools'], ['en', 'Real Estate', 'real estate tool', 'real estate tools'],
    ['es', 'CRM', 'herramienta de CRM', 'herramientas de CRM'], ['ca', 'ecommerce', "eina d'ecommerce", "eines d'ecommerce"],
    ['fr', 'SaaS', 'solution de SaaS', 'solutions de SaaS'], ['en', 'eCommerce', 'eCommerce tool', 'eCommerce tools'],
  ])('category(%s, %s)', (language, industry, sg, pl) => expect(category(language, industry)).toEqual({ sg, pl }));
});

describe('every template in every language', () => {
  const languages: Language[] = ['en', 'es', 'ca', 'fr'];
  const cases = languages.flatMap((language) =>
    INTENTS.flatMap((intent) => [...TEMPLATES[language][intent], ...(PRODUCT_TEMPLATES[language][intent] ?? [])].flatMap((template) =>
      MODIFIERS[language].flatMap((modifier) => [null, 'Analytics', 'SEO'].map((industry) => ({ language, template, modifier, industry }))))));

  it('fills every placeholder, keeps spacing and punctuation of its language', () => {
    for (const { language, template, modifier, industry } of cases) {
      const text = render(language, template, { brand: 'Acme', competitor: 'Initech', product: 'Acme Cloud', industry, modifier });
      expect(text, template).not.toMatch(/[{}]|\s{2}|\s$|^\s/);
      if (language === 'en') expect(text, template).not.toMatch(/\b(?:a|an) (?:good )?\w+ tools\b/); // no "a good tools"
      expect(text, template).not.toMatch(/\b(?:de|a) (?:el|le|les)\b/);
      if (language === 'fr') expect(text, template).not.toMatch(/[^ ][?:]/);
      else expect(text, template).not.toMatch(/ [?:]/);
      if (language === 'es' && text.includes('?')) expect(text, template).toContain('¿');
      if (language === 'en' && text.includes(' a ') && industry === 'Analytics') expect(text, template).not.toMatch(/\ba analytics\b/);
    }
  });

  it('never produces the old "a good solutions" sentence', () => {
    const prompts = templatePrompts({ brand: 'Acme', competitors: ['Globex'], industry: null, languages: ['en'], regions: [] }, 'use_case', 24);
    expect(prompts.map((p) => p.text)).toContain('What is a good tool for agencies?');
    expect(prompts.some((p) => /good solutions/.test(p.text))).toBe(false);
  });

  it('names the products when the workspace lists them', () => {
    const prompts = templatePrompts({ brand: 'Acme', competitors: ['Globex'], industry: 'Analytics', products: ['Acme Cloud', 'Acme Edge'], languages: ['en'], regions: [] }, 'brand_research', 16);
    expect(prompts.map((p) => p.text)).toEqual(expect.arrayContaining(['What do users say about Acme Cloud by Acme?']));
    expect(prompts.some((p) => p.text.includes('Acme Edge'))).toBe(true);
  });
});
