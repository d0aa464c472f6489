import { describe, expect, it } from 'vitest';
import type { Language } from '../../lib/format/format.ts';
import { contentGaps, laggards, negativeSentences, outreachTargets, redditThreads, type GeoInput, type GeoResult } from './geo-lane.fns.ts';
import { sourceGapCandidates } from './gaps-lane.fns.ts';
import { crawlErrorCandidates } from './crawl-lane.fns.ts';
import { checkCandidates, insightCandidates, pageEvaluationCandidates } from './seo-lane.fns.ts';
import type { Candidate, SeoSignals } from './recs.types.ts';
import { priorityLevel, readerLanguage, recTexts } from './texts.fns.ts';
import { wordsOf } from './words.ts';

// Every recommendation type, made by its lane from data like an agency's (a Spanish invoicing
// SaaS whose simulated fan-out searched a garbled keyword string), said in each language: a title
// is an action that names the topic in words, the face has one sentence with at most two
// figures, and no sentence a person reads carries a code identifier or a quoted machine string.

const now = '2026-11-02T00:00:00.000Z';
const window = { runIds: ['run_1'], from: '2026-11-01T00:00:00.000Z', to: now };
const BRAND = 'Holded';
const QUERY = 'comparativa programa de facturación opción con buenas 2026';
let seq = 0;
const r = (over: Partial<GeoResult>): GeoResult => ({
  id: `res_${++seq}`, runId: 'run_1', engine: 'chatgpt', promptId: `prm_${seq % 4}`, prompt: '¿Holded o Contasimple?', intent: 'comparison', language: 'es', simulated: true,
  brandMentioned: false, brandSentiment: null, competitors: [], citations: [], answer: '', ...over,
});
const input = (results: GeoResult[]): GeoInput => ({ brand: { name: BRAND, aliases: [] }, results, window, now });
const reddit = { url: 'https://reddit.com/r/autonomos/comments/-c-mo-elijo-un-buen-prog-0', domain: 'reddit.com', class: 'third_party' as const };
const review = { url: 'https://www.capterra.es/facturacion', domain: 'capterra.es', class: 'third_party' as const };
const negative = 'Holded es caro y su soporte es lento.';
const geo = (): Candidate[] => {
  const rows = [
    ...Array.from({ length: 10 }, () => r({ competitors: ['Contasimple'], citations: [reddit, review] })),
    ...Array.from({ length: 30 }, (_, i) => r({ engine: 'perplexity', brandMentioned: i < 17, brandSentiment: i < 5 ? -0.6 : 0.2, answer: i < 5 ? negative : 'Holded va bien.', language: i < 15 ? 'es' : 'ca' })),
  ];
  return [...contentGaps(input(rows)), ...outreachTargets(input(rows)), ...redditThreads(input(rows)), ...laggards(input(rows), 'engine'), ...laggards(input(rows), 'language'), ...negativeSentences(input(rows))];
};
const sourceGaps = () => sourceGapCandidates({
  gaps: [{ query: QUERY, engine: 'chatgpt', surface: 'api', promptIds: ['prm_1'], answers: 3, searchedIn: 4, simulated: true, attribution: 'query', competitors: [{ name: 'Contasimple', urls: ['https://contasimple.com/x'] }], resultIds: [] }],
  prompts: new Map([['prm_1', '¿Holded o Contasimple?']]), results: [r({ promptId: 'prm_1' })], window, now,
});
const signals: SeoSignals = {
  available: true,
  failedChecks: [{ checkId: 'metaDescription', title: 'missing meta descriptions', pages: [{ url: 'https://holded.com/es/precios' }], passRate: { passed: 7, n: 10 } }],
  insights: [
    { kind: 'falling_position', query: 'programa facturacion autonomos', clicks: 40, impressions: 900, ctr: 0.04, position: 9.2, previousPosition: 4.1, importanceBp: 800 },
    { kind: 'low_ctr', page: 'https://holded.com/es/facturas', clicks: 5, impressions: 3000, ctr: 0.002, position: 3, importanceBp: 400 },
    { kind: 'losing_clicks', query: 'facturas online', clicks: 30, impressions: 1200, ctr: 0.03, position: 5, previousClicks: 90, importanceBp: 300 },
  ],
  aiBots: [{ url: 'https://holded.com/', bot: 'GPTBot', allowed: false }, { url: 'https://holded.com/es', bot: 'GPTBot', allowed: true }],
  llmsTxt: { url: 'https://holded.com/llms.txt', present: false },
};
const crawl = () => crawlErrorCandidates([{ path: '/es/facturacion', agent: 'perplexitybot', token: 'PerplexityBot', operator: 'Perplexity', engine: 'perplexity', hits: 8, errors: 6, lastStatus: 403, lastAt: now }], now);
const all = () => [...geo(), ...sourceGaps(), ...crawl(), ...checkCandidates(signals, now), ...insightCandidates(signals, now), ...pageEvaluationCandidates(signals, now)];

/** The action verbs a title may start with, per language (infinitives in es, ca and fr). */
const VERBS: Record<Language, string[]> = {
  en: ['Publish', 'Get', 'Join', 'Raise', 'Strengthen', 'Answer', 'Allow', 'Let', 'Fix', 'Recover', 'Rewrite', 'Win'],
  es: ['Publicar', 'Conseguir', 'Participar', 'Aumentar', 'Reforzar', 'Responder', 'Permitir', 'Dejar', 'Corregir', 'Recuperar', 'Reescribir'],
  ca: ['Publicar', 'Aconseguir', 'Participar', 'Augmentar', 'Reforçar', 'Respondre', 'Permetre', 'Deixar', 'Corregir', 'Recuperar', 'Reescriure'],
  fr: ['Publier', 'Faire', 'Participer', 'Augmenter', 'Renforcer', 'Répondre', 'Autoriser', 'Laisser', 'Corriger', 'Regagner', 'Réécrire'],
};
/** What a person must never read: snake_case, camelCase keys, dotted catalogue keys, ICU placeholders, metric names. */
const IDENTIFIER = /\b[a-z0-9]+_[a-z0-9_]+\b|\b[a-z]+[A-Z][a-zA-Z]*\b|\brecs\.[a-z]|\{[a-zA-Z]+[},]|mention_rate|thread_mention|content_gap|source_gap/;
/** Quotation marks around a string (an apostrophe inside a word, as in "d’IA", is not one). */
const QUOTED = /["“”«»]|(^|\s)['‘’]|['‘’](\s|$)/;
const YEAR_LEFTOVER = /\b20\d\d\b|opción con buenas|con buenas opiniones/;
const figuresIn = (s: string) => (s.match(/\d+(?:[.,\u00a0\u202f]\d+)*/g) ?? []).length;

describe.each(['en', 'es', 'ca', 'fr'] as const)('recommendation texts in %s', (language) => {
  const items = all();
  it('covers every type the lanes make', () => {
    expect([...new Set(items.map((c) => c.type))].sort()).toEqual(['ai_bot_blocked', 'content_gap', 'crawl_error', 'engine_gap', 'language_gap', 'llms_txt_missing', 'negative_sentiment', 'outreach', 'reddit_thread', 'search_falling_position', 'search_losing_clicks', 'search_low_ctr', 'source_gap', 'technical_check']);
  });
  it.each(all().map((c) => [c.type, c] as const))('%s', (_type, c) => {
    const texts = recTexts(c, BRAND);
    const said = wordsOf({ title: 'stored', rationale: 'stored', writtenBy: 'template', evidence: { ...c.evidence, text: texts }, scores: c.scores }, { language });
    const verb = said.title.split(/\s/)[0]!;
    expect(VERBS[language], said.title).toContain(verb);
    expect(said.title).not.toMatch(QUOTED);
    expect(said.title).not.toMatch(YEAR_LEFTOVER);
    expect(said.title).not.toMatch(/https?:|reddit\.com\/|\/-c-mo/);
    expect(figuresIn(said.why), said.why).toBeLessThanOrEqual(2);
    for (const text of [said.title, said.why, said.rationale, said.priorityLabel, said.priorityDetail, said.evidence.summary, ...said.evidence.figures.map((f) => f.label)]) {
      expect(text, text).not.toMatch(IDENTIFIER);
      expect(text.trim(), `${c.type}: empty`).not.toBe('');
    }
    expect(said.language).toBe(language);
    expect(said.evidence).not.toHaveProperty('text');
  });
});

describe('titles name the topic in words', () => {
  it.each([
    ['en', 'Publish a comparison of Holded and Contasimple'],
    ['es', 'Publicar una comparativa de Holded y Contasimple'],
    ['ca', 'Publicar una comparativa de Holded i Contasimple'],
    ['fr', 'Publier un comparatif de Holded et Contasimple'],
  ] as const)('a source gap on a garbled comparison query, in %s', (language, title) => {
    const [c] = sourceGaps();
    expect(wordsOf({ title: '', rationale: '', writtenBy: 'template', evidence: { ...c!.evidence, text: recTexts(c!, BRAND) }, scores: c!.scores }, { language }).title).toBe(title);
  });
  it('a model-written title is kept; the why and priority are still said', () => {
    const [c] = sourceGaps();
    const said = wordsOf({ title: 'Compare Holded with Contasimple', rationale: 'r', writtenBy: 'model', evidence: { ...c!.evidence, text: recTexts(c!, BRAND) }, scores: c!.scores }, { language: 'es' });
    expect(said.title).toBe('Compare Holded with Contasimple');
    expect(said.why).toMatch(/^En el 75,0\u00a0% de las búsquedas sobre este tema, los motores leen páginas de Contasimple y ninguna de Holded\.$/);
  });
});

describe('priority reads as a word, the figure on hover', () => {
  it.each([[61, 'high', 'High priority'], [40, 'high', 'High priority'], [20, 'medium', 'Medium priority'], [14.9, 'low', 'Low priority']] as const)('%s', (priority, level, label) => {
    expect(priorityLevel(priority)).toBe(level);
    const said = wordsOf({ title: 't', rationale: 'r', writtenBy: 'template', evidence: { summary: 's' } as never, scores: { priority, impact: 1, confidence: 0.61, effort: 1, formula: 'recs-priority-v1' } }, { language: 'en' });
    expect(said.priorityLabel).toBe(label);
    expect(said.priorityDetail).toMatch(/^Priority \d+ of 100: impact 100\.0%, confidence 61\.0%, effort 1 of 3$/);
  });
});

describe('the workspace reading language', () => {
  it.each([[['es', 'ca'], 'es'], [['de', 'fr'], 'fr'], [['de'], 'en'], [[], 'en'], [['en-GB', 'es'], 'en'], [['ca-ES'], 'ca']] as const)('%j → %s', (languages, expected) => {
    expect(readerLanguage(languages)).toBe(expected);
  });
});
