import { describe, expect, it } from 'vitest';
import { createFormatter, ENGINE_NAMES, humanise, isTimeZone, languageOf, LANGUAGES, plural, REASONS } from './format.ts';
import { ENGINE_IDS, OPTIONAL_ENGINE_IDS } from '../../modules/engines/catalogue.ts';

// Spaces the locales put in numbers: French groups with a narrow no-break space, and Spanish,
// Catalan and French put a no-break space before "%". Which of the two no-break spaces is an ICU
// detail that changes between Node lines, so both read as "~" here (never a plain space).
const NNBSP = '~';
const NBSP = '~';
const nb = (s: string) => s.replace(/[\u00a0\u202f]/g, '~');
const fmt = (locale: string, timeZone = 'UTC') => createFormatter({ locale, timeZone });

describe('numbers, per language', () => {
  it.each([
    // locale, percent(52.34), score(68.449), interval([64.98, 73.94]), percent interval, count(1234567), count(1234), delta(-3.25), delta(2)
    ['en', '52.3%', '68.4', '65.0–73.9', '65.0–73.9%', '1,234,567', '1,234', '-3.3', '+2.0'],
    ['es', `52,3${NBSP}%`, '68,4', '65,0–73,9', `65,0–73,9${NBSP}%`, '1.234.567', '1.234', '-3,3', '+2,0'],
    ['ca', `52,3${NBSP}%`, '68,4', '65,0–73,9', `65,0–73,9${NBSP}%`, '1.234.567', '1.234', '-3,3', '+2,0'],
    ['fr', `52,3${NNBSP}%`, '68,4', '65,0–73,9', `65,0–73,9${NNBSP}%`, `1${NNBSP}234${NNBSP}567`, `1${NNBSP}234`, '-3,3', '+2,0'],
  ])('%s', (locale, percent, score, interval, pInterval, bigCount, count, neg, pos) => {
    const raw = fmt(locale);
    const f = Object.fromEntries(Object.entries(raw).map(([k, fn]) => [k, typeof fn === 'function' ? (...a: unknown[]) => nb((fn as (...x: unknown[]) => string)(...a)) : fn])) as typeof raw;
    expect(f.percent(52.34)).toBe(percent);
    expect(f.score(68.449)).toBe(score);
    expect(f.interval([64.98, 73.94])).toBe(interval);
    expect(f.interval([64.98, 73.94], undefined, { unit: '%' })).toBe(pInterval);
    expect(f.count(1234567)).toBe(bigCount);
    expect(f.count(1234)).toBe(count);
    expect(f.delta(-3.25)).toBe(neg);
    expect(f.delta(2)).toBe(pos);
  });

  it.each([
    // value, one decimal in English
    [0, '0.0'], [100, '100.0'], [99.95, '100.0'], [0.04, '0.0'], [12.25, '12.3'], [-0.05, '-0.1'], [1234.56, '1,234.6'],
  ])('score %d → %s (always exactly one decimal)', (v, out) => expect(fmt('en').score(v)).toBe(out));

  it('rounds an interval bound and a value alike (the bound 73.94 and the value 73.94 read the same)', () => {
    const f = fmt('en');
    expect(f.interval([73.94, 80])).toBe(`${f.score(73.94)}–${f.score(80)}`);
  });

  it('a percentage is given on 0-100 (the API\'s unit), not as a fraction', () => {
    expect(fmt('en').percent(41)).toBe('41.0%');
    expect(fmt('en').percent(0.5)).toBe('0.5%');
  });

  it('n is a grouped count', () => expect(fmt('en').n(4200)).toBe('n = 4,200'));
});

describe('missing data: the reason, never an empty cell', () => {
  it.each([
    ['en', 'Not enough data: no answers in this period', 'Not enough data'],
    ['es', 'Datos insuficientes: no hay respuestas en este periodo', 'Datos insuficientes'],
    ['ca', 'Dades insuficients: no hi ha respostes en aquest període', 'Dades insuficients'],
    ['fr', 'Données insuffisantes\u202f: aucune réponse sur cette période', 'Données insuffisantes'],
  ])('%s', (locale, withReason, bare) => {
    const f = fmt(locale);
    for (const missing of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(f.score(missing, 'no_answers')).toBe(withReason);
      expect(f.percent(missing, 'no_answers')).toBe(withReason);
      expect(f.count(missing, 'no_answers')).toBe(withReason);
      expect(f.decimal(missing, 'no_answers')).toBe(withReason);
      expect(f.delta(missing, 'no_answers')).toBe(withReason);
    }
    expect(f.score(null)).toBe(bare);
    expect(f.interval(null, 'no_answers')).toBe(withReason);
  });

  it('every reason code has a text in every language, and free text passes through', () => {
    for (const lang of LANGUAGES) {
      const f = fmt(lang);
      for (const code of REASONS) expect(f.notEnough(code)).not.toContain(code);
      expect(f.notEnough('fewer than 30 answers')).toMatch(/: fewer than 30 answers$/);
    }
  });

  it('an interval that is absent says an average has none (the default reason)', () => {
    expect(fmt('en').interval(null)).toBe('Not enough data: an average, which has no interval');
    expect(fmt('en').interval([1, Number.NaN] as unknown as [number, number])).toMatch(/^Not enough data/);
  });
});

describe('dates and times: reader\'s locale, workspace\'s time zone', () => {
  it.each([
    ['en', 'Nov 26, 2026', 'Nov 1 – 30, 2026', 'Oct 1 – Nov 30, 2026'],
    ['es', '26 nov 2026', '1–30 nov 2026', '1 oct – 30 nov 2026'],
    ['ca', '26 de nov. 2026', '1–30 de nov. 2026', '1 d’oct. – 30 de nov. 2026'],
    ['fr', '26 nov. 2026', '1–30 nov. 2026', '1 oct. – 30 nov. 2026'],
  ])('%s: a calendar day, a period within a month and across months', (locale, day, month, across) => {
    const norm = (s: string) => s.replace(/[\u2009\u202f\u00a0]/g, ' ');
    // A calendar day is never shifted, even in a zone far from UTC.
    expect(fmt(locale, 'Pacific/Honolulu').date('2026-11-26')).toBe(day);
    expect(fmt(locale, 'Pacific/Kiritimati').date('2026-11-26')).toBe(day);
    expect(norm(fmt(locale).period('2026-11-01', '2026-11-30'))).toBe(norm(month));
    expect(norm(fmt(locale).period('2026-10-01', '2026-11-30'))).toBe(norm(across));
    expect(fmt(locale).period('2026-11-26', '2026-11-26')).toBe(day);
  });

  it('an instant reads in the workspace\'s time zone, with the zone named, never as ISO', () => {
    const instant = '2026-11-26T23:30:00.000Z';
    const madrid = fmt('es', 'Europe/Madrid');
    expect(madrid.date(instant)).toBe('27 nov 2026');
    expect(madrid.dateTime(instant)).toMatch(/^27 nov 2026, 0:30 CET$/);
    expect(fmt('en', 'America/New_York').dateTime(instant)).toMatch(/^Nov 26, 2026, 6:30\sPM EST$/);
    expect(fmt('en', 'UTC').dateTime(new Date(instant))).toMatch(/^Nov 26, 2026, 11:30\sPM UTC$/);
    for (const lang of LANGUAGES) expect(fmt(lang, 'Asia/Tokyo').dateTime(instant)).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('a missing or invalid date says so', () => {
    expect(fmt('en').date(null)).toBe('Not enough data: not measured');
    expect(fmt('fr').dateTime('not a date')).toBe('Données insuffisantes\u202f: non mesuré');
  });

  it('an unknown time zone is refused up front', () => {
    expect(isTimeZone('Europe/Madrid')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(() => createFormatter({ timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe('names: display names, never ids or slugs', () => {
  it.each([
    ['chatgpt', 'ChatGPT'], ['perplexity', 'Perplexity'], ['gemini', 'Gemini'], ['claude', 'Claude'], ['google-aio', 'Google AI Overviews'], ['brand-new-engine', 'Brand New Engine'],
    // Assistants that refer visitors (access logs) without being measured engines.
    ['copilot', 'Microsoft Copilot'], ['deepseek', 'DeepSeek'], ['you', 'You.com'],
  ])('engine %s → %s', (id, name) => expect(fmt('en').engine(id)).toBe(name));

  it.each([
    ['geo-score-v1', '1'], ['geo-score-v2', '2'], ['seo-score-v1', '1'], ['geo-score-v0', 'Geo Score V0'], ['custom', 'Custom'],
  ])('score version %s → %s', (version, shown) => expect(fmt('en').scoreVersion(version)).toBe(shown));

  it.each([
    ['en', 4_500_000, '$4.50'], ['en', 1_234_500_000, '$1,234.50'], ['en', 5_000, '$0.01'], ['es', 4_500_000, '4,50 US$'], ['en', null, 'Not enough data: not measured'],
  ])('money in %s: %s micro-USD → %s', (lang, micros, text) => expect(fmt(lang).usd(micros)).toBe(text));

  it.each([
    ['en', 'de', 'German'], ['en', 'pt-BR', 'Brazilian Portuguese'], ['es', 'de', 'alemán'], ['fr', 'en', 'anglais'], ['en', 'not a code!', 'not a code!'],
  ])('language in %s: %s → %s', (lang, code, name) => expect(fmt(lang).languageName(code)).toBe(name));

  it('every engine id has a display name', () => {
    expect(Object.keys(ENGINE_NAMES).sort()).toEqual([...ENGINE_IDS, ...OPTIONAL_ENGINE_IDS].sort());
  });

  it.each([['en', 'All engines'], ['es', 'Todos los motores'], ['ca', 'Tots els motors'], ['fr', 'Tous les moteurs']])('the pooled engines in %s', (lang, text) => {
    expect(fmt(lang).engine('composite')).toBe(text);
  });

  it.each([
    [{ displayName: 'Acme Corporation', brand: 'acme' }, 'Acme Corporation'],
    [{ name: 'Globex' }, 'Globex'],
    [{ displayName: '', brand: 'initech-labs' }, 'Initech Labs'],
    ['umbrella_corp', 'Umbrella Corp'],
    [null, ''],
  ])('brand %j → %s', (b, name) => expect(fmt('en').brand(b)).toBe(name));

  it.each([
    ['en', ['discovery'], 'discovery'],
    ['en', ['discovery', 'use case', 'expert'], 'discovery, use case, and expert'],
    ['es', ['descubrimiento', 'experto'], 'descubrimiento y experto'],
    ['ca', ['a', 'b', 'c'], 'a, b i c'],
    ['fr', ['a', 'b'], 'a et b'],
    ['en', [], ''],
  ] as const)('a list in %s: %j', (lang, items, said) => expect(fmt(lang).list(items)).toBe(said));
  it.each([
    ['en', 'Visibility', 'significant'], ['es', 'Visibilidad', 'significativo'], ['ca', 'Visibilitat', 'significatiu'], ['fr', 'Visibilité', 'significatif'],
  ])('metric names and significance in %s', (lang, visibility, significant) => {
    expect(fmt(lang).metric('visibility')).toBe(visibility);
    expect(fmt(lang).significance(true)).toBe(significant);
    expect(fmt(lang).metric('unknown_metric')).toBe('Unknown Metric');
  });

  it('humanise is the last resort', () => expect(humanise('a-b_c d')).toBe('A B C D'));
});

describe('locale and language', () => {
  it.each([['fr-CA', 'fr'], ['es_ES', 'es'], ['ca', 'ca'], ['de', 'en'], ['', 'en'], [null, 'en']])('%s → messages in %s', (locale, lang) => {
    expect(languageOf(locale)).toBe(lang);
  });

  it('a regional locale keeps its own conventions with the language\'s messages', () => {
    const gb = fmt('en-GB');
    expect(gb.language).toBe('en');
    expect(gb.date('2026-11-26')).toBe('26 Nov 2026');
    expect(gb.score(null, 'no_runs')).toBe('Not enough data: no measurement succeeded in this period');
  });
});

describe('plural', () => {
  it.each([
    [0, 'answer', undefined, '0 answers'],
    [1, 'answer', undefined, '1 answer'],
    [2, 'answer', undefined, '2 answers'],
    [1, 'query', 'queries', '1 query'],
    [5, 'query', 'queries', '5 queries'],
    // CLDR's English rule (Intl.PluralRules): -1 takes the singular too.
    [-1, 'point', undefined, '-1 point'],
  ])('%i %s → %s', (count, one, many, text) => {
    expect(plural(count, one, many)).toBe(text);
  });
  it.each([
    ['fr', 0, 'réponse', 'réponses', '0 réponse'], ['fr', 1, 'réponse', 'réponses', '1 réponse'], ['fr', 2, 'réponse', 'réponses', '2 réponses'],
    ['es', 0, 'respuesta', 'respuestas', '0 respuestas'], ['es', 1, 'respuesta', 'respuestas', '1 respuesta'],
    ['ca', 0, 'resposta', 'respostes', '0 respostes'], ['ca', 1, 'resposta', 'respostes', '1 resposta'],
  ] as const)('%s: %i %s → %s (the language\'s own rule)', (locale, count, one, many, text) => {
    expect(plural(count, one, many, locale)).toBe(text);
  });
});

describe('effect: one line for a recommendation\'s effect, the same numbers everywhere', () => {
  const holdout = { comparison: 'holdout' as const, estimate: { points: 6.24, interval: [2.08, 10.31] as [number, number] }, verdict: 'improved' };
  it.each([
    ['en', holdout, 'effect: +6.2 points (2.1–10.3), vs. holdout'],
    ['es', holdout, 'efecto: +6,2 puntos (2,1–10,3), frente a las preguntas que se dejaron igual'],
    ['fr', holdout, 'effet~: +6,2 points (2,1–10,3), face aux questions laissées telles quelles'],
    ['en', { ...holdout, verdict: 'no_detectable_change', moreDays: 1234 }, 'effect: +6.2 points (2.1–10.3), vs. holdout; not distinguishable from noise yet: more than a year at today’s cadence'],
    ['en', { ...holdout, verdict: 'pending', moreDays: 12 }, 'effect: +6.2 points (2.1–10.3), vs. holdout; not distinguishable from noise yet: about 12 more days at today’s cadence'],
    ['ca', { ...holdout, verdict: 'pending', moreDays: 12 }, 'efecte: +6,2 punts (2,1–10,3), davant de les preguntes que es van deixar igual; encara no es distingeix del soroll: uns 12 dies més al ritme actual'],
    ['en', { comparison: 'before_after' as const, comparisonReason: 'negative_rate is not counted per prompt', estimate: { points: -4, interval: null }, verdict: 'improved' }, 'effect: -4.0 points, before/after (no holdout: negative_rate is not counted per prompt)'],
    ['en', { comparison: 'holdout' as const, estimate: null, verdict: 'pending', explanation: 'the item is not done yet' }, 'Not enough data: the item is not done yet'],
  ])('%s: %s', (locale, effect, line) => {
    expect(nb(fmt(locale).effect(effect))).toBe(line);
  });
});
