import { formatMessage, type MessageKey } from '../../lib/messages/catalogue.ts';
import { readerLanguage, type Formatter, type Language } from '../../lib/format/format.ts';
import type { Candidate, Evidence, Figure, RecTexts, RecType, Text, TextParam } from './recs.types.ts';

// The words of a recommendation, pure: what to do (a title that names the topic in words), why
// (one sentence, at most two figures), the longer rationale and the evidence's figure labels.
// They are stored as message keys with parameters (`evidence.text`) and said at read time in the
// workspace's language (recs.service.ts), so no English is stored for a template's item and no
// keyword string, URL slug or code identifier reaches a title. docs/recommendations.md, "Texts".

export type { RecTexts, Text, TextParam };

const t = (key: MessageKey, params?: Record<string, TextParam>): Text => (params ? { key, params } : { key });
const INTENTS = ['comparison', 'discovery', 'problem_solution', 'use_case', 'expert', 'brand_research'] as const;
const intentOf = (v: unknown) => (INTENTS as readonly string[]).includes(String(v)) ? String(v) as (typeof INTENTS)[number] : 'other';
const str = (ev: Evidence, key: string) => String(ev.facts[key] ?? '');
const list = (ev: Evidence, key: string) => (Array.isArray(ev.facts[key]) ? (ev.facts[key] as string[]) : []);
const fig = (ev: Evidence, i: number): Figure | undefined => ev.figures[i];
const value = (ev: Evidence, i: number) => fig(ev, i)?.value ?? 0;
/** Up to three rivals by name, or "its alternatives" when none is known. */
const rivalsOf = (names: string[]): TextParam => (names.length ? names.slice(0, 3) : t('recs.rivals.none'));
/** The most frequent intent of the questions behind an item. */
function mainIntent(ev: Evidence) {
  const counts = new Map<string, number>();
  for (const p of ev.prompts) counts.set(p.intent, (counts.get(p.intent) ?? 0) + 1);
  return intentOf([...counts].sort((a, b) => b[1] - a[1])[0]?.[0]);
}
const page = (intent: string, brand: string, rivals: string[]) => t(`recs.page.${intentOf(intent)}` as MessageKey, { brand, rivals: rivalsOf(rivals) });
/** The search query or the page a Search Console insight is about. */
const subjectOf = (ev: Evidence): TextParam => (ev.facts.query ? t('recs.subject.query', { query: str(ev, 'query') }) : pageOf(str(ev, 'page')));
/** A page by its path ("the page /es/precios", "the home page"): the site is the workspace's, its address is in the evidence. */
function pageOf(url: string): Text {
  let path = url;
  try {
    path = new URL(url).pathname || url;
  } catch { /* a path already */ }
  return path === '/' ? t('recs.subject.home') : t('recs.subject.page', { path });
}

/** A quoted sentence without its own final stop: the message puts one after the quotation mark. */
function withoutFinalStop(text: string): string {
  let out = text.trimEnd();
  while (out && '.!?…'.includes(out.at(-1)!)) out = out.slice(0, -1).trimEnd();
  return out;
}

/** The texts of a candidate for `brand`, from its type, facts and figures alone. */
export function recTexts(c: Pick<Candidate, 'type' | 'evidence'>, brand: string): RecTexts {
  const ev = c.evidence;
  const type: RecType = c.type;
  const p = { brand };
  let title: Text, why: Text, figures: Text[];
  const extra: Text[] = [];
  switch (type) {
    case 'content_gap': {
      const rivals = list(ev, 'competitors');
      const intent = intentOf(ev.facts.intent);
      title = t('recs.title.content_gap', { page: page(intent, brand, rivals), engine: str(ev, 'engine') });
      why = t('recs.why.content_gap', { ...p, pct: value(ev, 0), intent: t(`recs.intent.${intent}` as MessageKey), engine: str(ev, 'engine'), rivals: rivalsOf(rivals) });
      figures = [t('recs.fig.gapShare', p), ...rivals.slice(0, ev.figures.length - 1).map((rival) => t('recs.fig.rivalShare', { rival }))];
      break;
    }
    case 'source_gap': {
      const rivals = list(ev, 'competitors');
      title = t('recs.title.source_gap', { page: page(mainIntent(ev), brand, rivals) });
      why = t('recs.why.source_gap', { ...p, pct: value(ev, 0), rivals: rivalsOf(rivals) });
      figures = [t('recs.fig.sourceGap', p), ...list(ev, 'engines').slice(0, ev.figures.length - 1).map((engine) => t('recs.fig.onEngine', { engine }))];
      // The query is said once, in the evidence, as what the engines searched: never in the title.
      if (ev.facts.query) extra.push(t('recs.searched', { query: str(ev, 'query') }));
      break;
    }
    case 'outreach': {
      const domain = str(ev, 'domain');
      title = t('recs.title.outreach', { ...p, domain });
      why = t('recs.why.outreach', { ...p, domain, k: fig(ev, 0)?.k ?? 0 });
      figures = [t('recs.fig.domainRivals', { domain }), t('recs.fig.domainReach', { domain })];
      break;
    }
    case 'reddit_thread':
      title = t('recs.title.reddit_thread', { engines: list(ev, 'engines'), count: list(ev, 'engines').length });
      why = t('recs.why.reddit_thread', { ...p, n: fig(ev, 0)?.n ?? 0, pct: value(ev, 0) });
      figures = [t('recs.fig.threadWithout', p)];
      break;
    case 'engine_gap':
      title = t('recs.title.engine_gap', { ...p, engine: str(ev, 'engine') });
      why = t('recs.why.engine_gap', { ...p, engine: str(ev, 'engine'), pct: value(ev, 0), pct2: value(ev, 1) });
      figures = [t('recs.fig.mentionEngine', { ...p, engine: str(ev, 'engine') }), t('recs.fig.mentionOtherEngines', p)];
      break;
    case 'language_gap':
      title = t('recs.title.language_gap', { ...p, language: str(ev, 'language') });
      why = t('recs.why.language_gap', { ...p, language: str(ev, 'language'), pct: value(ev, 0), pct2: value(ev, 1) });
      figures = [t('recs.fig.mentionLanguage', { ...p, language: str(ev, 'language') }), t('recs.fig.mentionOtherLanguages', p)];
      break;
    case 'negative_sentiment':
      title = t('recs.title.negative_sentiment', p);
      why = t('recs.why.negative_sentiment', { ...p, pct: value(ev, 0) });
      figures = [t('recs.fig.repeat', p), t('recs.fig.negative', p)];
      // The engines' own sentence, quoted as a quotation in the rationale, not in the title.
      if (ev.facts.sentence) extra.push(t('recs.quote', { sentence: withoutFinalStop(str(ev, 'sentence')) }));
      break;
    case 'ai_bot_blocked': {
      const f0 = fig(ev, 0);
      title = t('recs.title.ai_bot_blocked', { bot: str(ev, 'bot') });
      why = t('recs.why.ai_bot_blocked', { bot: str(ev, 'bot'), k: ev.urls.length || Math.round(((100 - (f0?.value ?? 0)) * (f0?.n ?? 0)) / 100), n: f0?.n ?? 0 });
      figures = [t('recs.fig.botAllowed', { bot: str(ev, 'bot') })];
      break;
    }
    case 'llms_txt_missing':
      title = t('recs.title.llms_txt_missing');
      why = t('recs.why.llms_txt_missing', p);
      figures = [t('recs.fig.llmsTxt')];
      break;
    case 'crawl_error':
      title = t('recs.title.crawl_error', { bot: str(ev, 'bot'), page: str(ev, 'page') });
      why = t('recs.why.crawl_error', { bot: str(ev, 'bot'), page: str(ev, 'page'), pct: value(ev, 0) });
      figures = [t('recs.fig.crawlFailed', { bot: str(ev, 'bot'), page: str(ev, 'page') })];
      break;
    case 'technical_check': {
      const f0 = fig(ev, 0);
      title = t('recs.title.technical_check', { check: str(ev, 'title'), n: Number(ev.facts.failingPages ?? 0) });
      why = t('recs.why.technical_check', { k: Number(ev.facts.failingPages ?? 0), n: f0?.n ?? 0 });
      figures = [t('recs.fig.checkPass')];
      break;
    }
    default: {
      // The Search Console insights: the figures are CTR, position, the previous values, importance.
      const subject = subjectOf(ev);
      const byLabel = (label: string) => ev.figures.find((f) => f.label === label);
      const pos = byLabel('average position')?.value, prev = byLabel('previous average position')?.value, prevClicks = byLabel('previous clicks')?.value;
      title = t(`recs.title.${type}` as MessageKey, { subject });
      why = type === 'search_falling_position' ? t('recs.why.search_falling_position', { subject, from: prev ?? 0, to: pos ?? 0 })
        : type === 'search_low_ctr' ? t('recs.why.search_low_ctr', { subject, impressions: fig(ev, 0)?.n ?? 0, pct: value(ev, 0) })
          : t('recs.why.search_losing_clicks', { subject, from: prevClicks ?? 0, to: fig(ev, 0)?.k ?? 0 });
      const label: Record<string, MessageKey> = { 'click-through rate': 'recs.fig.ctr', 'average position': 'recs.fig.position', 'previous average position': 'recs.fig.previousPosition', 'previous clicks': 'recs.fig.previousClicks', importance: 'recs.fig.importance' };
      figures = ev.figures.map((f) => t(label[f.label] ?? 'recs.fig.ctr'));
    }
  }
  const advice = t(`recs.advice.${type}` as MessageKey, p);
  const rationale = t('recs.rationale', { why, advice: extra.length ? [advice, ...extra] : advice });
  return { title, why, rationale, figures };
}

/** Parameters said by the formatter: engines and languages by name, `pct…` as percentages. */
const isTexts = (v: TextParam): v is Text[] => Array.isArray(v) && v.some((x) => typeof x === 'object');
function param(f: Formatter, name: string, v: Exclude<TextParam, Text[]>): string | number {
  if (Array.isArray(v)) {
    const items = name === 'engines' ? v.map((e) => f.engine(e)) : v;
    return new Intl.ListFormat(f.language, { type: 'conjunction' }).format(items);
  }
  if (typeof v === 'object') return say(f, v);
  if (typeof v === 'number') return name.startsWith('pct') ? f.percent(v) : v;
  if (name === 'engine') return f.engine(v);
  if (name === 'language') return f.languageName(v);
  return v;
}

/** A stored text in the formatter's language, its numbers written by that formatter. */
export function say(f: Formatter, text: Text): string {
  const number = (n: number) => (Number.isInteger(n) ? f.count(n) : f.decimal(n));
  const params: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(text.params ?? {})) {
    // A list of texts (advice and a quotation) is said as sentences, one after the other.
    params[name] = isTexts(v) ? v.map((x) => say(f, x)).join(' ') : param(f, name, v as Exclude<TextParam, Text[]>);
  }
  return formatMessage(f.language, text.key, params, number);
}

/** A title as the action it asks for: its key and parameters, lists in any order ("Initech and Globex" is "Globex and Initech"). */
export function actionKey(text: Text): string {
  const norm = (v: TextParam): unknown => (Array.isArray(v) ? v.map((x) => JSON.stringify(norm(x as TextParam))).sort() : typeof v === 'object' ? { key: v.key, params: Object.fromEntries(Object.entries(v.params ?? {}).map(([k, x]) => [k, norm(x)])) } : v);
  return JSON.stringify(norm(text));
}

/** True when `v` is a stored text (evidence written before texts were stored has none). */
export const isText = (v: unknown): v is Text => typeof v === 'object' && v !== null && typeof (v as Text).key === 'string';

export type PriorityLevel = 'high' | 'medium' | 'low';
/** The priority (0-100) as a word: high from 40, medium from 15. docs/scoring.md. */
export const priorityLevel = (priority: number): PriorityLevel => (priority >= 40 ? 'high' : priority >= 15 ? 'medium' : 'low');

/** The workspace's reading language (format.ts, shared with Settings and the chat's banner). */
export { readerLanguage };
