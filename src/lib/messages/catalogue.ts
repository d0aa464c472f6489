import { IntlMessageFormat } from 'intl-messageformat';
import { CA } from './ca.ts';
import { EN, type MessageKey, type Messages } from './en.ts';
import { ES } from './es.ts';
import { FR } from './fr.ts';

// The one message catalogue: every text a person reads, in en, es, ca and fr, written in ICU
// MessageFormat and formatted by FormatJS's `intl-messageformat` (plurals through
// Intl.PluralRules, so "1 day" / "0 jour" / "2 dies" follow each language's own rule).
//
// Numbers inside messages are the shared formatter's (src/lib/format/format.ts), so a figure reads
// the same in a sentence as in a table: the caller hands `formatMessage` the formatter's number
// writer, and it is used both for plain `{n}` parameters and for the `#` of a plural. This file
// imports nothing from the formatter, which imports it (for its own words); `render`
// in index.ts is the entry point that takes a formatter.
//
// Nothing here touches Node or the DOM: the dashboard imports the same catalogue.

export type { MessageKey, Messages };

/** The languages the catalogue speaks; the formatter lists them for its callers (LANGUAGES). */
export type Language = 'en' | 'es' | 'ca' | 'fr';

/** A text kept for a person to read later: a key of the catalogue and its parameters, rendered at read time in the reader's language. */
export interface Msg { key: MessageKey; params?: Params }
/** A parameter: a name or figure as it is (numbers are formatted at render time), or another message said in the same language. */
export type Param = string | number | Msg;
export type Params = Readonly<Record<string, Param>>;

/** A message to store: `{key, params}`, never its English. */
export const msg = (key: MessageKey, params?: Params): Msg => (params ? { key, params } : { key });
/** True when `v` is a stored message: exactly `{key, params?}` with a key of the catalogue. */
export function isMsg(v: unknown): v is Msg {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  return typeof o.key === 'string' && Object.hasOwn(EN, o.key) && Object.keys(o).every((k) => k === 'key' || k === 'params');
}

/** Typography the translators need not type: a no-break space before "%" (es, ca, fr), and before ":" ";" "!" "?" in French (narrow, as the formatter's French numbers have it). */
export function typeset(language: Language, text: string): string {
  if (language === 'fr') return text.replace(/ ([:;!?%])/g, '\u202f$1');
  return language === 'en' ? text : text.replace(/ %/g, '\u00a0%');
}
const typesetAll = (language: Language, table: Messages): Messages =>
  Object.fromEntries(Object.entries(table).map(([k, v]) => [k, typeset(language, v)])) as unknown as Messages;

/** Every language's table as written (typography applied): the source of every message. */
export const MESSAGES: Readonly<Record<Language, Messages>> = { en: EN, es: typesetAll('es', ES), ca: typesetAll('ca', CA), fr: typesetAll('fr', FR) };
export const KEYS = Object.freeze(Object.keys(EN) as MessageKey[]);
/** True when `key` is one of the catalogue's keys: a code from data ("ai_readiness") has a word when `prefix.code` is. */
export const isKey = (key: string): key is MessageKey => Object.hasOwn(EN, key);

/** How a number reads in a message: the shared formatter's (a count grouped, else one decimal). */
export type NumberWriter = (n: number) => string;

interface Compiled { format: IntlMessageFormat; selectors: ReadonlySet<string> }
const compiled = new Map<string, Compiled>();
// `formatters` are fixed when a message is compiled; the number writer of the call in progress is
// read through this slot (formatting is synchronous, so no two calls interleave).
let writer: NumberWriter = String;
const plurals = new Map<string, Intl.PluralRules>();
const formatters = {
  getNumberFormat: () => ({ format: (n: number) => writer(n) }) as unknown as Intl.NumberFormat,
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getPluralRules: (locale?: string | string[], opts?: Intl.PluralRulesOptions) => {
    const id = `${String(locale)}|${opts?.type ?? 'cardinal'}`;
    let rules = plurals.get(id);
    if (!rules) plurals.set(id, (rules = new Intl.PluralRules(locale, opts)));
    return rules;
  },
};

/** The names a plural or select chooses by: they stay numbers (or codes); every other number is written by the formatter. */
function selectorsOf(elements: ReturnType<IntlMessageFormat['getAst']>, into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if ('options' in el && el.options) {
      into.add(el.value);
      for (const option of Object.values(el.options)) selectorsOf(option.value, into);
    }
  }
  return into;
}

function compile(language: Language, key: MessageKey): Compiled {
  const id = `${language}\u0000${key}`;
  let c = compiled.get(id);
  if (!c) {
    // `ignoreTag`: a "<" in a message is text, never markup.
    const format = new IntlMessageFormat(MESSAGES[language][key], language, undefined, { ignoreTag: true, formatters });
    c = { format, selectors: selectorsOf(format.getAst()) };
    compiled.set(id, c);
  }
  return c;
}

/**
 * A message of the catalogue in `language` with its parameters: numbers through `number` (the
 * shared formatter's), nested messages said in the same language. Unknown languages read English.
 */
export function formatMessage(language: Language, key: MessageKey, params: Params = {}, number: NumberWriter = String): string {
  const lang: Language = Object.hasOwn(MESSAGES, language) ? language : 'en';
  const c = compile(lang, key);
  const values: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(params)) {
    values[name] = typeof v === 'number' ? (c.selectors.has(name) ? v : number(v)) : typeof v === 'string' ? v : formatMessage(lang, v.key, v.params, number);
  }
  const before = writer;
  writer = number;
  try {
    // The values are strings and numbers only; named as such, because the library's generic
    // signature reads differently under the dashboard's looser compiler settings.
    const format = c.format.format as (values: Record<string, string | number>) => unknown;
    return String(format(values));
  } finally {
    writer = before;
  }
}
