import { INTENTS, type Quotas } from '../workspaces/workspaces.schemas.ts';
import { PACKS } from './lang/index.ts';
import { apportion } from './prompts.fns.ts';
import { meaningWords, nearDuplicate, type Proposal } from './proposals.fns.ts';
import { STAGE_OF, type Category, type Intent, type Language } from './prompts.types.ts';
import { render } from './templates.fns.ts';

// What the active set covers, by intent, funnel stage and language, and the gaps it leaves,
// each with one ready prompt that fills it (POST it to /prompts: one click).

export interface CoverageInput {
  brand: string;
  competitors: string[];
  languages: Language[];
  activeSetSize: number;
  quotas: Quotas;
  categories: Record<Language, Category>;
  active: Array<{ text: string; intent: string; language: string }>;
}
export interface Gap { code: 'intent_missing' | 'intent_thin' | 'language_missing' | 'top_competitor_comparison'; message: string; intent: Intent; language: Language; proposal: Proposal }

const LABEL: Record<Intent, string> = {
  discovery: 'discovery', problem_solution: 'problem-solution', use_case: 'use-case', comparison: 'comparison', expert: 'expert', brand_research: 'brand-research',
};

/** The first template of the intent whose prompt is not (nearly) in the set yet. */
function fill(input: CoverageInput, intent: Intent, language: Language, competitor = input.competitors[0] ?? input.brand): string {
  const taken = input.active.map((a) => meaningWords(a.text, a.language as Language));
  const pack = PACKS[language];
  // Every template bare first, then with each plain modifier in turn (no year or audience here).
  const candidates = ['', ...pack.modifiers[intent].filter((m) => m && !m.includes('{'))].flatMap((modifier) => pack.templates[intent]
    .map((t) => render(language, t, { brand: input.brand, competitor, product: null, category: input.categories[language], modifier })));
  return candidates.find((c) => !taken.some((t) => nearDuplicate(t, meaningWords(c, language)))) ?? candidates[0]!;
}

export function coverage(input: CoverageInput) {
  const target = apportion(input.activeSetSize, input.quotas);
  const count = (intent: Intent, language?: Language) => input.active.filter((p) => p.intent === intent && (!language || p.language === language)).length;
  const byIntent = INTENTS.map((intent) => ({ intent, stage: STAGE_OF[intent], count: count(intent), target: target[intent] }));
  const byStage = (['awareness', 'consideration', 'decision'] as const).map((stage) => {
    const rows = byIntent.filter((r) => r.stage === stage);
    return { stage, intents: rows.map((r) => r.intent), count: rows.reduce((a, r) => a + r.count, 0), target: rows.reduce((a, r) => a + r.target, 0) };
  });
  const byLanguage = input.languages.map((language) => ({ language, count: input.active.filter((p) => p.language === language).length }));
  const gaps: Gap[] = [];
  const gap = (code: Gap['code'], message: string, intent: Intent, language: Language, text?: string) =>
    gaps.push({ code, message, intent, language, proposal: { text: text ?? fill(input, intent, language), intent, language, source: 'template', reason: `Fills a gap: ${message}` } });
  const first = input.languages[0]!;
  for (const row of byIntent) {
    if (row.target === 0) continue;
    if (row.count === 0) gap('intent_missing', `no ${LABEL[row.intent]} prompt (${row.stage} stage); the quota asks for ${row.target}`, row.intent, first);
    else if (row.count < row.target / 2) gap('intent_thin', `${row.count} ${LABEL[row.intent]} prompts where the quota asks for ${row.target}`, row.intent, first);
  }
  for (const { language, count: n } of byLanguage) {
    if (n === 0) gap('language_missing', `no prompt in ${language}, a language of the workspace`, 'discovery', language);
  }
  const top = input.competitors[0];
  if (top && target.comparison > 0) {
    const against = input.active.some((p) => p.intent === 'comparison' && meaningWords(p.text, p.language as Language).some((w) => meaningWords(top, first).includes(w)));
    if (!against) gap('top_competitor_comparison', `no comparison prompt against your top competitor (${top})`, 'comparison', first, fill(input, 'comparison', first, top));
  }
  return { byIntent, byStage, byLanguage, gaps };
}
