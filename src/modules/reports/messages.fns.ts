import type { Formatter, Language } from '../../lib/format/format.js';
import { CA } from './messages.ca.ts';
import { EN, type MessageKey, type Messages } from './messages.en.ts';
import { ES } from './messages.es.ts';
import { FR } from './messages.fr.ts';

// A report's words in the reader's language, from the one message table per language.
//
// Why the report data stays English and the renderer translates: JSON and CSV readers key on the
// data's headings and labels, and reports stored before the renderer spoke other languages hold
// the same English. So `buildReport` writes the English of the table (`en`), and the renderer
// finds each English text in the table again and says it in the report's language
// (`translator`): a stored report of any age reads in its language, and machine formats never
// change with it. A text that is not in the table (a brand, a domain, a check code, an item's
// title) is shown as it is.

export type { MessageKey, Messages };
export type Params = Record<string, string | number>;

/** Typography the translators need not type: a no-break space before "%" (es, ca, fr), and before ":" ";" "!" "?" in French (narrow, as the formatter's French numbers have it). */
export function typeset(language: Language, text: string): string {
  if (language === 'fr') return text.replace(/ ([:;!?%])/g, '\u202f$1');
  return language === 'en' ? text : text.replace(/ %/g, '\u00a0%');
}
const typesetAll = (language: Language, table: Messages): Messages =>
  Object.fromEntries(Object.entries(table).map(([k, v]) => [k, typeset(language, v)])) as unknown as Messages;

export const MESSAGES: Readonly<Record<Language, Messages>> = { en: EN, es: typesetAll('es', ES), ca: typesetAll('ca', CA), fr: typesetAll('fr', FR) };

/** `{name}` replaced by its parameter; an unknown one stays as written. */
export const fill = (template: string, params: Params = {}) => template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));

/** The English of a key with its parameters: what the report data stores. */
export const en = (key: MessageKey, params?: Params) => fill(EN[key], params);

const KEYS = Object.keys(EN) as MessageKey[];
/** Stored texts only: what the renderer writes itself (`ui.`, `sentence.`) never comes back from the data. */
const STORED = KEYS.filter((k) => !k.startsWith('ui.') && !k.startsWith('sentence.'));
const EXACT = new Map<string, MessageKey>(STORED.filter((k) => !EN[k].includes('{')).map((k) => [EN[k], k]));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Templates as patterns, the one with the most fixed text first ("verdict: {verdict}; from simulated engines" before "verdict: {verdict}"). */
const TEMPLATES = STORED.filter((k) => EN[k].includes('{')).map((key) => {
  const parts = EN[key].split(/\{(\w+)\}/);
  const names = parts.filter((_p, i) => i % 2 === 1);
  const literal = parts.filter((_p, i) => i % 2 === 0);
  return { key, names, fixed: literal.join('').length, re: new RegExp(`^${literal.map(escape).join('(.+)')}$`, 's') };
}).sort((a, b) => b.fixed - a.fixed);

/** The longest stored text the templates are tried on (see `text` below). */
const STORED_TEXT_MAX = 2_000;

/** A parameter that is itself a word of the table: said in the reader's language too. */
const TERM_PARAMS = new Set(['verdict']);

export interface Translator {
  readonly language: Language;
  /** A message of the table in the reader's language, its parameters filled. */
  msg(key: MessageKey, params?: Params): string;
  /** A stored English text (title, heading, label, note, reason) in the reader's language; any other text as it is. */
  text(english: string): string;
  /** A word of a table cell or bar (a class, a kind, a status, yes/no: lower-case codes) in the reader's language; names and values as they are. */
  term(english: string): string;
}

/** The translator of a formatter's language: numbers inside translated texts are formatted by it. */
export function translator(f: Formatter): Translator {
  const language = f.language;
  const table = MESSAGES[language] ?? EN;
  const msg = (key: MessageKey, params?: Params) => fill(table[key], params);
  const term = (s: string) => {
    const key = EXACT.get(s);
    return key?.startsWith('term.') && language !== 'en' ? table[key] : s;
  };
  const text = (s: string) => {
    // English is the stored text itself: never rewritten, so it reads exactly as it was stored.
    if (language === 'en' || !s) return s;
    const key = EXACT.get(s);
    if (key) return table[key];
    // bounded: the templates' patterns hold one `(.+)` per parameter, polynomial in the text's
    // length when it almost matches; a stored sentence is a template of under 300 characters
    // with names and figures of bounded fields, so a longer text is none of ours and stays as is.
    if (s.length > STORED_TEXT_MAX) return s;
    for (const t of TEMPLATES) {
      const m = t.re.exec(s);
      if (!m) continue;
      const params = Object.fromEntries(t.names.map((name, i) => {
        const v = m[i + 1]!;
        return [name, /^\d+$/.test(v) ? f.count(Number(v)) : TERM_PARAMS.has(name) ? term(v) : v];
      }));
      return msg(t.key, params);
    }
    return s;
  };
  return { language, msg, text, term };
}
