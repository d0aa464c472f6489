// Types of format.js (plain JavaScript so the browser dashboard imports the same file; see there).

export type Language = 'en' | 'es' | 'ca' | 'fr';
export declare const LANGUAGES: readonly Language[];
export declare const ENGINE_NAMES: Readonly<Record<'chatgpt' | 'perplexity' | 'gemini' | 'claude' | 'google-aio' | 'google-ai-mode' | 'grok' | 'openai-compatible' | 'copilot' | 'dataforseo-ai-mode' | 'dataforseo-chatgpt' | 'dataforseo-gemini', string>>;
export declare const ASSISTANT_NAMES: Readonly<Record<'copilot' | 'mistral' | 'deepseek' | 'you' | 'meta', string>>;
/** Reason codes `notEnough` translates; any other string is shown as given. */
export type ReasonCode = 'no_answers' | 'no_mentions' | 'no_citations' | 'no_interval' | 'no_previous' | 'no_runs' | 'too_few' | 'missing_component' | 'not_measured';
export declare const REASONS: readonly ReasonCode[];
export type Reason = ReasonCode | (string & {});
export type MetricKey = 'score' | 'visibility' | 'relativeSov' | 'position' | 'sentiment' | 'volume' | 'citationRate';
type Num = number | null | undefined;
type When = string | number | Date | null | undefined;

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
  interval(iv: readonly [number, number] | null | undefined, reason?: Reason, opts?: { unit?: '%' }): string;
  n(v: Num): string;
  date(v: When): string;
  dateTime(v: When): string;
  period(from: string, to: string): string;
  engine(id: string): string;
  /** Integer micro-USD in dollars with cents, in the reader's locale: "$1,234.50". */
  usd(micros: Num, reason?: Reason): string;
  /** A language code by its name in the reader's language ("de" → "German"); the code when unknown. */
  languageName(code: string): string;
  brand(b: string | { displayName?: string | null; name?: string | null; brand?: string; slug?: string } | null | undefined): string;
  metric(key: MetricKey | (string & {})): string;
  significance(yes: boolean): string;
  /** A recommendation's effect in one line ("effect: +6.2 points (2.1–10.3), vs. holdout"; the days still needed; before/after with the reason). */
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

export declare function languageOf(locale: string | null | undefined): Language;
export declare function isTimeZone(tz: unknown): tz is string;
export declare function createFormatter(opts?: { locale?: string; timeZone?: string }): Formatter;
export declare function humanise(id: string | null | undefined): string;
/** A count with its noun, singular where Intl.PluralRules of `locale` (default English) says `one`: "1 answer", "3 answers". */
export declare function plural(count: number, one: string, many?: string, locale?: string): string;
