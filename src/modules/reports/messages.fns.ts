import type { Formatter, Language } from '../../lib/format/format.ts';
import { formatMessage, isKey, isMsg, type MessageKey, type Msg, type Param, type Params } from '../../lib/messages/catalogue.ts';
import { msg, render } from '../../lib/messages/index.ts';

// A report's words in the reader's language, from the one message catalogue (src/lib/messages).
//
// The report data stores texts as messages (`{key, params}`), never as English: the HTML and PDF
// render them at read time in the report's language, and the machine formats (JSON, CSV) render
// them in English with raw numbers, so their headings and labels stay the stable English that
// scripts key on. A plain string in the data is a name (a brand, a domain, a check code, an
// item's title) and is shown as it is.

export type { MessageKey, Msg, Param, Params };
export { msg };
/** A stored text: a message of the catalogue, or a name shown as it is. */
export type Text = string | Msg;

/** The words of table cells and bars that are codes in the data ("improved", "in_review"): their `term.` message, any other code as it is. */
const TERMS: Readonly<Record<string, MessageKey>> = {
  proposed: 'term.proposed', todo: 'term.todo', in_review: 'term.inReview', done: 'term.done', archived: 'term.archived',
  improved: 'term.improved', no_detectable_change: 'term.noDetectableChange', worse: 'term.worse', pending: 'term.pending',
  complete: 'term.complete', partial: 'term.partial',
};
/** A code as the reader's word when the catalogue has one ("in_review"), else the code itself. */
export const term = (code: string): Text => (Object.hasOwn(TERMS, code) ? msg(TERMS[code]!) : code);
/** A code of the data with a word under `prefix` ("seo.component" + "ai_readiness"): that word, any other code as it is. */
export const word = (prefix: string, code: string): Text => (isKey(`${prefix}.${code}`) ? msg(`${prefix}.${code}` as MessageKey) : code);
/** The metrics an item moves, by the words the recommendations board uses (src/lib/messages/recs.*.ts), never by their keys. */
const METRICS = ['mention_rate', 'citation_share', 'thread_mention_rate', 'negative_rate', 'check_pass_rate', 'bot_access_rate', 'ctr', 'crawl_success_rate'] as const;
/** A metric key ("mention_rate") as the reader's words; one the catalogue does not know as "the measured figure". */
export const metricName = (name: string): Msg => msg((METRICS as readonly string[]).includes(name) ? (`recs.metric.${name}` as MessageKey) : 'recs.metric.other');
/** The code of a term message, for data that must compare codes. */
export const isTerm = (v: unknown, key: MessageKey) => isMsg(v) && v.key === key;

export interface Translator {
  readonly language: Language;
  /** A message of the catalogue in the reader's language, its numbers written by the report's formatter. */
  msg(key: MessageKey, params?: Params): string;
  /** A stored text in the reader's language; a name as it is. */
  text(t: Text | null | undefined): string;
}

/** The translator of a formatter's language: numbers inside messages are formatted by it. */
export function translator(f: Formatter): Translator {
  const text = (t: Text | null | undefined) => (t === null || t === undefined ? '' : typeof t === 'string' ? t : render(f, t.key, t.params));
  return { language: f.language, msg: (key, params) => render(f, key, params), text };
}

/** A stored text in English with raw numbers ("1234 of 2000 items"): what JSON and CSV readers key on. */
export const english = (t: Text): string => (typeof t === 'string' ? t : formatMessage('en', t.key, t.params));

/** Every message in `data` rendered by `say` (the JSON and CSV view of stored data); anything else as it is. */
export function sayAll<T>(data: T, say: (m: Msg) => string): T {
  const walk = (v: unknown): unknown => {
    if (isMsg(v)) return say(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(data) as T;
}
