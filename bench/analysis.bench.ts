// Answer analysis throughput on one core, today's rules beside the first rules (whole words, no
// ambiguous-name evidence, one sentiment per sentence: a verbatim copy in
// bench/baseline/analysis/), measured in the same run on the same answers.
//
//   npx tsx bench/analysis.bench.ts
//
// Profile: 13 entities (a brand and 12 competitors), five of them common-word names flagged
// `ambiguous`, so the evidence rules run. Answers: the labelled answers' texts (markdown lists,
// tables, headings, sources sections, four languages) and simulated engine answers, 10,000 in all.
// Target: at least 5,000 answers per second.
import { analyzeAnswer as baselineAnalyze } from './baseline/analysis/analyze.fns.ts';
import { analyzeAnswer, type AnalysisProfile } from '../src/modules/analysis/analyze.fns.ts';
import { loadAnalysisCases } from '../src/modules/analysis/eval.cases.ts';
import { simulatedAnswer } from '../src/modules/engines/simulated.fns.ts';

const entity = (name: string, domain: string, ambiguous = false, aliases: string[] = []) => ({ name, aliases, domains: [domain], ambiguous });
const profile: AnalysisProfile = {
  brand: entity('Loom', 'loom.com', true, ['Loom Video']),
  competitors: [
    entity('Zoom', 'zoom.us', true), entity('Slack', 'slack.com', true), entity('Vidyard', 'vidyard.com'), entity('Pitch', 'pitch.com', true),
    entity('Square', 'squareup.com', true, ['Square POS']), entity('Stripe', 'stripe.com'), entity('Acme', 'acme.com', false, ['Acme CRM']),
    entity('Globex', 'globex.io'), entity('HubSpot', 'hubspot.com'), entity('Café Noir', 'cafenoir.fr'), entity('Bouygues Telecom', 'bouyguestelecom.fr'),
    entity('SumUp', 'sumup.com'),
  ],
  industry: 'video messaging',
};

const COUNT = 10_000;
const CASES = loadAnalysisCases();
const simulated = Array.from({ length: COUNT - CASES.length }, (_, i) =>
  simulatedAnswer('chatgpt', { text: `prompt ${i}`, language: ['en', 'es', 'ca', 'fr'][i % 4]! }, '2026-01-01', profile));
const answers = [
  ...CASES.map((c) => ({ text: c.answer, sources: c.sources ?? [], prompt: c.prompt, language: c.language })),
  ...simulated.map((a, i) => ({ ...a, prompt: `prompt ${i}`, language: ['en', 'es', 'ca', 'fr'][i % 4] })),
];

// Answers per second of this process's CPU time (user + system): what one core does, even when
// other processes share the machine (wall time is printed too).
function perSecond(run: (a: (typeof answers)[number]) => unknown): { cpu: number; wall: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const a of answers) run(a);
  const used = process.cpuUsage(cpu);
  return { cpu: answers.length / ((used.user + used.system) / 1e6), wall: (answers.length / (performance.now() - started)) * 1000 };
}
const current = (a: (typeof answers)[number]) => analyzeAnswer(profile, a.text, a.sources, { prompt: a.prompt, language: a.language });
const before = (a: (typeof answers)[number]) => baselineAnalyze(profile, a.text, a.sources);

// Warm both, then alternate five rounds each so machine noise hits both alike.
perSecond(current);
perSecond(before);
const rounds: Array<{ now: ReturnType<typeof perSecond>; then: ReturnType<typeof perSecond> }> = [];
for (let i = 0; i < 5; i++) rounds.push({ then: perSecond(before), now: perSecond(current) });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const now = median(rounds.map((r) => r.now.cpu));
const then = median(rounds.map((r) => r.then.cpu));
const wall = (key: 'now' | 'then') => median(rounds.map((r) => r[key].wall)).toFixed(0);
console.log(`${answers.length} answers, 13 entities (5 ambiguous), median of 5 rounds, per second of CPU time (wall-clock in brackets)`);
console.log(`  first rules:    ${then.toFixed(0)} answers/s (${wall('then')})`);
console.log(`  now:            ${now.toFixed(0)} answers/s (${wall('now')})  ratio now/before ${(now / then).toFixed(2)}; ratio to the 5,000 target ${(now / 5000).toFixed(2)}`);
