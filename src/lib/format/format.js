// The one formatter of every number, date and name a person reads: reports (PDF, HTML, email),
// the web dashboard and the CLI. Machine formats (JSON, CSV) keep raw numbers and ISO dates.
//
// Why plain JavaScript: the dashboard's client is plain ES modules served as they are (no build
// step, docs/dashboard.md), and the server is TypeScript. One dependency-free ES module
// serves both without a copy: the server imports `src/lib/format/format.js` (types in the
// `format.d.ts` beside it), the browser imports `/assets/vendor/format.js`, which the dashboard's
// static route serves from this very file. Keep it free of imports and of Node or DOM APIs:
// only `Intl`, which both have. Table tests: format.test.ts.
//
// Rules (docs/reports.md "Formatting"):
// - percentages and scores to one decimal; intervals as "65.0–73.9" (en dash, one decimal each);
// - counts with thousands separators, always grouped (Spanish "1.234", not the RAE's "1234", so a
//   column of counts reads alike);
// - dates and times in the reader's locale and the workspace's IANA time zone; a calendar day
//   ("2026-11-26") is a day, never shifted by a time zone;
// - engines and brands by display name, never by id or slug;
// - a missing figure is "not enough data" with the reason, never an empty cell.

export const LANGUAGES = Object.freeze(['en', 'es', 'ca', 'fr']);

/** Display names of the engines (product names: the same in every language). */
export const ENGINE_NAMES = Object.freeze({
  chatgpt: 'ChatGPT', perplexity: 'Perplexity', gemini: 'Gemini', claude: 'Claude', 'google-aio': 'Google AI Overviews',
  // The opt-in engines (GEO_OPTIONAL_ENGINES).
  'google-ai-mode': 'Google AI Mode', grok: 'Grok', 'openai-compatible': 'OpenAI-compatible engine',
  copilot: 'Microsoft Copilot', 'dataforseo-ai-mode': 'Google AI Mode (DataForSEO)', 'dataforseo-chatgpt': 'ChatGPT (web, DataForSEO)', 'dataforseo-gemini': 'Gemini (web, DataForSEO)',
});

/** AI assistants that send visitors (access-log referrers, docs/traffic.md) without being measured engines. */
export const ASSISTANT_NAMES = Object.freeze({
  copilot: 'Microsoft Copilot', mistral: 'Le Chat (Mistral)', deepseek: 'DeepSeek', you: 'You.com', meta: 'Meta AI',
});

const MESSAGES = {
  en: {
    notEnough: 'Not enough data', allEngines: 'All engines', significant: 'significant', notSignificant: 'not significant',
    metrics: { score: 'GEO score', visibility: 'Visibility', relativeSov: 'Relative share of voice', position: 'Position', sentiment: 'Sentiment', volume: 'Owned citation share', citationRate: 'Citation rate' },
    effect: { estimate: 'effect: {points} points ({interval}), vs. holdout', beforeAfter: 'effect: {points} points, before/after (no holdout: {reason})',
      noiseDays: 'not distinguishable from noise yet: about {days} more days at today’s cadence', noiseDay: 'not distinguishable from noise yet: about 1 more day at today’s cadence',
      noiseYear: 'not distinguishable from noise yet: more than a year at today’s cadence', noiseNever: 'not distinguishable from noise: the days before acceptance are too noisy for more days to settle it' },
    reasons: {
      no_answers: 'no answers in this period', no_mentions: 'the brand was not mentioned', no_citations: 'no answer cited a source',
      no_interval: 'an average, which has no interval', no_previous: 'no earlier measurement to compare', no_runs: 'no measurement succeeded in this period',
      too_few: 'too few answers for a reliable figure', missing_component: 'a component of the score has no data', not_measured: 'not measured',
    },
  },
  es: {
    notEnough: 'Datos insuficientes', allEngines: 'Todos los motores', significant: 'significativo', notSignificant: 'no significativo',
    metrics: { score: 'Puntuación GEO', visibility: 'Visibilidad', relativeSov: 'Cuota de voz relativa', position: 'Posición', sentiment: 'Sentimiento', volume: 'Cuota de citas propias', citationRate: 'Tasa de citas' },
    effect: { estimate: 'efecto: {points} puntos ({interval}), frente a los prompts de control', beforeAfter: 'efecto: {points} puntos, antes/después (sin control: {reason})',
      noiseDays: 'aún no se distingue del ruido: unos {days} días más al ritmo actual', noiseDay: 'aún no se distingue del ruido: 1 día más al ritmo actual',
      noiseYear: 'aún no se distingue del ruido: más de un año al ritmo actual', noiseNever: 'no se distingue del ruido: los días previos a la aceptación son demasiado ruidosos para que más días lo resuelvan' },
    reasons: {
      no_answers: 'no hay respuestas en este periodo', no_mentions: 'la marca no fue mencionada', no_citations: 'ninguna respuesta citó una fuente',
      no_interval: 'es una media, sin intervalo', no_previous: 'no hay una medición anterior para comparar', no_runs: 'ninguna medición terminó en este periodo',
      too_few: 'demasiado pocas respuestas para una cifra fiable', missing_component: 'un componente de la puntuación no tiene datos', not_measured: 'no medido',
    },
  },
  ca: {
    notEnough: 'Dades insuficients', allEngines: 'Tots els motors', significant: 'significatiu', notSignificant: 'no significatiu',
    metrics: { score: 'Puntuació GEO', visibility: 'Visibilitat', relativeSov: 'Quota de veu relativa', position: 'Posició', sentiment: 'Sentiment', volume: 'Quota de cites pròpies', citationRate: 'Taxa de cites' },
    effect: { estimate: 'efecte: {points} punts ({interval}), davant dels prompts de control', beforeAfter: 'efecte: {points} punts, abans/després (sense control: {reason})',
      noiseDays: 'encara no es distingeix del soroll: uns {days} dies més al ritme actual', noiseDay: 'encara no es distingeix del soroll: 1 dia més al ritme actual',
      noiseYear: 'encara no es distingeix del soroll: més d’un any al ritme actual', noiseNever: 'no es distingeix del soroll: els dies previs a l’acceptació són massa sorollosos perquè més dies ho resolguin' },
    reasons: {
      no_answers: 'no hi ha respostes en aquest període', no_mentions: 'la marca no va ser esmentada', no_citations: 'cap resposta no va citar una font',
      no_interval: 'és una mitjana, sense interval', no_previous: 'no hi ha cap mesura anterior per comparar', no_runs: 'cap mesura no va acabar en aquest període',
      too_few: 'massa poques respostes per a una xifra fiable', missing_component: 'un component de la puntuació no té dades', not_measured: 'no mesurat',
    },
  },
  fr: {
    // French puts a narrow no-break space before a colon, as before "%" in its numbers.
    notEnough: 'Données insuffisantes', colon: '\u202f: ', allEngines: 'Tous les moteurs', significant: 'significatif', notSignificant: 'non significatif',
    metrics: { score: 'Score GEO', visibility: 'Visibilité', relativeSov: 'Part de voix relative', position: 'Position', sentiment: 'Sentiment', volume: 'Part de citations propres', citationRate: 'Taux de citation' },
    effect: { estimate: 'effet : {points} points ({interval}), face aux prompts témoins', beforeAfter: 'effet : {points} points, avant/après (sans témoin : {reason})',
      noiseDays: 'pas encore distinguable du bruit : environ {days} jours de plus au rythme actuel', noiseDay: 'pas encore distinguable du bruit : environ 1 jour de plus au rythme actuel',
      noiseYear: 'pas encore distinguable du bruit : plus d’un an au rythme actuel', noiseNever: 'pas distinguable du bruit : les jours avant l’acceptation sont trop bruités pour que des jours de plus tranchent' },
    reasons: {
      no_answers: 'aucune réponse sur cette période', no_mentions: 'la marque n’a pas été citée', no_citations: 'aucune réponse n’a cité de source',
      no_interval: 'une moyenne, sans intervalle', no_previous: 'aucune mesure antérieure à comparer', no_runs: 'aucune mesure réussie sur cette période',
      too_few: 'trop peu de réponses pour un chiffre fiable', missing_component: 'une composante du score n’a pas de données', not_measured: 'non mesuré',
    },
  },
};

/** The reason codes `notEnough` translates; any other text is shown as given. */
export const REASONS = Object.freeze(Object.keys(MESSAGES.en.reasons));

/** The message language of a BCP 47 locale ("fr-CA" → "fr"); English when unsupported. */
export function languageOf(locale) {
  const primary = String(locale ?? '').toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.includes(primary) ? primary : 'en';
}

/** True when `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz) {
  if (typeof tz !== 'string' || !tz) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const finite = (v) => typeof v === 'number' && Number.isFinite(v);
/** A calendar day stays that day (read at UTC noon, formatted in UTC); an instant is an instant. */
const asDate = (v) => (v instanceof Date ? v : typeof v === 'string' && DAY.test(v) ? new Date(`${v}T12:00:00Z`) : new Date(v));
const isDay = (v) => typeof v === 'string' && DAY.test(v);

/**
 * A formatter for one reader: `locale` (BCP 47, e.g. "en-GB", "es"; the messages follow its
 * language, English when unsupported) and `timeZone` (IANA, default "UTC"). Throws a RangeError
 * on an unknown time zone (check input with `isTimeZone` first).
 */
export function createFormatter({ locale = 'en', timeZone = 'UTC' } = {}) {
  if (!isTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const lang = languageOf(locale);
  const m = MESSAGES[lang];
  const one = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 'always' });
  const signed = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 'always', signDisplay: 'exceptZero' });
  const percentFmt = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: 'always' });
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: 'always' });
  const dayFmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const dayInZone = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const languageNames = new Intl.DisplayNames([locale], { type: 'language' });
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const dateTimeFmt = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' });

  // The locale's percent pattern around any text ("52.3%", "52,3 %"): its number parts replaced.
  const percentAround = (text) => {
    let out = '', placed = false;
    for (const part of percentFmt.formatToParts(0.5)) {
      if (['integer', 'decimal', 'fraction', 'group'].includes(part.type)) {
        if (!placed) out += text;
        placed = true;
      } else out += part.value;
    }
    return out;
  };

  /** "Not enough data: <reason>" — `reason` a code of REASONS or a sentence of its own. */
  const notEnough = (reason) => {
    const text = reason ? (m.reasons[reason] ?? String(reason)) : '';
    return text ? `${m.notEnough}${m.colon ?? ': '}${text}` : m.notEnough;
  };
  // Round once, so that a bound and the value it is compared with show the same digits.
  // Half away from zero, as Intl does (Math.round alone would give -3.2 for -3.25).
  const round1 = (v) => (Math.sign(v) * Math.round(Math.abs(v) * 10)) / 10;
  const orMissing = (v, reason, fn) => (finite(v) ? fn(v) : notEnough(reason));

  const f = {
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
    engine: (id) => (id === 'composite' ? m.allEngines : ENGINE_NAMES[id] ?? ASSISTANT_NAMES[id] ?? humanise(id)),
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
    metric: (key) => m.metrics[key] ?? humanise(key),
    /**
     * A recommendation's effect in one line (docs/methodology.md "Causal effect"): "effect: +6.2
     * points (2.1–10.3), vs. holdout", the days still needed when the interval holds 0, "before/
     * after" with the reason when there is no holdout, or "Not enough data: <reason>".
     */
    effect: (e) => {
      const est = e?.estimate;
      if (!est || !finite(est.points)) return notEnough(e?.explanation || 'not_measured');
      const points = signed.format(round1(est.points));
      const fill = (t, p) => t.replace(/\{(\w+)\}/g, (x, k) => (k in p ? String(p[k]) : x));
      if (e.comparison !== 'holdout') return fill(m.effect.beforeAfter, { points, reason: e.comparisonReason ?? '' });
      const head = fill(m.effect.estimate, { points, interval: f.interval(est.interval) });
      if (e.verdict === 'improved' || e.verdict === 'worse') return head;
      const days = e.moreDays;
      const noise = !finite(days) ? m.effect.noiseNever : days > 365 ? m.effect.noiseYear : days === 1 ? m.effect.noiseDay : fill(m.effect.noiseDays, { days: integer.format(days) });
      return `${head}; ${noise}`;
    },
    /** "significant" / "not significant" in the reader's language. */
    significance: (yes) => (yes ? m.significant : m.notSignificant),
  };
  return Object.freeze(f);
}

/** "google-aio" → "Google Aio", "acme_corp" → "Acme Corp": the last resort when no display name exists. */
export function humanise(id) {
  return String(id ?? '').split(/[-_\s]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
}

/**
 * A count with its noun in English, singular for exactly one: "1 answer", "3 answers", "0 answers".
 * `many` for nouns without a plain -s plural ("1 query", "2 queries"). For server texts and labels
 * that are written in English; localised figures go through createFormatter.
 */
export function plural(count, one, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}
