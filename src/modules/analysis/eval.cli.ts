import { parseArgs } from 'node:util';
import { loadAnalysisCases } from './eval.cases.ts';
import { type Confusion, evaluate, type Row, SENTIMENT_LABELS } from './eval.fns.ts';

// npm run analyze:eval [-- --failures]
// Precision, recall and F1 (or accuracy) of the analysis per dimension and per language over the
// labelled answers (eval/analysis/), beside a naive baseline; --failures lists the cases the analysis gets wrong.

const { values } = parseArgs({ options: { failures: { type: 'boolean' }, json: { type: 'boolean' } } });
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
