// Answers for the answers benchmark: realistic lengths (1-5 KB, median about 2.5 KB) in four
// languages, with the workspace's names placed as engines place them (a ranked list with a tone,
// then prose), analysed by the product's own analyser so that every filter (mentions, sentiment,
// cited domains) has its real selectivity. The words are the languages' real words: the prompt
// templates' (every category), the sentiment lexicons' and the simulated engines' phrases, drawn
// with a Zipf-like skew (a few words common, most rare), so that search meets both.
import { readFileSync } from 'node:fs';
import { analyzeAnswer, type AnalysisProfile } from '../src/modules/analysis/analyze.fns.ts';
import { NEGATIVE, POSITIVE, type Lang } from '../src/modules/analysis/sentiment.lexicon.ts';
import { answerSpans } from '../src/modules/analysis/spans.fns.ts';
import { storedAnalysis } from '../src/modules/runs/detail.fns.ts';
import { mulberry32 } from '../src/modules/scores/stats.fns.ts';

export const LANGUAGES: Lang[] = ['en', 'es', 'ca', 'fr'];

const FRAMES: Record<Lang, { intro: string; good: string; bad: string; close: string }> = {
  en: { intro: 'Here are the options most often recommended:', good: 'stands out for', bad: 'is criticised for', close: 'The right choice depends on your team and budget.' },
  es: { intro: 'Estas son las opciones más recomendadas:', good: 'destaca por', bad: 'recibe críticas por', close: 'La mejor elección depende de tu equipo y presupuesto.' },
  ca: { intro: 'Aquestes són les opcions més recomanades:', good: 'destaca per', bad: 'rep crítiques per', close: 'La millor elecció depèn del teu equip i pressupost.' },
  fr: { intro: 'Voici les options les plus recommandées :', good: 'se distingue par', bad: 'est critiqué pour', close: 'Le bon choix dépend de votre équipe et de votre budget.' },
};

/** A seeded generator: the same corpus on every run. */
export const rng = mulberry32;

function vocabulary(lang: Lang): string[] {
  const templates = JSON.parse(readFileSync(new URL(`../src/modules/prompts/__snapshots__/templates.${lang}.json`, import.meta.url), 'utf8')) as Record<string, string[]>;
  const text = [...Object.values(templates).flat(), POSITIVE[lang], NEGATIVE[lang]].join(' ');
  const words = text.toLowerCase().replace(/:[\d.-]+/g, ' ').split(/[^\p{L}’'-]+/u).filter((w) => w.length > 2 && !/^(?:acme|globex|initech)/.test(w));
  return [...new Set(words)];
}

export interface CorpusAnswer {
  language: Lang; text: string; sources: Array<{ url: string; title: string }>;
  analysis: ReturnType<typeof storedAnalysis> & { spans: ReturnType<typeof answerSpans> };
  brandMentioned: boolean; brandRank: number | null; brandSentiment: number | null;
}

const SITES = ['g2.com', 'capterra.com', 'reddit.com', 'forbes.com', 'techradar.com', 'pcmag.com', 'trustpilot.com', 'medium.com', 'wikipedia.org', 'youtube.com'];

/** `count` answers, a quarter in each language. */
export function corpus(profile: AnalysisProfile & { domains: string[] }, count: number, seed = 7): CorpusAnswer[] {
  const random = rng(seed);
  const vocab = Object.fromEntries(LANGUAGES.map((l) => [l, vocabulary(l)])) as Record<Lang, string[]>;
  // Log-uniform ranks (Zipf with exponent 1): the first words common, most rare.
  const word = (l: Lang) => vocab[l][Math.floor(Math.pow(vocab[l].length, random())) - 1] ?? vocab[l][0]!;
  const sentence = (l: Lang, n: number) => {
    const w = Array.from({ length: n }, () => word(l)).join(' ');
    return `${w[0]!.toUpperCase()}${w.slice(1)}.`;
  };
  const entities = [{ name: profile.brand.name, domain: profile.domains[0]! }, ...profile.competitors.map((c) => ({ name: c.name, domain: c.domains[0] ?? 'example.com' }))];
  return Array.from({ length: count }, (_, i) => {
    const language = LANGUAGES[i % 4]!;
    const f = FRAMES[language];
    const named = entities.filter((_, k) => random() < (k === 0 ? 0.55 : 0.3)).sort(() => random() - 0.5).slice(0, 6);
    const items = named.map((e, k) => `${k + 1}. **${e.name}** ${random() < 0.7 ? f.good : f.bad} ${sentence(language, 6 + Math.floor(random() * 10))} ${sentence(language, 8 + Math.floor(random() * 14))}`);
    const paragraphs = Array.from({ length: 3 + Math.floor(random() * 6) }, () => Array.from({ length: 2 + Math.floor(random() * 4) }, () => sentence(language, 8 + Math.floor(random() * 16))).join(' '));
    const text = [f.intro, ...items, ...paragraphs, f.close].join('\n\n');
    const sites = SITES.filter(() => random() < 0.3);
    const sources = [...sites.map((d, k) => ({ url: `https://www.${d}/review/${i}-${k}`, title: `${d} review` })), ...named.filter(() => random() < 0.3).map((e) => ({ url: `https://${e.domain}/pricing`, title: `${e.name} pricing` }))];
    const fresh = analyzeAnswer(profile, text, sources, { language });
    return {
      language, text, sources, analysis: { ...storedAnalysis(fresh), spans: answerSpans(text, fresh) },
      brandMentioned: fresh.brand.mentioned, brandRank: fresh.brand.rank, brandSentiment: fresh.brand.sentiment,
    };
  });
}
