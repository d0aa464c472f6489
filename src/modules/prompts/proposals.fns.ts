import { INTENTS } from '../workspaces/workspaces.schemas.ts';
import { PACKS } from './lang/index.ts';
import type { Category, Intent, Language } from './prompts.types.ts';
import { render } from './templates.fns.ts';
import { trimEndOf } from '../../lib/text/trim.ts';

// Proposals as pure functions: how a query, a heading or an answer's question becomes a prompt,
// how near-identical prompts are recognised, and how proposals are kept within the quota.

export const PROPOSAL_SOURCES = ['template', 'site', 'search_console', 'engines', 'research', 'model'] as const;
export type ProposalSource = (typeof PROPOSAL_SOURCES)[number];
export interface Proposal { text: string; intent: Intent; language: Language; source: ProposalSource; reason: string }

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const STEM = /s$/;

/** The words that carry a prompt's meaning: folded, stop words and punctuation gone, plurals cut, sorted. */
export function meaningWords(text: string, language: Language): string[] {
  const stop = new Set(PACKS[language].stopwords.map(fold));
  const words = fold(text).replace(/['’]/g, ' ').split(/[^\p{L}\p{N}]+/u).filter((w) => w && !stop.has(w));
  return [...new Set(words.map((w) => (w.length > 4 ? w.replace(STEM, '') : w)))].sort();
}

/** Same meaning after normalisation: the same meaning words, or nine in ten of them shared (Jaccard ≥ 0.9). */
export function nearDuplicate(a: string[], b: string[]): boolean {
  if (a.join(' ') === b.join(' ')) return true;
  const shared = a.filter((w) => b.includes(w)).length;
  const union = new Set([...a, ...b]).size;
  return union >= 4 && shared / union >= 0.9;
}

/** The workspace language a free text is most likely in (stop words seen), the first on a tie. */
export function guessLanguage(text: string, languages: Language[]): Language {
  const words = fold(text).split(/[^\p{L}]+/u);
  let best = languages[0]!;
  let score = -1;
  for (const language of languages) {
    const stop = new Set([...PACKS[language].stopwords, ...PACKS[language].questionWords].map(fold));
    const hits = words.filter((w) => stop.has(w)).length;
    if (hits > score) [best, score] = [language, hits];
  }
  return best;
}

export function isQuestionShaped(text: string, language: Language): boolean {
  const t = fold(text.trim()).replace(/^¿/, '');
  return /\?$/.test(t) || PACKS[language].questionWords.some((w) => t === fold(w) || t.startsWith(`${fold(w)} `));
}

/** Capitalised, with the language's question marks. */
export function asQuestion(text: string, language: Language): string {
  const pack = PACKS[language];
  const trimmed = text.trim().replace(/^¿\s*/, '');
  const unmarked = trimEndOf(trimmed, '?');
  const bare = (unmarked.length < trimmed.length ? unmarked.trimEnd() : unmarked).replace(/\s+/g, ' ');
  return `${pack.openQuestion}${bare.charAt(0).toUpperCase()}${bare.slice(1)}${pack.questionMark}`;
}

const named = (text: string, name: string) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${fold(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^\\p{L}\\p{N}])`, 'u').test(fold(text));

/** The intent of a free-text question: names first (brand and competitor: comparison), then the language's cues. */
export function classifyIntent(text: string, language: Language, names: { brand: string[]; competitors: string[] }): Intent {
  const brand = names.brand.some((n) => named(text, n));
  const rival = names.competitors.some((n) => named(text, n));
  const cues = PACKS[language].intentCues;
  const folded = fold(text);
  if ((brand && rival) || cues.find(([i]) => i === 'comparison')![1].test(folded)) return 'comparison';
  if (brand || rival) return 'brand_research';
  return cues.find(([, re]) => re.test(folded))?.[0] ?? 'use_case';
}

/** A heading of the site as a question about the category ("Invoicing for freelancers" → "What is the best accounting app for invoicing for freelancers?"). */
export function headingQuestion(heading: string, language: Language, category: Category): string {
  const topic = trimEndOf(heading.trim(), '.:!').split(' ').map((w) => (/^[A-Z0-9&]{2,}$/.test(w) || /[A-Z]/.test(w.slice(1)) ? w : w.toLowerCase())).join(' ');
  return render(language, PACKS[language].topicTemplate, { brand: '', competitor: '', product: null, category, modifier: '', topic });
}

/** Words as the fragment lists are matched: folded, an elision split off ("s'inscrire" → "s'", "inscrire"). */
const wordsOf = (text: string) => fold(text).replace(/['’]/g, "' ").split(/[^\p{L}\p{N}'-]+/u).filter(Boolean);

/** What a pattern may wrap: a name or a noun phrase, with no word of a question or of another pattern's relation. */
function isTopic(slot: string, language: Language): boolean {
  const fragment = new Set([...PACKS[language].fragmentWords, ...PACKS[language].questionWords].map(fold));
  return !wordsOf(slot).some((w) => fragment.has(w));
}

/** Longer than a keyword query a person types: not read by the patterns (which also keeps their nesting shallow). */
const KEYWORD_MAX = 200;

/**
 * A bare keyword query as a question by the language's patterns ("crm pricing" → "How much does
 * crm cost"), or null. A pattern wraps a topic only: when what it would wrap is a question or a
 * keyword query of its own, that is the question, alone ("alternatives to how does acme compare
 * with globex" → "how does acme compare with globex"); when it holds a question's words without
 * being one ("alternativas a se compara acme con initech"), the query is a fragment and gives none.
 */
export function keywordQuestion(query: string, language: Language): string | null {
  const pack = PACKS[language];
  const bare = query.trim().replace(/[¿?]+/g, '').replace(/\s+/g, ' ').toLowerCase();
  if (bare.length > KEYWORD_MAX) return null;
  const year = /\s(?:in\s|en\s|el\s)?((?:19|20)\d\d)$/.exec(bare);
  const core = year ? bare.slice(0, year.index).trim() : bare;
  for (const [pattern, write] of pack.keywordQuestions) {
    const m = pattern.exec(core);
    if (!m) continue;
    const slots = m.slice(1).filter((x): x is string => x !== undefined);
    // One slot that is a question, or a keyword query of its own, is the question; two ("X vs Y") must both be topics.
    const only = slots.length === 1 ? slots[0]! : null;
    // Accents kept here: a pattern's remainder "es compara…" (ca) is a fragment, not "és…".
    if (only && only.split(' ').length >= 3 && pack.questionWords.some((w) => only.startsWith(`${w} `))) return only;
    const inner = only ? keywordQuestion(only, language) : null;
    if (inner) return inner;
    return slots.every((x) => isTopic(x, language)) ? `${write(m)}${year ? ` ${pack.inYear(year[1]!)}` : ''}` : null;
  }
  return null;
}

/** Names written as the workspace writes them ("acme crm" → "Acme CRM"): queries come lower-cased. */
export function withNames(text: string, names: string[]): string {
  let out = text;
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    if (!name.trim()) continue;
    const escaped = name.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu'), name.trim());
  }
  return out;
}

/** A forum named after a question ("is holded worth it reddit"): where to search, not part of what is asked. */
const FORUMS = new Set(['reddit', 'foro', 'foros', 'forum', 'forums']);
function withoutForum(query: string): string {
  const t = query.trimEnd();
  const i = t.lastIndexOf(' ');
  return i > 0 && FORUMS.has(fold(t.slice(i + 1))) ? t.slice(0, i) : query;
}

/**
 * A search query as a prompt a marketer would type, or null: a question cleaned up (question
 * marks, capital, the workspace's spelling of names); a keyword query through the language's
 * patterns (`keywordQuestion`); anything else — a fragment no pattern fits — is not proposed.
 */
export function queryQuestion(query: string, language: Language, names: string[] = []): string | null {
  const text = isQuestionShaped(query, language) ? withoutForum(query) : keywordQuestion(query, language);
  return text === null ? null : asQuestion(withNames(text, names), language);
}

/** A query worth proposing as a prompt: one `queryQuestion` makes a question of. */
export const askable = (query: string, language: Language) => queryQuestion(query, language) !== null;

export interface QueryRow { query: string; impressions: number }
/** Queries that make a question, merged when their questions are near-identical, by impressions. */
export function clusterQueries(rows: QueryRow[], languages: Language[]) {
  const clusters: Array<{ text: string; question: string; language: Language; words: string[]; impressions: number; variants: number; top: number }> = [];
  for (const row of [...rows].sort((a, b) => b.impressions - a.impressions || a.query.localeCompare(b.query))) {
    const language = guessLanguage(row.query, languages);
    const question = queryQuestion(row.query, language);
    if (!question) continue;
    const words = meaningWords(question, language);
    if (!words.length) continue;
    const same = clusters.find((c) => c.language === language && nearDuplicate(c.words, words));
    if (same) {
      same.impressions += row.impressions;
      same.variants += 1;
    } else clusters.push({ text: row.query, question, language, words, impressions: row.impressions, variants: 1, top: row.impressions });
  }
  return clusters.sort((a, b) => b.impressions - a.impressions || a.text.localeCompare(b.text));
}

/** Questions that answers put to a buyer ("You may also ask: …?"), not those put to the reader; most frequent first. */
export function answerQuestions(answers: Array<{ answer: string; language: Language; simulated?: boolean }>) {
  const counts = new Map<string, { text: string; language: Language; count: number; simulated: boolean }>();
  for (const { answer, language, simulated = false } of answers) {
    const sentences = answer.split(/\n+|(?<=[.!?])\s+/).map((s) => s.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').replace(/\*\*/g, '').trim());
    for (const s of sentences) {
      if (!/\?$/.test(s) || s.length < 15 || s.length > 200 || PACKS[language].replyQuestion.test(s.replace(/^¿/, ''))) continue;
      const key = `${language}:${meaningWords(s, language).join(' ')}`;
      const seen = counts.get(key);
      if (seen) {
        seen.count += 1;
        seen.simulated ||= simulated;
      } else counts.set(key, { text: s, language, count: 1, simulated });
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.text.localeCompare(b.text));
}

/** A fan-out query engines ran in recent answers (sources service `searched`). */
export interface SearchedQuery {
  query: string;
  answers: number;
  engines: Array<{ engine: string; answers: number }>;
  /** Some of those answers came from a simulated engine. */
  simulated?: boolean;
  /** The prompts whose answers searched it. */
  prompts: Array<{ text: string; language: string }>;
}

/**
 * Fan-out queries as prompt candidates: in the language of the prompts that led to them (else the
 * one they read as), made a question as Search Console queries are, that question not a mere
 * restatement of their own prompt (its meaning words and nothing more), near-identical questions
 * merged with their answers and engines summed; most searched first.
 */
export function fanoutQueries(rows: SearchedQuery[], languages: Language[]) {
  const out: Array<{ text: string; question: string; language: Language; words: string[]; count: number; engines: Map<string, number>; simulated: boolean }> = [];
  for (const row of [...rows].sort((a, b) => b.answers - a.answers || a.query.localeCompare(b.query))) {
    const own = row.prompts.map((p) => p.language).find((l): l is Language => languages.includes(l as Language));
    const language = own ?? guessLanguage(row.query, languages);
    const question = queryQuestion(row.query, language);
    const words = question ? meaningWords(question, language) : [];
    if (!question || !words.length) continue;
    if (row.prompts.some((p) => { const mine = meaningWords(p.text, language); return words.every((w) => mine.includes(w)); })) continue;
    const same = out.find((c) => c.language === language && nearDuplicate(c.words, words));
    const target = same ?? { text: row.query, question, language, words, count: 0, engines: new Map<string, number>(), simulated: false };
    if (!same) out.push(target);
    target.count += row.answers;
    target.simulated ||= Boolean(row.simulated);
    for (const e of row.engines) target.engines.set(e.engine, (target.engines.get(e.engine) ?? 0) + e.answers);
  }
  return out
    .map((c) => ({ text: c.text, question: c.question, language: c.language, count: c.count, simulated: c.simulated, engines: [...c.engines].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([e]) => e) }))
    .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text));
}

export interface Existing { id: string; text: string; language: string }
export interface Selection {
  proposals: Proposal[];
  /** `by`: how the repeat was recognised; `similarity`: the embeddings' cosine when by embedding. */
  duplicates: Array<Proposal & { duplicateOf: string; by: 'normalisation' | 'embedding'; similarity: number | null }>;
  dropped: number;
}
/** Embeddings of the candidates and of the existing prompts (same order; null where none was made), and the cosine from which two mean the same. */
export interface Vectors { candidates: Array<number[] | null>; existing: Array<number[] | null>; threshold: number }

export function cosine(a: number[], b: number[]): number {
  let dot = 0, na = 0, nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! ** 2;
    nb += b[i]! ** 2;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * Keeps proposals in order, each at most once: one that repeats an existing prompt goes to
 * `duplicates` (named), one that repeats an earlier proposal is dropped, and no intent gets more
 * proposals than its share of the quota (`caps`); what the caps left out is counted in `dropped`.
 * A repeat is the same meaning after normalisation or, with `vectors`, embeddings at least
 * `threshold` alike (cosine).
 */
export function selectWithinQuota(candidates: Proposal[], existing: Existing[], caps: Record<Intent, number>, vectors?: Vectors): Selection {
  const known = existing.map((e, i) => ({ id: e.id, words: meaningWords(e.text, e.language as Language), vector: vectors?.existing[i] ?? null }));
  const taken: Array<{ words: string[]; vector: number[] | null }> = [];
  const threshold = vectors?.threshold ?? Infinity;
  const alike = (a: number[] | null, b: number[] | null) => (a && b ? cosine(a, b) : -1);
  const used = Object.fromEntries(INTENTS.map((i) => [i, 0])) as Record<Intent, number>;
  const out: Selection = { proposals: [], duplicates: [], dropped: 0 };
  for (const [i, p] of candidates.entries()) {
    const words = meaningWords(p.text, p.language);
    const vector = vectors?.candidates[i] ?? null;
    if (!words.length || taken.some((t) => nearDuplicate(t.words, words) || alike(t.vector, vector) >= threshold)) continue;
    taken.push({ words, vector });
    const twin = known.find((k) => nearDuplicate(k.words, words));
    const close = twin ? null : known.map((k) => ({ id: k.id, similarity: alike(k.vector, vector) })).sort((a, b) => b.similarity - a.similarity)[0];
    if (twin) out.duplicates.push({ ...p, duplicateOf: twin.id, by: 'normalisation', similarity: null });
    else if (close && close.similarity >= threshold) out.duplicates.push({ ...p, duplicateOf: close.id, by: 'embedding', similarity: Math.round(close.similarity * 1000) / 1000 });
    else if (used[p.intent] < caps[p.intent]) {
      used[p.intent] += 1;
      out.proposals.push(p);
    } else out.dropped += 1;
  }
  return out;
}
