import { describe, expect, it } from 'vitest';
import { createFormatter, LANGUAGES, type Language } from '../../lib/format/format.js';
import { EN, type MessageKey } from './messages.en.ts';
import { en, MESSAGES, translator, typeset } from './messages.fns.ts';
import { fixtureReports } from './reports.fixtures.ts';
import { pdfChrome, toHtml } from './render.fns.ts';

const KEYS = Object.keys(EN) as MessageKey[];
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const t = (language: Language) => translator(createFormatter({ locale: language }));

describe('the message tables', () => {
  it.each(LANGUAGES)('%s has every key, each with the English parameters', (language) => {
    const table = MESSAGES[language];
    expect(Object.keys(table).sort()).toEqual([...KEYS].sort());
    for (const key of KEYS) {
      expect(table[key].trim(), key).not.toBe('');
      expect(placeholders(table[key]), key).toEqual(placeholders(EN[key]));
    }
  });

  it('two keys with the same English say the same in every language (the renderer finds a stored text by its English)', () => {
    for (const a of KEYS) for (const b of KEYS) {
      if (a < b && EN[a] === EN[b]) for (const language of LANGUAGES) expect(MESSAGES[language][a], `${a} ~ ${b}`).toBe(MESSAGES[language][b]);
    }
  });

  it.each([
    ['fr', 'Moteurs : {engines}', 'Moteurs\u202f: {engines}'],
    ['fr', 'a ; b 25 %', 'a\u202f; b 25\u202f%'],
    ['es', 'del 95 %: a', 'del 95\u00a0%: a'],
    ['ca', 'del 95 %', 'del 95\u00a0%'],
    ['en', 'a : b 95 %', 'a : b 95 %'],
  ] as Array<[Language, string, string]>)('typeset %s %j', (language, text, out) => expect(typeset(language, text)).toBe(out));
});

describe('translator: a stored English text in the reader’s language', () => {
  it.each([
    // A report stored before translation existed holds exactly these English texts.
    ['es', 'Latest', 'Últimos datos'],
    ['es', 'Visibility summary', 'Resumen de visibilidad'],
    ['ca', 'Acme visibility', 'Visibilitat (Acme)'],
    ['es', '1234 of 2000 items', '1.234 de 2.000 elementos'],
    ['fr', 'verdict: improved; from simulated engines', 'verdict\u202f: amélioration\u202f; issu de moteurs simulés'],
    ['fr', 'verdict: no_detectable_change', 'verdict\u202f: aucun changement détectable'],
    ['ca', 'Fix: titles: mention_rate before', 'Fix: titles: mention_rate abans'],
    ['es', 'meta_description', 'meta_description'],
    ['fr', 'Acme Corp', 'Acme Corp'],
    ['en', '1234 of 2000 items', '1234 of 2000 items'],
  ] as Array<[Language, string, string]>)('%s %j → %j', (language, text, out) => expect(t(language).text(text)).toBe(out));

  it('translates only vocabulary words in cells: a name that is also a heading stays a name', () => {
    expect(t('fr').term('third party')).toBe('tiers');
    expect(t('fr').term('Scoreboard')).toBe('Scoreboard');
    expect(t('es').term('Social')).toBe('Social');
  });

  it('the data keeps the English of the table', () => expect(en('note.itemsOf', { k: 3, n: 8 })).toBe('3 of 8 items'));

  it('tries its templates only on texts a stored sentence can be: a 50,000-character near-match stays as it is', () => {
    // Almost a template many times over: each `(.+)` could take any of its cuts.
    const near = en('note.itemsOf', { k: 3, n: 8 }).replace('items', '').repeat(5_000);
    expect(t('es').text(near)).toBe(near);
    expect(t('es').text(en('note.itemsOf', { k: 3, n: 8 }))).not.toBe(en('note.itemsOf', { k: 3, n: 8 }));
  });
});

/** What a reader sees: text between tags and the accessible names of charts, entities decoded. */
function readable(html: string): string[] {
  const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  const body = html.replace(/<style>[\s\S]*?<\/style>/g, '');
  const labels = [...body.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]!);
  return [...body.split(/<[^<>]+>/), ...labels].flatMap((s) => decode(s).split(' · ')).map((s) => s.trim()).filter(Boolean);
}

describe('a report in es, ca or fr has no English heading, label or sentence', () => {
  // English that a language writes alike ("SEO", "Sentiment", "Position") is not a miss.
  const english = (language: Language) => KEYS.filter((k) => MESSAGES[language][k] !== EN[k]).map((key) => {
    const parts = EN[key].split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return { key, re: new RegExp(`^${parts.join('.+')}$`, 's'), phrase: !EN[key].includes('{') && EN[key].includes(' ') ? EN[key] : null };
  });
  it.each((['es', 'ca', 'fr'] as const).flatMap((language) => fixtureReports(language).map((r) => [language, r.type, r] as const)))('%s %s', (language, _type, report) => {
    const chrome = pdfChrome(report);
    // The product's name is a name, alike in every language (and absent when white-labelled).
    const texts = readable(toHtml(report) + chrome.headerTemplate + chrome.footerTemplate).filter((s) => s !== 'GEO visibility');
    const misses = english(language).flatMap(({ key, re, phrase }) =>
      texts.filter((s) => re.test(s) || (phrase !== null && s.includes(phrase))).map((s) => `${key}: ${s}`));
    expect(misses).toEqual([]);
    expect(texts.length).toBeGreaterThan(60);
  });
});
