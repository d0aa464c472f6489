import { parseArgs } from 'node:util';
import { loadAnalysisCases, loadBlindSet } from './eval.cases.ts';
import { cohensKappa } from '../../lib/stats/kappa.ts';
import { goldLabels, scoreBlind } from './blind.fns.ts';
import { type Confusion, evaluate, type Row, SENTIMENT_LABELS } from './eval.fns.ts';

// npm run analyze:eval [-- --failures] [-- --blind]
// Precision, recall and F1 (or accuracy) of the analysis per dimension and per language over the
// labelled answers (eval/analysis/), beside a naive baseline; --failures lists the cases the analysis gets wrong.

const { values } = parseArgs({ options: { failures: { type: 'boolean' }, json: { type: 'boolean' }, blind: { type: 'boolean' } } });
if (values.blind) blind();
const CASES = loadAnalysisCases();
const result = evaluate(CASES);
if (values.json) {
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}

const f = (x: number) => x.toFixed(3);
const cells = (m: Row['analyzer'] | null) => (!m ? ['', '', '—'] : 'accuracy' in m ? ['', '', f(m.accuracy)] : [f(m.precision), f(m.recall), f(m.f1)]);
function table(title: string, rows: Row[]) {
  console.log(`\n${title}`);
  console.log('| dimension | n | P | R | F1 / acc. | baseline P | baseline R | baseline F1 / acc. |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.dimension} | ${r.n} | ${cells(r.analyzer).join(' | ')} | ${cells(r.baseline).join(' | ')} |`);
}

const byLanguage = Object.entries(result.byLanguage);
console.log(`${CASES.length} labelled answers (${byLanguage.map(([l]) => `${l} ${CASES.filter((c) => c.language === l).length}`).join(', ')})`);
table('all languages', result.overall);
for (const [language, rows] of byLanguage) table(language, rows);
function confusion(title: string, m: Confusion) {
  console.log(`\n${title}: labelled (rows) × analyzer (columns)`);
  console.log(`| labelled | ${SENTIMENT_LABELS.join(' | ')} | none |`);
  console.log(`|---|${SENTIMENT_LABELS.map(() => '---|').join('')}---|`);
  for (const l of SENTIMENT_LABELS) console.log(`| ${l} | ${[...SENTIMENT_LABELS, 'none' as const].map((g) => m[l][g]).join(' | ')} |`);
}
confusion('sentiment confusion, all languages', result.confusion.overall);
for (const [language, m] of Object.entries(result.confusion.byLanguage)) confusion(`sentiment confusion, ${language}`, m);
console.log(`\n${result.failures.length} answers with a mention, rank or citation error`);
if (values.failures) {
  for (const x of result.failures) {
    console.log(`- [${x.language}] ${x.name}`);
    console.log(`    expected ${JSON.stringify(x.expected.mentioned)} rank ${x.expected.brandRank} cites ${JSON.stringify(x.expected.citedDomains)}`);
    console.log(`    got      ${JSON.stringify(x.got.mentioned)} rank ${x.got.brandRank} cites ${JSON.stringify(x.got.citedDomains)}`);
  }
}

/**
 * The blind set, scored once (docs/analysis.md, "The blind set"): the labellers' agreement, then
 * the analyser's label against theirs. It prints which answers it got wrong only as counts by
 * label: the set measures the rules, it is not where rules are found.
 */
function blind(): never {
  const set = loadBlindSet();
  const byB = new Map(set.b.map((l) => [l.id, l.label]));
  const agreement = cohensKappa(set.a.map((l) => [l.label, byB.get(l.id) ?? '(none)']));
  const result = scoreBlind(set.cases, goldLabels(set.a, set.b, set.settled));
  if (values.json) {
    console.log(JSON.stringify({ agreement, ...result, wrong: undefined }, null, 2));
    process.exit(0);
  }
  const pct = (x: number) => (100 * x).toFixed(1);
  const acc = (a: { n: number; accuracy: number; interval: [number, number] | null }) => `${pct(a.accuracy)}% (${a.interval ? `${pct(a.interval[0])}–${pct(a.interval[1])}` : '—'}), n ${a.n}`;
  const flag = (u: { precision: number | null; recall: number | null; actual: number }) => `P ${u.precision === null ? '—' : u.precision.toFixed(2)} R ${u.recall === null ? '—' : u.recall.toFixed(2)} (${u.actual} answers)`;
  console.log(`${set.cases.length} blind answers; labellers A and B agree on ${pct(agreement.observed)}% (Cohen's κ ${agreement.kappa === null ? '—' : agreement.kappa.toFixed(3)}), ${set.settled.length} settled by the guide`);
  console.log('\n| language | label (all five) | stance (answers that know the brand) | unknown flag |');
  console.log('|---|---|---|---|');
  for (const [language, r] of [...Object.entries(result.byLanguage), ['all', result.overall] as const]) console.log(`| ${language} | ${acc(r.label)} | ${acc(r.stance)} | ${flag(r.unknown)} |`);
  console.log('\nconfusion: labelled (rows) × analyser (columns)');
  const cols = ['positive', 'negative', 'mixed', 'neutral', 'unknown', 'none'];
  console.log(`| labelled | ${cols.join(' | ')} |`);
  console.log(`|---|${cols.map(() => '---|').join('')}`);
  for (const row of cols.slice(0, 5)) console.log(`| ${row} | ${cols.map((c) => result.confusion[row]?.[c] ?? 0).join(' | ')} |`);
  process.exit(0);
}
