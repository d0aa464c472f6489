// Cost of per-entity sentiment, against today's sentence sentiment in the same run.
//   npx tsx bench/sentiment.bench.ts
// Answers: simulated engine answers (en, es, ca, fr) for a workspace with 13 entities, the
// labelled sentiment set's answers and the long labelled analysis answers. Timings are CPU time. Both sides get the same mention spans, found once beforehand:
//  - baseline: what analyzeAnswer did before per-entity sentiment — split sentences, and for each entity the
//    mean of sentenceSentiment over the sentences naming it (bench/baseline/analysis/sentiment.fns.ts);
//  - new: entitySentiments (tokens, clauses, carry-over, comparatives, labels and evidence).
// Then the whole analyzeAnswer (mentions, ranks, citations, new sentiment) in answers per CPU second,
// against the 5,000 answers/s target on one core.
import { analyzeAnswer, type AnalysisProfile } from '../src/modules/analysis/analyze.fns.ts';
import { loadAnalysisCases, loadSentimentCases } from '../src/modules/analysis/eval.cases.ts';
import { entitySentiments } from '../src/modules/analysis/sentiment.fns.ts';
import type { EntitySpans } from '../src/modules/analysis/sentiment.tokens.ts';
import { fold, sentences } from '../src/modules/analysis/text.fns.ts';
import { simulatedAnswer } from '../src/modules/engines/simulated.fns.ts';
import { meanSentiment } from './baseline/analysis/sentiment.fns.ts';

const entity = (name: string, domain: string) => ({ name, aliases: [], domains: [domain], ambiguous: false });
const NAMES = ['Acme', 'Globex', 'Initech', 'Hooli', 'Vandelay', 'Zentrix', 'Pixelo', 'Umbrex', 'Soylentix', 'Cyberdyne', 'Tyrell', 'Wonka', 'Oscorp'];
const profile: AnalysisProfile = {
  brand: entity(NAMES[0]!, 'acme.com'),
  competitors: NAMES.slice(1).map((n) => entity(n, `${n.toLowerCase()}.com`)),
  industry: 'crm',
};
const engines = ['chatgpt', 'perplexity', 'gemini', 'claude', 'google-aio'] as const;
const answers: string[] = [];
for (let i = 0; i < 400; i++) {
  const language = (['en', 'en', 'es', 'ca', 'fr'] as const)[i % 5]!;
  answers.push(simulatedAnswer(engines[i % 5]!, { text: `prompt ${i}`, language }, '2026-01-01', profile).text);
}
for (const c of loadSentimentCases()) answers.push(c.answer);
// Long answers with headings, lists, tables and links, as real engines write them.
for (const c of loadAnalysisCases().filter((x) => x.answer.length > 400)) for (let k = 0; k < 20; k++) answers.push(c.answer);

// Mention spans once, outside the timings (names are unambiguous: a word-bounded search is exact).
const patterns = NAMES.map((n) => new RegExp(`(?<![\\p{L}\\p{N}])${fold(n)}(?![\\p{L}\\p{N}])`, 'gu'));
const spansOf = (answer: string): EntitySpans[] => {
  const folded = fold(answer);
  return NAMES.map((n, i) => ({ id: n, spans: [...folded.matchAll(patterns[i]!)].map((m) => ({ start: m.index!, end: m.index! + n.length })) }));
};
const inputs = answers.map((a) => ({ answer: a, spans: spansOf(a) }));

function baseline() {
  let sink = 0;
  for (const { answer, spans } of inputs) {
    const split = sentences(answer);
    for (const e of spans) {
      if (!e.spans.length) continue;
      const naming = split.filter((s) => e.spans.some((h) => h.start >= s.start && h.start < s.end)).map((s) => s.text);
      sink += meanSentiment(naming) ?? 0;
    }
  }
  return sink;
}
function current() {
  let sink = 0;
  for (const { answer, spans } of inputs) for (const r of entitySentiments(answer, spans)) sink += r?.score ?? 0;
  return sink;
}
function whole() {
  let sink = 0;
  for (const { answer } of inputs) sink += analyzeAnswer(profile, answer).brand.sentiment ?? 0;
  return sink;
}

// CPU time of this process (user + system), not wall time: the shared 2-core machine is loaded
// by other work, and descheduled time would land on whichever side happened to run then.
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** Best of `rounds` timings of `fn` over all inputs, in answers per CPU second. */
function rate(fn: () => number, rounds = 9): number {
  fn(); // warm-up: JIT and the lexicon/fold caches
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t = cpuMs();
    fn();
    best = Math.min(best, cpuMs() - t);
  }
  return (inputs.length / best) * 1000;
}

const mentioned = inputs.reduce((n, x) => n + x.spans.filter((s) => s.spans.length).length, 0) / inputs.length;
console.log(`${inputs.length} answers, mean ${Math.round(answers.reduce((n, a) => n + a.length, 0) / answers.length)} chars, ${mentioned.toFixed(1)} of 13 entities named on average`);
// Interleave the measurements so that machine noise hits both sides alike.
const old1 = rate(baseline);
const new1 = rate(current);
const old2 = rate(baseline);
const new2 = rate(current);
const oldRate = Math.max(old1, old2);
const newRate = Math.max(new1, new2);
console.log(`sentiment, baseline (sentenceSentiment per naming sentence): ${oldRate.toFixed(0)} answers/s`);
console.log(`sentiment, per-entity rules (entitySentiments):              ${newRate.toFixed(0)} answers/s`);
console.log(`cost ratio new/baseline: ${(oldRate / newRate).toFixed(2)}× the time per answer`);
const all = rate(whole);
console.log(`whole analyzeAnswer (13 entities, new sentiment): ${all.toFixed(0)} answers/s — target 5,000 (ratio ${(all / 5000).toFixed(2)})`);
console.log(`sentiment's share of the whole analysis: ${((all / newRate) * 100).toFixed(0)}% of its time`);
