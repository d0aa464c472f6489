import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { analyzeAnswer, type AnalysisProfile } from './analyze.fns.ts';
import { profileFromWorkspace } from './profile.fns.ts';

// npm run analyze -- --workspace ws.json --answer answer.md [--sources sources.json] [--prompt TEXT] [--language es]
// ws.json: a workspace creation body (brand, displayName, domains, competitors…) or an analysis
// profile ({brand: {name, aliases, domains, ambiguous}, competitors, industry}). Prints JSON.

const { values } = parseArgs({
  options: { workspace: { type: 'string' }, answer: { type: 'string' }, sources: { type: 'string' }, prompt: { type: 'string' }, language: { type: 'string' } },
});
if (!values.workspace || !values.answer) {
  console.error('usage: npm run analyze -- --workspace ws.json --answer answer.md [--sources sources.json] [--prompt TEXT] [--language es]');
  process.exit(2);
}
try {
  const raw = JSON.parse(readFileSync(values.workspace, 'utf8'));
  const profile: AnalysisProfile = typeof raw.brand === 'object' ? raw : profileFromWorkspace(raw);
  const sources = values.sources ? JSON.parse(readFileSync(values.sources, 'utf8')) : [];
  const context = { prompt: values.prompt, language: values.language };
  console.log(JSON.stringify(analyzeAnswer(profile, readFileSync(values.answer, 'utf8'), sources, context), null, 2));
} catch (err) {
  console.error(`analyze: ${(err as Error).message}`);
  process.exit(1);
}
