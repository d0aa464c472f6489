import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { createFormatter, LANGUAGES, type Language } from '../format/format.ts';
import { formatMessage, isMsg, KEYS, MESSAGES, msg, typeset, type MessageKey } from './catalogue.ts';
import { EN } from './en.ts';
import { render, t } from './index.ts';

type Ast = ReturnType<IntlMessageFormat['getAst']>;
/** Every parameter a message names, and which of them a plural or select chooses by. */
function paramsOf(ast: Ast, into = { all: new Set<string>(), plural: new Set<string>() }) {
  for (const el of ast) {
    if ('value' in el && typeof el.value === 'string' && el.type !== 0) into.all.add(el.value);
    if ('options' in el && el.options) {
      if ('pluralType' in el) into.plural.add(el.value);
      for (const o of Object.values(el.options)) paramsOf(o.value, into);
    }
  }
  return into;
}
const parse = (language: Language, key: MessageKey) => new IntlMessageFormat(MESSAGES[language][key], language, undefined, { ignoreTag: true }).getAst();
const sorted = (s: Set<string>) => [...s].sort();
/** Sample parameters for a key: 2 for a count a plural chooses by, a name-like word for the others. */
const sample = (key: MessageKey) => {
  const { all, plural } = paramsOf(parse('en', key));
  return Object.fromEntries([...all].map((name) => [name, plural.has(name) ? 2 : `‹${name}›`]));
};

describe('the catalogue', () => {
  it.each(LANGUAGES)('%s has every key, each with the English parameters and plurals', (language) => {
    expect(Object.keys(MESSAGES[language]).sort()).toEqual([...KEYS].sort());
    for (const key of KEYS) {
      expect(MESSAGES[language][key].trim(), key).not.toBe('');
      const mine = paramsOf(parse(language, key)), en = paramsOf(parse('en', key));
      expect(sorted(mine.all), key).toEqual(sorted(en.all));
      expect(sorted(mine.plural), key).toEqual(sorted(en.plural));
    }
  });

  it.each(LANGUAGES)('%s: every key renders with sample parameters, every parameter used, no brace left', (language) => {
    const f = createFormatter({ locale: language });
    for (const key of KEYS) {
      const params = sample(key);
      const out = render(f, key, params);
      expect(out, key).not.toMatch(/[{}]/);
      // A select's parameter chooses a branch (the chat's reasons and ranges), it is not shown.
      for (const [name, v] of Object.entries(params)) if (typeof v === 'string' && !EN[key].includes(`{${name}, select,`)) expect(out, `${key} uses {${name}}`).toContain(v);
    }
  });

  it('keys of the same English say the same in every language (a stored English text converts to either)', () => {
    for (const a of KEYS) for (const b of KEYS) {
      if (a < b && EN[a] === EN[b] && /^(title|heading|label|col|note|na|term|method)\./.test(a) && /^(title|heading|label|col|note|na|term|method)\./.test(b)) {
        for (const language of LANGUAGES) expect(MESSAGES[language][a], `${a} ~ ${b}`).toBe(MESSAGES[language][b]);
      }
    }
  });
});

describe('plurals follow each language’s rule (Intl.PluralRules)', () => {
  it.each([
    ['en', 0, '0 answers'], ['en', 1, '1 answer'], ['en', 2, '2 answers'],
    ['es', 0, '0 respuestas'], ['es', 1, '1 respuesta'], ['es', 2, '2 respuestas'],
    ['ca', 0, '0 respostes'], ['ca', 1, '1 resposta'], ['ca', 2, '2 respostes'],
    // French counts 0 and 1 as singular.
    ['fr', 0, '0 réponse'], ['fr', 1, '1 réponse'], ['fr', 2, '2 réponses'],
  ] as Array<[Language, number, string]>)('%s %i → %s', (language, n, text) => expect(t(language, 'count.answers', { n })).toBe(text));

  it.each([
    ['en', 1, '1 client'], ['en', 3, '3 clients'], ['es', 1, '1 cliente'], ['es', 0, '0 clientes'], ['fr', 0, '0 client'], ['ca', 2, '2 clients'],
  ] as Array<[Language, number, string]>)('portfolio clients %s %i → %s', (language, n, text) => expect(t(language, 'ui.portfolio.clients', { n })).toBe(text));
});

describe('numbers inside messages are the shared formatter’s', () => {
  it.each([
    // The formatter groups every count (Spanish "1.234", where Intl alone would print "1234").
    ['es', 'note.itemsOf', { k: 1234, n: 2000 }, '1.234 de 2.000 elementos'],
    ['en', 'note.itemsOf', { k: 1234, n: 2000 }, '1,234 of 2,000 items'],
    ['fr', 'count.answers', { n: 12345 }, '12\u202f345 réponses'],
    ['es', 'count.answers', { n: 1234 }, '1.234 respuestas'],
  ] as Array<[Language, MessageKey, Record<string, number>, string]>)('%s %s', (language, key, params, text) => {
    expect(t(language, key, params)).toBe(text);
    const f = createFormatter({ locale: language });
    for (const v of Object.values(params)) expect(text).toContain(f.count(v));
  });

  it('a nested message is said in the same language', () => {
    expect(t('fr', 'note.verdict', { verdict: msg('term.improved') })).toBe('verdict\u202f: amélioration');
    expect(t('en', 'note.verdict', { verdict: msg('term.improved') })).toBe('verdict: improved');
  });

  it('an unknown language reads English; a raw writer leaves numbers as they are', () => {
    expect(formatMessage('de' as Language, 'note.itemsOf', { k: 3, n: 8 })).toBe('3 of 8 items');
    expect(formatMessage('en', 'note.itemsOf', { k: 1234, n: 2000 })).toBe('1234 of 2000 items');
  });
});

describe('stored messages', () => {
  it.each([
    [{ key: 'heading.latest' }, true], [{ key: 'note.itemsOf', params: { k: 1, n: 2 } }, true],
    [{ key: 'no.such.key' }, false], [{ key: 'heading.latest', extra: 1 }, false], ['heading.latest', false], [null, false], [[], false],
  ] as Array<[unknown, boolean]>)('isMsg(%j) → %s', (v, yes) => expect(isMsg(v)).toBe(yes));
});

describe('typography', () => {
  it.each([
    ['fr', 'Moteurs : {engines}', 'Moteurs\u202f: {engines}'],
    ['fr', 'a ; b 25 %', 'a\u202f; b 25\u202f%'],
    ['es', 'del 95 %: a', 'del 95\u00a0%: a'],
    ['ca', 'del 95 %', 'del 95\u00a0%'],
    ['en', 'a : b 95 %', 'a : b 95 %'],
  ] as Array<[Language, string, string]>)('typeset %s %j', (language, text, out) => expect(typeset(language, text)).toBe(out));
});
