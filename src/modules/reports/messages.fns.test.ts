import { describe, expect, it } from 'vitest';
import { createFormatter, type Language } from '../../lib/format/format.ts';
import { KEYS, MESSAGES, msg } from '../../lib/messages/index.ts';
import { EN } from '../../lib/messages/en.ts';
import { legacyTerm, legacyText, upgradeTexts } from './legacy.fns.ts';
import { english, sayAll, translator } from './messages.fns.ts';
import type { ReportData } from './reports.fns.ts';
import { fixtureReport, fixtureReports } from './reports.fixtures.ts';
import { pdfChrome, toHtml } from './render.fns.ts';

const t = (language: Language) => translator(createFormatter({ locale: language }));

describe('a report stores messages and says them in the reader’s language', () => {
  it('the data holds {key, params}, never the English', () => {
    const r = fixtureReport('visibility_summary', 'en');
    expect(r.texts).toBe('messages');
    expect(r.title).toEqual({ key: 'title.visibility_summary' });
    expect(r.sections[0]!.heading).toEqual({ key: 'heading.latest' });
    expect(JSON.stringify(r)).not.toContain('Visibility summary');
  });

  it('a report made in English reads in Spanish', () => {
    const made = fixtureReport('visibility_summary', 'en');
    const html = toHtml({ ...made, language: 'es' });
    expect(html).toContain('Resumen de visibilidad');
    expect(html).toContain('Últimos datos');
    expect(html).not.toContain('>Latest');
    expect(toHtml(made)).toContain('Latest');
  });

  it('JSON and CSV readers get the stable English with raw numbers', () => {
    const r = sayAll(fixtureReport('recommendations_progress', 'fr'), english);
    expect(r.title).toBe('Recommendations progress');
    expect(JSON.stringify(r)).not.toMatch(/"key":/);
    expect(english(msg('note.itemsOf', { k: 1234, n: 2000 }))).toBe('1234 of 2000 items');
  });
});

describe('LEGACY: a report stored as English converts to messages', () => {
  it.each([
    // A report stored before messages existed holds exactly these English texts.
    ['es', 'Latest', 'Últimos datos'],
    ['es', 'Visibility summary', 'Resumen de visibilidad'],
    ['ca', 'Acme visibility', 'Visibilitat (Acme)'],
    ['es', '1234 of 2000 items', '1.234 de 2.000 elementos'],
    ['en', '1234 of 2000 items', '1,234 of 2,000 items'],
    ['fr', 'verdict: improved; from simulated engines', 'verdict\u202f: amélioration\u202f; issu de moteurs simulés'],
    ['fr', 'verdict: no_detectable_change', 'verdict\u202f: aucun changement détectable'],
    ['ca', 'Fix: titles: mention_rate before', 'Fix: titles: Respostes que anomenen la marca, abans'],
    ['es', 'meta_description', 'meta_description'],
    ['fr', 'Acme Corp', 'Acme Corp'],
  ] as Array<[Language, string, string]>)('%s %j → %j', (language, text, out) => expect(t(language).text(legacyText(text))).toBe(out));

  it('converts only vocabulary words in cells: a name that is also a heading stays a name', () => {
    expect(t('fr').text(legacyTerm('third party'))).toBe('tiers');
    // Codes the English once printed as they are read as words.
    expect(t('es').text(legacyTerm('in_review'))).toBe('en revisión');
    expect(t('en').text(legacyTerm('no_detectable_change'))).toBe('no detectable change');
    expect(legacyTerm('Scoreboard')).toBe('Scoreboard');
    expect(legacyTerm('Social')).toBe('Social');
  });

  it('tries its templates only on texts a stored sentence can be: a 50,000-character near-match stays as it is', () => {
    const one = english(msg('note.itemsOf', { k: 3, n: 8 }));
    const near = one.replace('items', '').repeat(5_000);
    expect(legacyText(near)).toBe(near);
    expect(legacyText(one)).toEqual(msg('note.itemsOf', { k: 3, n: 8 }));
  });

  it.each(fixtureReports('es').map((r) => [r.type, r] as const))('%s: the English a row used to store converts back to the very messages', (_type, report) => {
    const { texts: _texts, ...fields } = report;
    const stored = sayAll(fields, english) as ReportData;
    const upgraded = upgradeTexts(stored);
    expect(upgraded).toEqual(report);
    expect(upgradeTexts(upgraded)).toBe(upgraded);
    expect(toHtml(upgraded)).toBe(toHtml(report));
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
  const englishOf = (language: Language) => KEYS.filter((k) => MESSAGES[language][k] !== EN[k] && /^(title|heading|label|col|note|na|term|method|ui|sentence|criterion|seo)/.test(k)).map((key) => {
    const parts = EN[key].split(/\{[^{}]*\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return { key, re: new RegExp(`^${parts.join('.+')}$`, 's'), phrase: !EN[key].includes('{') && EN[key].includes(' ') ? EN[key] : null };
  });
  it.each((['es', 'ca', 'fr'] as const).flatMap((language) => fixtureReports(language).map((r) => [language, r.type, r] as const)))('%s %s', (language, _type, report) => {
    const chrome = pdfChrome(report);
    // The product's name is a name, alike in every language (and absent when white-labelled).
    const texts = readable(toHtml(report) + chrome.headerTemplate + chrome.footerTemplate).filter((s) => s !== 'GEO visibility');
    const misses = englishOf(language).flatMap(({ key, re, phrase }) =>
      texts.filter((s) => re.test(s) || (phrase !== null && s.includes(phrase))).map((s) => `${key}: ${s}`));
    expect(misses).toEqual([]);
    expect(texts.length).toBeGreaterThan(60);
  });
});
