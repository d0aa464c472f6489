import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { goldLabels } from '../analysis/blind.fns.ts';
import { loadBlindSet } from '../analysis/eval.cases.ts';
import { modelConnector, workspaceModel } from '../engines/providers.ts';
import { judgeBlindSet } from './blind-judge.ts';

// npm run judge:blind [-- --model openai:gpt-4.1-mini]
// The model judge on the blind set, with the server's model and the provider key from its
// environment (OPENAI_API_KEY…): agreement with the lexicon and accuracy against the people's
// labels (docs/analysis.md, "Which to trust"). It costs one short call per blind answer.

const { values } = parseArgs({ options: { model: { type: 'string' }, limit: { type: 'string' } } });
const config = loadConfig();
const name = values.model ?? config.defaultModel;
const { connector } = modelConnector(name);
const model = connector ? workspaceModel(name, config.providers[connector].apiKey ?? null, config.providers) : null;
if (!model) {
  console.error(`No model to judge with: ${name} needs its provider's key in the environment (e.g. OPENAI_API_KEY for openai:…), or pass --model provider:model.`);
  process.exit(2);
}
const set = loadBlindSet();
const cases = values.limit ? set.cases.slice(0, Number(values.limit)) : set.cases;
const r = await judgeBlindSet(model, cases, goldLabels(set.a, set.b, set.settled));
const pct = (x: { n: number; correct: number }) => (x.n ? `${((100 * x.correct) / x.n).toFixed(1)}% of ${x.n}` : '—');
console.log(`${name} on the blind set: ${r.judged} answers judged, ${r.failed} calls failed`);
console.log(`agreement with the lexicon: ${r.withLexicon.percentAgreement ?? '—'}% (Cohen's κ ${r.withLexicon.kappa ?? '—'}), n ${r.withLexicon.n}`);
console.log(`against the people's labels: model ${pct(r.model)}, lexicon ${pct(r.lexicon)} on the same answers`);
