import { embedMany, generateText, jsonSchema, Output, type EmbeddingModel, type LanguageModel } from 'ai';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { Limit, RateLimiter } from '../../lib/rate-limit/rate-limit.ts';
import type { WorkspaceRow } from '../workspaces/workspaces.service.ts';
import { INTENTS } from '../workspaces/workspaces.schemas.ts';
import { proposeCategory, translateCategory } from './categories.fns.ts';
import { coverage } from './coverage.fns.ts';
import { PACKS } from './lang/index.ts';
import { apportion, templatePrompts, templatesFor } from './prompts.fns.ts';
import { categoryView, templateInputOf, type PromptsService } from './prompts.service.ts';
import type { Category, Intent, Language } from './prompts.types.ts';
import {
  answerQuestions, asQuestion, classifyIntent, clusterQueries, fanoutQueries, guessLanguage, headingQuestion, selectWithinQuota, withNames,
  type Proposal, type ProposalSource, type QueryRow, type SearchedQuery,
} from './proposals.fns.ts';
import type { SiteFacts } from './site.fns.ts';
import type { SiteReader } from './site.service.ts';
import { plural } from '../../lib/format/format.ts';
import { english } from '../../lib/format/english.ts';
import { categoryOr } from './templates.fns.ts';

// Prompt proposals from five sources, each tagged with its source and reason (docs/prompts.md):
// the templates, the site, Search Console, the engines' earlier answers and the research
// pipeline's questions; and, paid and quoted first, rewrites by the workspace's model.
// Nothing is stored: a proposal becomes a prompt when the client POSTs it to /prompts.

export const REWRITE_PRICE = 250_000;
/**
 * Cosine from which two prompts' embeddings mean the same. Embeddings are not charged: one
 * embedMany call of at most EMBED_MAX proposals plus the active set (≤ 1000) is some 20,000 tokens:
 * about 0.0004 USD with text-embedding-3-small, 0.003 USD with gemini-embedding-001 at list prices
 * (docs/prompts.md).
 */
export const EMBED_THRESHOLD = 0.9;
const EMBED_MAX = 300;
const REWRITE_MAX = 40;
/**
 * The routes that read the site (categories, proposals, rewrite) share this limit per workspace:
 * a read that misses the day's cache fetches and parses up to four pages of 2 MB, and API keys may
 * call them in a loop (docs/prompts.md).
 */
export const SITE_READ_LIMIT: Limit = { limit: 30, windowMs: 10 * 60_000 };

export interface SourceStatus { source: ProposalSource; status: 'ok' | 'empty' | 'not_connected' | 'unavailable'; count: number; detail: string }
export interface ProposalDeps {
  clock: Clock; prompts: PromptsService; credits: CreditsService; site: SiteReader; limiter: RateLimiter;
  workspaceRow(ws: WorkspaceContext): Promise<WorkspaceRow>;
  searchQueries(ws: WorkspaceContext): Promise<{ available: true; rows: QueryRow[] } | { available: false; reason: string }>;
  /** Answers of the latest measurement runs (text and language). */
  /** `simulated`: the answer came from a simulated engine (its proposals say so). */
  recentAnswers(workspaceId: string): Promise<Array<{ answer: string; language: string; simulated: boolean }>>;
  /** Fan-out queries of the latest measurement runs' answers (sources service `searched`). */
  searchedQueries(ws: WorkspaceContext): Promise<SearchedQuery[]>;
  researchQuestions(workspaceId: string): Promise<Array<{ text: string; language: string; intent: Intent | null; jobId: string }>>;
  modelFor(ws: WorkspaceContext, row: WorkspaceRow): Promise<{ model: LanguageModel; name: string } | null>;
  /** The embedding model of the workspace model's provider, null without one. */
  embedderFor(ws: WorkspaceContext, row: WorkspaceRow): Promise<{ model: EmbeddingModel; name: string } | null>;
}

export function createProposals(deps: ProposalDeps) {
  /** Counts one request that reads the site; 429 `rate_limited` with Retry-After past SITE_READ_LIMIT. */
  const siteRequest = (ws: WorkspaceContext) => deps.limiter.hit(`prompt-site:${ws.id}`, SITE_READ_LIMIT,
    `At most ${SITE_READ_LIMIT.limit} reads of prompt categories, proposals and rewrites per ${SITE_READ_LIMIT.windowMs / 60_000} minutes per workspace; retry later.`);
  const readSite = (row: WorkspaceRow) => deps.site.read(row.id, row.domains[0]!);

  const languagesOf = (row: WorkspaceRow) => row.languages as Language[];
  const namesOf = (row: WorkspaceRow) => ({
    brand: [row.displayName, ...(row.productsServices ?? []).map((p) => p.name)], // not the slug: "crm" would make every CRM question about the brand
    competitors: row.competitors.flatMap((c) => [c.name, ...c.aliases]),
  });
  const siteLanguage = (facts: SiteFacts[], row: WorkspaceRow): Language =>
    (languagesOf(row).find((l) => l === facts[0]?.lang) ?? guessLanguage([facts[0]?.title, facts[0]?.description].join(' '), languagesOf(row)));

  function fromSite(facts: SiteFacts[], row: WorkspaceRow, categories: Partial<Record<Language, Category>>): Proposal[] {
    const language = siteLanguage(facts, row);
    const category = categories[language];
    const names = namesOf(row);
    const out: Proposal[] = [];
    for (const f of facts) {
      for (const q of f.faq) out.push({ text: asQuestion(q, language), intent: classifyIntent(q, language, names), language, source: 'site', reason: `An FAQ question on the site: "${q}".` });
    }
    const products = [...new Set([...facts.flatMap((f) => f.products), ...(row.productsServices ?? []).map((p) => p.name)])];
    for (const [i, product] of products.entries()) {
      const template = PACKS[language].productTemplates[i % 2 ? 'brand_research' : 'use_case']?.[0];
      if (!template) continue;
      const text = templatePrompts({ ...templateInputOf(row, categories), languages: [language], products: [product] }, i % 2 ? 'brand_research' : 'use_case', 10)
        .find((p) => p.text.includes(product))?.text;
      if (text) out.push({ text, intent: i % 2 ? 'brand_research' : 'use_case', language, source: 'site', reason: `A product or service the site names: ${product}.` });
    }
    // A heading becomes a question about the category: none until the category is confirmed.
    for (const heading of category ? facts.flatMap((f) => f.headings) : []) {
      out.push({ text: headingQuestion(heading, language, category!), intent: 'use_case', language, source: 'site', reason: `A heading of the site, as a question: "${heading}".` });
    }
    return out;
  }

  async function gather(ws: WorkspaceContext, row: WorkspaceRow) {
    const categories = await deps.prompts.categoriesOf(row.id);
    const languages = languagesOf(row);
    const names = namesOf(row);
    // Queries come lower-cased: their questions write names as the workspace does (not aliases).
    const spelled = [
      row.displayName, ...(row.productsServices ?? []).map((p) => p.name), ...row.competitors.map((c) => c.name),
      ...Object.values(categories).flatMap((c) => (c ? [c.plural, c.singular] : [])),
    ];
    const statuses: SourceStatus[] = [];
    const candidates: Proposal[] = [];
    const add = (source: ProposalSource, list: Proposal[], detail: string, status?: SourceStatus['status']) => {
      candidates.push(...list);
      statuses.push({ source, status: status ?? (list.length ? 'ok' : 'empty'), count: list.length, detail });
    };

    const facts = await readSite(row);
    if (facts) add('site', fromSite(facts, row, categories), `${plural(facts.length, 'page')} read from ${row.domains[0]}`);
    else add('site', [], `the site ${row.domains[0]} did not answer with HTML`, 'unavailable');

    const gsc = await deps.searchQueries(ws);
    if (gsc.available) {
      const clusters = clusterQueries(gsc.rows, languages);
      add('search_console', clusters.map((c) => ({
        text: withNames(c.question, spelled), intent: classifyIntent(c.text, c.language, names), language: c.language, source: 'search_console' as const,
        reason: `Search Console query "${c.text}" with ${c.impressions} impressions in 28 days${c.variants > 1 ? ` (${c.variants} near-identical queries merged)` : ''}.`,
      })), `${gsc.rows.length} queries, ${clusters.length} question-shaped or long-tail clusters`);
    } else add('search_console', [], gsc.reason, gsc.reason === 'gsc_not_connected' ? 'not_connected' : 'unavailable');

    // The engines: questions their answers put to a buyer, and what they searched for (fan-out),
    // together by how many answers emitted them; a reason says so when simulated answers stand
    // behind a proposal (a simulated engine's questions are not what buyers' engines ask).
    const answers = (await deps.recentAnswers(row.id)).filter((a) => languages.includes(a.language as Language)) as Array<{ answer: string; language: Language; simulated: boolean }>;
    const searched = await deps.searchedQueries(ws);
    const fromEngines = [
      ...answerQuestions(answers).map((q) => ({ ...q, question: asQuestion(q.text, q.language), reason: `A follow-up question engines wrote in ${plural(q.count, 'answer')} of recent runs${q.simulated ? ' (simulated answers)' : ''}.` })),
      ...fanoutQueries(searched, languages).map((q) => ({ ...q, reason: `${listOf(q.engines.map(english.engine))} searched for this in ${plural(q.count, 'answer')} of recent runs (query fan-out${q.simulated ? '; simulated answers' : ''}).` })),
    ].sort((a, b) => b.count - a.count);
    add('engines', fromEngines.map((q) => ({
      text: withNames(q.question, spelled), intent: classifyIntent(q.text, q.language, names), language: q.language, source: 'engines' as const, reason: q.reason,
    })), `${answers.length} answers of the latest runs read, ${searched.length} distinct fan-out queries`);

    const research = (await deps.researchQuestions(row.id)).filter((q) => languages.includes(q.language as Language));
    add('research', research.map((q) => ({
      text: asQuestion(q.text, q.language as Language), intent: q.intent ?? classifyIntent(q.text, q.language as Language, names), language: q.language as Language,
      source: 'research' as const, reason: `A question from research ${q.jobId}.`,
    })), research.length ? `research ${research[0]!.jobId}` : 'no research has run yet');

    const caps = apportion(row.activeSetSize, row.quotas);
    const input = await deps.prompts.templateInput(row);
    // Twice the quota: the first half is usually the set itself (a template set is rewritten on
    // each confirmed category), and a template already active is left out silently, so the
    // templates worth proposing are the ones past it.
    const wider = Object.fromEntries(Object.entries(caps).map(([intent, n]) => [intent, n * 2])) as typeof caps;
    add('template', templatesFor(input, wider).prompts.map((p) => ({
      text: p.text, intent: p.intent, language: p.language, source: 'template' as const,
      reason: categories[p.language]
        ? `The ${p.intent.replace('_', '-')} template in ${english.languageName(p.language)}, on the category "${categories[p.language]!.plural}".`
        : `The ${p.intent.replace('_', '-')} template in ${english.languageName(p.language)}, naming the brand and its competitors (templates about the category wait until it is confirmed).`,
    })), 'fixed templates of the six intents');
    return { candidates, statuses, caps, categories };
  }

  /**
   * Embeddings of the candidates (the first EMBED_MAX in order) and of the active prompts, in one
   * embedMany call through the workspace model's provider; why there are none otherwise.
   */
  async function embed(ws: WorkspaceContext, row: WorkspaceRow, candidates: Proposal[], active: Array<{ text: string }>) {
    const embedder = await deps.embedderFor(ws, row);
    const base = { model: embedder?.name ?? null, threshold: EMBED_THRESHOLD, flagged: 0 };
    if (!embedder) return { vectors: undefined, embedding: { ...base, status: 'not_configured' as const, detail: 'no embedding model: the workspace model\'s provider has no key or no embedding model (OpenAI and Google have one)' } };
    const texts = [...candidates.slice(0, EMBED_MAX).map((c) => c.text), ...active.map((a) => a.text)];
    try {
      const { embeddings } = await embedMany({ model: embedder.model, values: texts, maxRetries: 1, abortSignal: AbortSignal.timeout(30_000) });
      const own = embeddings.slice(0, Math.min(candidates.length, EMBED_MAX));
      return {
        vectors: { candidates: candidates.map((_, i) => own[i] ?? null), existing: embeddings.slice(own.length), threshold: EMBED_THRESHOLD },
        embedding: { ...base, status: 'ok' as const, detail: `${texts.length} texts embedded with ${embedder.name}` },
      };
    } catch (err) {
      // Normalisation still dedupes: the embeddings only add to it, so their failure is said, not fatal.
      return { vectors: undefined, embedding: { ...base, status: 'unavailable' as const, detail: `the embedding model did not answer: ${(err as Error).message.slice(0, 200)}` } };
    }
  }

  async function select(ws: WorkspaceContext, row: WorkspaceRow, candidates: Proposal[], caps: Record<Intent, number>) {
    const active = await deps.prompts.active(row.id, 1000);
    const ordered = interleave(candidates);
    const { vectors, embedding } = await embed(ws, row, ordered, active);
    const picked = selectWithinQuota(ordered, active, caps, vectors);
    // A template already in the set is not news: only other sources' repeats are flagged.
    const duplicates = picked.duplicates.filter((d) => d.source !== 'template');
    const free = Math.max(0, row.activeSetSize - active.length);
    return {
      proposals: picked.proposals, duplicates,
      dedupe: { normalisation: true as const, embedding: { ...embedding, flagged: duplicates.filter((d) => d.by === 'embedding').length } },
      quota: {
        activeSetSize: row.activeSetSize, active: active.length, free, perIntent: caps, dropped: picked.dropped,
        message: `${picked.proposals.length} proposals, at most ${row.activeSetSize} (the prompt quota), split by intent as the quotas say` +
          (picked.dropped ? `; ${picked.dropped} more were left out to stay within it` : '') +
          (free < picked.proposals.length ? `; the active set has ${free} free places, so adding more means deactivating prompts first` : '') + '.',
      },
    };
  }

  return {
    async propose(ws: WorkspaceContext) {
      await siteRequest(ws);
      const row = await deps.workspaceRow(ws);
      const { candidates, statuses, caps } = await gather(ws, row);
      const model = await deps.modelFor(ws, row);
      return {
        ...(await select(ws, row, candidates, caps)), sources: statuses,
        rewrite: { available: model !== null, model: model?.name ?? null, priceMicrousd: model ? REWRITE_PRICE : 0, maxPrompts: REWRITE_MAX },
      };
    },

    /** The workspace's category per language, with a proposal read from the site for the site's language and translated ones for the others. */
    async categories(ws: WorkspaceContext) {
      await siteRequest(ws);
      const row = await deps.workspaceRow(ws);
      const stored = await deps.prompts.categoryRows(row.id);
      const facts = await readSite(row);
      const language = facts ? siteLanguage(facts, row) : null;
      const f = facts?.[0];
      const proposed = f && language ? proposeCategory(language, [
        { from: 'schema.org description', text: f.organizationDescription }, { from: 'description', text: f.description },
        { from: 'title', text: f.title }, ...f.headings.slice(0, 3).map((text) => ({ from: 'heading', text })),
      ], [row.displayName]) : null;
      const missing = languagesOf(row).filter((l) => !stored.some((c) => c.language === l));
      // Other languages: a confirmed category (the site's language first), else the site's
      // proposal, through the packs' word tables — only when every word of it is known.
      const bases = [
        ...stored.filter((c) => c.language === language), ...stored.filter((c) => c.language !== language),
      ].map((c) => ({ language: c.language as Language, category: { singular: c.singular, plural: c.plural, gender: c.gender ?? null } as Category, what: 'confirmed' }));
      if (proposed && language) bases.push({ language, category: proposed.category, what: 'proposed from the site' });
      const translated = missing.filter((l) => l !== language).flatMap((to) => {
        for (const base of bases) {
          const category = translateCategory(base.language, base.category, to);
          if (category) return [{ language: to, ...category, source: 'translation' as const, reason: `Translated word by word from the ${english.languageName(base.language)} category "${base.category.singular}" (${base.what}): check it reads naturally.` }];
        }
        return [];
      });
      return {
        categories: stored.map(categoryView),
        missing,
        fallback: Object.fromEntries(languagesOf(row).map((l) => [l, PACKS[l].fallbackCategory])),
        proposals: [...(proposed && language ? [{ language, ...proposed.category, source: 'site' as const, reason: proposed.reason }] : []), ...translated],
      };
    },

    async coverage(ws: WorkspaceContext) {
      const row = await deps.workspaceRow(ws);
      const categories = await deps.prompts.categoriesOf(row.id);
      const active = await deps.prompts.active(row.id, 1000);
      const languages = languagesOf(row);
      return coverage({
        brand: row.displayName, competitors: row.competitors.map((c) => c.name), languages, activeSetSize: row.activeSetSize, quotas: row.quotas,
        categories: Object.fromEntries(languages.map((l) => [l, categoryOr(l, categories[l])])) as Record<Language, Category>, active,
      });
    },

    /**
     * Rewrites the free sources' proposals into natural questions through the workspace's model,
     * one structured-output call at the quoted price: `acceptMicrousd` must cover it.
     */
    async rewrite(ws: WorkspaceContext, acceptMicrousd: number) {
      const row = await deps.workspaceRow(ws);
      const model = await deps.modelFor(ws, row);
      if (!model) throw new AppError('invalid_state', 'Rewrites need a configured model: the workspace model\'s provider has no key (settings → model, connections).');
      if (acceptMicrousd < REWRITE_PRICE) {
        throw new AppError('invalid_quote', `body.acceptMicrousd must cover the quoted price of ${REWRITE_PRICE} micro-USD`, { fields: [{ field: 'acceptMicrousd', message: `quoted ${REWRITE_PRICE}` }], priceMicrousd: REWRITE_PRICE });
      }
      await siteRequest(ws);
      const { candidates, caps } = await gather(ws, row);
      const sources = candidates.filter((c) => c.source !== 'template').slice(0, REWRITE_MAX);
      const { reservationId } = await deps.credits.reserve(ws.id, 'prompt_rewrite', REWRITE_PRICE, { metadata: { model: model.name } });
      let rewritten: Proposal[];
      try {
        rewritten = await rewriteWith(model.model, row, sources);
      } catch (err) {
        await deps.credits.release(reservationId);
        throw err instanceof AppError ? err : new AppError('upstream_error', `The model did not answer: ${(err as Error).message}`);
      }
      await deps.credits.settle(reservationId, REWRITE_PRICE);
      return { ...(await select(ws, row, rewritten, caps)), model: model.name, chargedMicrousd: REWRITE_PRICE };
    },
  };
}
export type ProposalsService = ReturnType<typeof createProposals>;

/** One of each source in turn (each source's own order kept), so that the quota leaves room for every source. */
export function interleave(candidates: Proposal[]): Proposal[] {
  const queues = new Map<ProposalSource, Proposal[]>();
  for (const c of candidates) queues.set(c.source, [...(queues.get(c.source) ?? []), c]);
  const out: Proposal[] = [];
  while (out.length < candidates.length) for (const q of queues.values()) if (q.length) out.push(q.shift()!);
  return out;
}

/** "A, B and C": engines named in a reason. */
const listOf = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0] ?? 'Engines');

const RewriteSchema = jsonSchema<{ prompts: Array<{ from: number; text: string; intent: Intent }> }>({
  type: 'object', additionalProperties: false, required: ['prompts'],
  properties: {
    prompts: {
      type: 'array', maxItems: REWRITE_MAX,
      items: {
        type: 'object', additionalProperties: false, required: ['from', 'text', 'intent'],
        properties: { from: { type: 'integer' }, text: { type: 'string' }, intent: { type: 'string', enum: [...INTENTS] } },
      },
    },
  },
});

async function rewriteWith(model: LanguageModel, row: WorkspaceRow, sources: Proposal[]): Promise<Proposal[]> {
  if (!sources.length) return [];
  const { output } = await generateText({
    model, maxRetries: 2, abortSignal: AbortSignal.timeout(120_000), output: Output.object({ schema: RewriteSchema, name: 'prompts' }),
    system: 'You rewrite search queries, site headings and FAQ entries into the questions a real buyer would type into an AI assistant. Keep each in its language, keep brand names, one question each.',
    prompt: `Brand: ${row.displayName}. Competitors: ${row.competitors.map((c) => c.name).join(', ')}.\n` +
      sources.map((s, i) => `${i}. [${s.language}] ${s.text}`).join('\n'),
  });
  return output.prompts.flatMap((p) => {
    const from = sources[p.from];
    if (!from || !p.text?.trim() || p.text.length > 500) return [];
    return [{ text: asQuestion(p.text, from.language), intent: p.intent, language: from.language, source: 'model' as const, reason: `Rewritten by ${row.model ?? 'the workspace model'} from the ${from.source} proposal "${from.text}".` }];
  });
}
