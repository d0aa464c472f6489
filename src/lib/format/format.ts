// The one formatter of every number, date and name a person reads: reports (PDF, HTML, email),
// the web dashboard and the CLI. Machine formats (JSON, CSV) keep raw numbers and ISO dates.
//
// One TypeScript module, its types written with the code so they cannot drift, serves the server
// (run by tsx, compiled by the build) and the dashboard (bundled by esbuild, which strips the
// types: scripts/build-dashboard.mjs) without a copy. It imports
// the message catalogue (src/lib/messages: the formatter's words, "Not enough data", metric names,
// reasons, are messages like any other). Keep it free of Node and DOM APIs: only `Intl`, which
// both have. Table tests: format.test.ts.
//
// Rules (docs/reports.md "Formatting"):
// - percentages and scores to one decimal; intervals as "65.0–73.9" (en dash, one decimal each);
// - counts with thousands separators, always grouped (Spanish "1.234", not the RAE's "1234", so a
//   column of counts reads alike);
// - dates and times in the reader's locale and the workspace's IANA time zone; a calendar day
//   ("2026-11-26") is a day, never shifted by a time zone;
// - engines and brands by display name, never by id or slug;
// - a missing figure is "not enough data" with the reason, never an empty cell.

/// <reference lib="es2023.intl" />
// (For `useGrouping: 'always'`, which Node 20 and the browsers have.)
import { formatMessage, type Language, type MessageKey, type Params } from '../messages/catalogue.ts';
import { modelName } from './models.ts';

export type { Language };
export const LANGUAGES: readonly Language[] = Object.freeze(['en', 'es', 'ca', 'fr'] as const);

/** Display names of the engines (product names: the same in every language). */
export const ENGINE_NAMES: Readonly<Record<'chatgpt' | 'perplexity' | 'gemini' | 'claude' | 'google-aio' | 'google-ai-mode' | 'grok' | 'openai-compatible' | 'copilot' | 'dataforseo-ai-mode' | 'dataforseo-chatgpt' | 'dataforseo-gemini', string>> = Object.freeze({
  chatgpt: 'ChatGPT', perplexity: 'Perplexity', gemini: 'Gemini', claude: 'Claude', 'google-aio': 'Google AI Overviews',
  // The opt-in engines (GEO_OPTIONAL_ENGINES).
  'google-ai-mode': 'Google AI Mode', grok: 'Grok', 'openai-compatible': 'OpenAI-compatible engine',
  copilot: 'Microsoft Copilot', 'dataforseo-ai-mode': 'Google AI Mode (DataForSEO)', 'dataforseo-chatgpt': 'ChatGPT (web, DataForSEO)', 'dataforseo-gemini': 'Gemini (web, DataForSEO)',
});

/** AI assistants that send visitors (access-log referrers, docs/traffic.md) without being measured engines. */
export const ASSISTANT_NAMES: Readonly<Record<'copilot' | 'mistral' | 'deepseek' | 'you' | 'meta', string>> = Object.freeze({
  copilot: 'Microsoft Copilot', mistral: 'Le Chat (Mistral)', deepseek: 'DeepSeek', you: 'You.com', meta: 'Meta AI',
});

/** Reason codes `notEnough` translates; any other string is shown as given. */
export type ReasonCode = 'no_answers' | 'no_mentions' | 'no_citations' | 'no_interval' | 'no_previous' | 'no_runs' | 'too_few' | 'missing_component' | 'not_measured';
export const REASONS: readonly ReasonCode[] = Object.freeze(['no_answers', 'no_mentions', 'no_citations', 'no_interval', 'no_previous', 'no_runs', 'too_few', 'missing_component', 'not_measured'] as const);
export type Reason = ReasonCode | (string & {});
export type MetricKey = 'score' | 'visibility' | 'relativeSov' | 'position' | 'sentiment' | 'volume' | 'citationRate';
const METRICS: readonly MetricKey[] = Object.freeze(['score', 'visibility', 'relativeSov', 'position', 'sentiment', 'volume', 'citationRate'] as const);
const isReasonCode = (r: string): r is ReasonCode => (REASONS as readonly string[]).includes(r);
type Num = number | null | undefined;
type When = string | number | Date | null | undefined;
type Interval = readonly [number, number] | null | undefined;

export interface Formatter {
  readonly locale: string;
  readonly language: Language;
  readonly timeZone: string;
  notEnough(reason?: Reason): string;
  score(v: Num, reason?: Reason): string;
  percent(v: Num, reason?: Reason): string;
  decimal(v: Num, reason?: Reason): string;
  delta(v: Num, reason?: Reason): string;
  count(v: Num, reason?: Reason): string;
  interval(iv: Interval, reason?: Reason, opts?: { unit?: '%' }): string;
  n(v: Num): string;
  date(v: When): string;
  dateTime(v: When): string;
  period(from: string, to: string): string;
  engine(id: string): string;
  /** A score definition's version as a person reads it ("geo-score-v2" → "2", for "score version 2"); never the identifier. */
  scoreVersion(version: string): string;
  /** A language model's display name ("OpenAI · GPT-4.1 mini"), never "provider:model" (models.ts). */
  model(id: string): string;
  usd(micros: Num, reason?: Reason): string;
  languageName(code: string): string;
  brand(b: string | { displayName?: string | null; name?: string | null; brand?: string; slug?: string } | null | undefined): string;
  metric(key: MetricKey | (string & {})): string;
  significance(yes: boolean): string;
  /** Items joined as the language says a list ("a, b and c", "a, b y c"). */
  list(items: readonly string[]): string;
  effect(e: EffectLike | null | undefined): string;
}
export interface EffectLike {
  comparison: 'holdout' | 'before_after';
  comparisonReason?: string | null;
  estimate: { points: number; interval: readonly [number, number] | null } | null;
  verdict: string;
  moreDays?: number | null;
  explanation?: string;
}

/** The message language of a BCP 47 locale ("fr-CA" → "fr"); English when unsupported. */
export function languageOf(locale: string | null | undefined): Language {
  const primary = String(locale ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : 'en';
}

/** The workspace's reading language: the first of its languages the catalogue speaks, else English. */
export function readerLanguage(languages: readonly string[]): Language {
  for (const l of languages) {
    const lang = languageOf(l);
    if (lang !== 'en' || l.toLowerCase().startsWith('en')) return lang;
  }
  return 'en';
}

/** True when `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || !tz) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** A calendar day stays that day (read at UTC noon, formatted in UTC); an instant is an instant. */
const asDate = (v: string | number | Date): Date => (v instanceof Date ? v : typeof v === 'string' && DAY.test(v) ? new Date(`${v}T12:00:00Z`) : new Date(v));
const isDay = (v: unknown): v is string => typeof v === 'string' && DAY.test(v);

/**
 * A formatter for one reader: `locale` (BCP 47, e.g. "en-GB", "es"; the messages follow its
 * language, English when unsupported) and `timeZone` (IANA, default "UTC"). Throws a RangeError
 * on an unknown time zone (check input with `isTimeZone` first).
 */
export function createFormatter({ locale = 'en', timeZone = 'UTC' }: { locale?: string; timeZone?: string } = {}): Formatter {
  if (!isTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const lang = languageOf(locale);
  const one = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 'always' });
  const signed = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 'always', signDisplay: 'exceptZero' });
  const percentFmt = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 'always' });
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: 'always' });
  const dayFmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const dayInZone = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const languageNames = new Intl.DisplayNames([locale], { type: 'language' });
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const dateTimeFmt = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' });
  const listFmt = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });

  // The locale's percent pattern around any text ("52.3%", "52,3 %"): its number parts replaced.
  const percentAround = (text: string): string => {
    let out = '', placed = false;
    for (const part of percentFmt.formatToParts(0.5)) {
      if (['integer', 'decimal', 'fraction', 'group'].includes(part.type)) {
        if (!placed) out += text;
        placed = true;
      } else out += part.value;
    }
    return out;
  };

  // The formatter's words come from the one message catalogue (src/lib/messages), their numbers
  // written as counts by this formatter.
  const word = (key: MessageKey, params?: Params): string => formatMessage(lang, key, params, (x) => integer.format(x));
  /** "Not enough data: <reason>" — `reason` a code of REASONS or a sentence of its own. */
  const notEnough = (reason?: Reason): string => {
    const text = reason ? (isReasonCode(reason) ? word(`reason.${reason}`) : String(reason)) : '';
    return text ? word('format.notEnoughWhy', { reason: text }) : word('format.notEnough');
  };
  // Round once, so that a bound and the value it is compared with show the same digits.
  // Half away from zero, as Intl does (Math.round alone would give -3.2 for -3.25).
  const round1 = (v: number): number => (Math.sign(v) * Math.round(Math.abs(v) * 10)) / 10;
  const orMissing = (v: Num, reason: Reason | undefined, fn: (x: number) => string): string => (finite(v) ? fn(v) : notEnough(reason));

  const f: Formatter = {
    locale, language: lang, timeZone,
    notEnough,
    /** A score on 0-100, one decimal: "68.4". */
    score: (v, reason) => orMissing(v, reason, (x) => one.format(round1(x))),
    /** A percentage given on 0-100, one decimal with the locale's sign: "52.3%", "52,3 %". */
    percent: (v, reason) => orMissing(v, reason, (x) => percentFmt.format(round1(x) / 100)),
    /** A plain number to one decimal (a rank, an average position): "2.4". */
    decimal: (v, reason) => orMissing(v, reason, (x) => one.format(round1(x))),
    /** A signed change to one decimal: "+3.2", "-1.5", "0.0". */
    delta: (v, reason) => orMissing(v, reason, (x) => signed.format(round1(x))),
    /** A count, grouped: "1,234". */
    count: (v, reason) => orMissing(v, reason, (x) => integer.format(Math.round(x))),
    /** A 95% interval "65.0–73.9" (en dash); with `unit: '%'` the unit follows once: "65.0–73.9%". */
    interval: (iv, reason = 'no_interval', opts = {}) => {
      if (!Array.isArray(iv) || !finite(iv[0]) || !finite(iv[1])) return notEnough(reason);
      const text = `${one.format(round1(iv[0]))}–${one.format(round1(iv[1]))}`;
      return opts.unit === '%' ? percentAround(text) : text;
    },
    /** Money given in integer micro-USD, in dollars with cents in the reader's locale: "$1,234.50", "1234,50 US$". */
    usd: (micros, reason) => orMissing(micros, reason ?? 'not_measured', (x) => money.format(x / 1e6)),
    /** "n = 1,234": a sample size. */
    n: (v) => `n = ${finite(v) ? integer.format(v) : '0'}`,
    /** A calendar day ("2026-11-26") or an instant's day in the time zone: "Nov 26, 2026". */
    date: (v) => {
      if (v === null || v === undefined || v === '') return notEnough('not_measured');
      const d = asDate(v);
      if (Number.isNaN(d.getTime())) return notEnough('not_measured');
      return (isDay(v) ? dayFmt : dayInZone).format(d);
    },
    /** An instant in the time zone, with the zone named: "Nov 26, 2026, 2:05 PM GMT+1". */
    dateTime: (v) => {
      const d = v === null || v === undefined || v === '' ? new Date(NaN) : asDate(v);
      return Number.isNaN(d.getTime()) ? notEnough('not_measured') : dateTimeFmt.format(d);
    },
    /** A period of calendar days: "Nov 1 – 30, 2026", "1–30 nov 2026". */
    period: (from, to) => {
      const a = asDate(from), b = asDate(to);
      if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return notEnough('not_measured');
      return from === to ? dayFmt.format(a) : dayFmt.formatRange(a, b);
    },
    /** An engine's (or a referring AI assistant's) display name; "composite" (all engines pooled) reads as such. */
    engine: (id) => (id === 'composite' ? word('format.allEngines') : (ENGINE_NAMES as Readonly<Record<string, string>>)[id] ?? (ASSISTANT_NAMES as Readonly<Record<string, string>>)[id] ?? humanise(id)),
    scoreVersion: (version) => {
      const at = String(version ?? '').lastIndexOf('-v');
      const n = at >= 0 ? Number(String(version).slice(at + 2)) : NaN;
      return Number.isInteger(n) && n > 0 ? String(n) : humanise(String(version ?? ''));
    },
    model: (id) => modelName(id),
    /** A language code by its name in the reader's language ("de" → "German", "alemán"); the code when unknown. */
    languageName: (code) => {
      try {
        return languageNames.of(String(code)) ?? String(code);
      } catch {
        return String(code ?? '');
      }
    },
    /** A brand's display name from a workspace or competitor object, else a humanised slug. */
    brand: (b) => (typeof b === 'string' ? humanise(b) : b?.displayName || b?.name || humanise(b?.brand ?? b?.slug ?? '')),
    /** A metric's name in the reader's language ("visibility" → "Visibilité"). */
    metric: (key) => ((METRICS as readonly string[]).includes(key) ? word(`metric.${key as MetricKey}`) : humanise(key)),
    /**
     * A recommendation's effect in one line (docs/methodology.md "Causal effect"): "effect: +6.2
     * points (2.1–10.3), vs. holdout", the days still needed when the interval holds 0, "before/
     * after" with the reason when there is no holdout, or "Not enough data: <reason>".
     */
    effect: (e) => {
      const est = e?.estimate;
      if (!est || !finite(est.points)) return notEnough(e?.explanation || 'not_measured');
      const points = signed.format(round1(est.points));
      if (e.comparison !== 'holdout') return word('effect.beforeAfter', { points, reason: e.comparisonReason ?? '' });
      const head = word('effect.estimate', { points, interval: f.interval(est.interval) });
      if (e.verdict === 'improved' || e.verdict === 'worse') return head;
      const days = e.moreDays;
      const noise = !finite(days) ? word('effect.noiseNever') : days > 365 ? word('effect.noiseYear') : word('effect.noiseDays', { days: Math.round(days) });
      return `${head}; ${noise}`;
    },
    /** "significant" / "not significant" in the reader's language. */
    significance: (yes) => word(yes ? 'format.significant' : 'format.notSignificant'),
    list: (items) => listFmt.format(items),
  };
  return Object.freeze(f);
}

/** "google-aio" → "Google Aio", "acme_corp" → "Acme Corp": the last resort when no display name exists. */
export function humanise(id: string | null | undefined): string {
  return String(id ?? '').split(/[-_\s]+/).filter(Boolean).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/**
 * A count with its noun, singular where the language's plural rule says `one` (Intl.PluralRules:
 * English and Spanish for exactly 1, French for 0 and 1): "1 answer", "3 answers", "0 answers".
 * `many` for nouns without a plain -s plural ("1 query", "2 queries"). For texts the server
 * writes in English (the default `locale`); a text a reader sees in their language uses the
 * catalogue's ICU plurals (`count.*` in src/lib/messages).
 */
export function plural(count: number, one: string, many = `${one}s`, locale = 'en'): string {
  return `${count} ${pluralRules(locale).select(count) === 'one' ? one : many}`;
}
const rulesByLocale = new Map<string, Intl.PluralRules>();
function pluralRules(locale: string): Intl.PluralRules {
  let rules = rulesByLocale.get(locale);
  if (!rules) rulesByLocale.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules;
}
