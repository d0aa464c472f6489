import { createFormatter, type Formatter } from '../format/format.ts';
import { formatMessage, type MessageKey, type Msg, type Params } from './catalogue.ts';

// Rendering a message for a reader: the catalogue (catalogue.ts) with the shared formatter's
// numbers. `render(f, …)` for a caller that holds a formatter (reports, mails: it knows the
// reader's locale and time zone); `t(locale, …)` for one that has only a locale.

export { isKey, isMsg, KEYS, MESSAGES, msg, typeset, type MessageKey, type Messages, type Msg, type Param, type Params } from './catalogue.ts';

/** The formatter's number writer: a whole number as a count ("1,234"), any other to one decimal. */
const numbers = (f: Pick<Formatter, 'count' | 'decimal'>) => (n: number) => (Number.isInteger(n) ? f.count(n) : f.decimal(n));

/** A message in the formatter's language, its numbers written by that formatter. */
export const render = (f: Formatter, key: MessageKey, params?: Params): string => formatMessage(f.language, key, params, numbers(f));

/** A stored message (`{key, params}`) in the formatter's language. */
export const renderMsg = (f: Formatter, m: Msg): string => render(f, m.key, m.params);

const formatters = new Map<string, Formatter>();
/** A message for a reader of `locale` ("es", "fr-CA"; English when unsupported). */
export function t(locale: string, key: MessageKey, params?: Params): string {
  let f = formatters.get(locale);
  if (!f) formatters.set(locale, (f = createFormatter({ locale })));
  return render(f, key, params);
}
