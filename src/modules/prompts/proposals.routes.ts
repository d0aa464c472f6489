import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { Closed, Nullable, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { INTENTS, LANGUAGES } from '../workspaces/workspaces.schemas.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import { AUDIENCE_MAX, CATEGORY_MAX } from './categories.fns.ts';
import type { PromptsService } from './prompts.service.ts';
import type { WorkspaceRow } from '../workspaces/workspaces.service.ts';
import { PROPOSAL_SOURCES } from './proposals.fns.ts';
import { SITE_READ_LIMIT, type ProposalsService } from './proposals.service.ts';

// Categories, proposals and coverage (docs/prompts.md). Proposals are computed on request and
// never stored: the client adds one by POSTing its text, intent and language to /prompts.

const tags = ['prompts'];
const Gender = Nullable(StringEnum(['m', 'f'] as const, { description: 'Gender of the head noun: required in es, ca and fr; null in en.' }));
const Phrase = (what: string) => Type.String({ minLength: 1, maxLength: CATEGORY_MAX, description: `The category ${what}: a complete noun phrase with its own head noun ("CRM platform"), at most ${CATEGORY_MAX} characters.` });
const Audience = Nullable(Type.String({ maxLength: AUDIENCE_MAX, description: `Who buys, in this language, as it reads after "for" (en), "para" (es), "per a" (ca) or "pour" (fr): "small sales teams", "autónomos y pymes". The templates add it with the workspace's regions ("para autónomos y pymes en España"). At most ${AUDIENCE_MAX} characters; null or empty for none.` }));
const CategoryView = Type.Object({ language: Type.String(), singular: Type.String(), plural: Type.String(), gender: Gender, audience: Audience, source: StringEnum(['user', 'site'] as const), updatedAt: Timestamp });
const Proposal = Type.Object({
  text: Type.String(), intent: StringEnum(INTENTS), language: StringEnum(LANGUAGES),
  source: StringEnum(PROPOSAL_SOURCES, { description: 'template, site, search_console, engines (follow-up questions in answers and the query fan-out engines searched in recent runs), research or model' }),
  reason: Type.String({ description: 'Why it was proposed, in words: the query and its impressions, the heading, which engines searched for it in how many answers…' }),
});
const Duplicate = Type.Object({
  ...Proposal.properties, duplicateOf: Type.String({ description: 'Id of the prompt already in the set that means the same.' }),
  by: StringEnum(['normalisation', 'embedding'] as const, { description: '`normalisation`: the same meaning words (or 90% of them shared); `embedding`: embeddings of the two texts at least `dedupe.embedding.threshold` alike (cosine).' }),
  similarity: Nullable(Type.Number({ description: 'The cosine of the two embeddings when `by` is `embedding`.' })),
});
const Dedupe = Type.Object({
  normalisation: Type.Literal(true, { description: 'Always on: accent-folded meaning words, stop words and plurals cut.' }),
  embedding: Type.Object({
    status: StringEnum(['ok', 'not_configured', 'unavailable'] as const, { description: '`not_configured` when the workspace model\'s provider has no key or no embedding model (OpenAI and Google have one); `unavailable` when the call failed (normalisation still applied).' }),
    model: Nullable(Type.String({ description: 'The embedding model used, e.g. openai:text-embedding-3-small.' })),
    threshold: Type.Number({ description: 'Cosine from which two prompts are near-identical.' }),
    flagged: Type.Integer({ description: 'Duplicates recognised by embedding only.' }),
    detail: Type.String(),
  }, { description: 'Embedding similarity with the configured model, beside normalisation. Not charged in credits: one call of a few thousand short texts costs the provider well under a cent (docs/prompts.md).' }),
});
const Quota = Type.Object({
  activeSetSize: Type.Integer(), active: Type.Integer(), free: Type.Integer({ description: 'Places left in the active set.' }),
  perIntent: Type.Record(Type.String(), Type.Integer(), { description: 'The most proposals of each intent: its share of activeSetSize by the quotas.' }),
  dropped: Type.Integer({ description: 'Proposals left out to stay within the quota.' }), message: Type.String(),
});
const Selection = {
  proposals: Type.Array(Proposal),
  duplicates: Type.Array(Duplicate, { description: 'Proposals that repeat a prompt already in the set (same meaning after normalisation, or by embedding when a model is configured): not proposed, flagged, since they would double-count in the score.' }),
  dedupe: Dedupe, quota: Quota,
};
const Counted = Type.Object({ count: Type.Integer(), target: Type.Integer() });
/** Said by every route that reads the site. */
const SITE_READ = `The site is read (home page and up to three FAQ, product or service pages it links) at most once a day per workspace: later requests within the day use the pages read then, and a change of the workspace's first domain reads the new site. Categories, proposals and rewrites share a limit per workspace: ${SITE_READ_LIMIT.limit} requests per ${SITE_READ_LIMIT.windowMs / 60_000} minutes, then 429 \`rate_limited\` with Retry-After (docs/prompts.md).`;

export function proposalsRoutes(app: FastifyInstance, deps: { prompts: PromptsService; proposals: ProposalsService; workspaceRow(ws: { id: string }): Promise<WorkspaceRow> }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/api/v1/workspaces/:workspace/prompts/categories', {
    config: { credential: ACCESS.prompts.read },
    schema: {
      operationId: 'listPromptCategories', tags, summary: 'The category the templates are built on, per language, and one proposed from the site', params: WorkspaceParams,
      description: 'Each language of the workspace has a category: a noun phrase in singular and plural (and gender in es, ca, fr) that the templates put in place of {cat}. Until one is confirmed the language uses its neutral fallback (`fallback`). `proposals` reads the site (title, description, headings, schema.org data) and proposes one for the site\'s language, and for each other language without one a translation of a confirmed category (else of the site\'s) when the language tables know every word of it (source `translation`); confirm with PUT. ' + SITE_READ,
      response: {
        200: Type.Object({
          categories: Type.Array(CategoryView), missing: Type.Array(Type.String(), { description: 'Languages of the workspace without a confirmed category.' }),
          fallback: Type.Record(Type.String(), Type.Object({ singular: Type.String(), plural: Type.String(), gender: Gender })),
          proposals: Type.Array(Type.Object({
            language: Type.String(), singular: Type.String(), plural: Type.String(), gender: Gender,
            source: StringEnum(['site', 'translation'] as const, { description: '`site`: read from the site, in its language; `translation`: a confirmed (else the site\'s) category carried into another language word by word through the language packs\' tables, only when every word is known.' }),
            reason: Type.String(),
          })),
        }),
      },
    },
  }, async (request) => deps.proposals.categories(workspaceOf(request)));

  r.put('/api/v1/workspaces/:workspace/prompts/categories', {
    config: { credential: ACCESS.prompts.write },
    schema: {
      operationId: 'setPromptCategory', tags, summary: 'Confirm or edit the category of one language', params: WorkspaceParams,
      description: `400 naming the field when a phrase is empty or over ${CATEGORY_MAX} characters, the language is not one the workspace uses, or the gender is missing in es, ca or fr. When the generated part of the active set came from the templates it is rewritten on the new category and audience at once, free (\`rewritten: true\`; the replaced prompts stay, inactive, with their results); a set written by the model is left as it is (regenerate it with POST /prompts/generate).`,
      body: Closed({ language: StringEnum(LANGUAGES), singular: Phrase('in the singular'), plural: Phrase('in the plural'), gender: Type.Optional(Gender), audience: Type.Optional(Audience) }),
      response: { 200: Type.Object({ ...CategoryView.properties, rewritten: Type.Boolean({ description: 'Whether the template prompts were rewritten on this category.' }) }) },
    },
  }, async (request) => {
    const ws = workspaceOf(request);
    return deps.prompts.setCategory(ws, await deps.workspaceRow(ws), request.body);
  });

  r.get('/api/v1/workspaces/:workspace/prompts/proposals', {
    config: { credential: ACCESS.prompts.read },
    schema: {
      operationId: 'proposePrompts', tags, summary: 'Prompt proposals from the templates, the site, Search Console, the engines and research', params: WorkspaceParams,
      description: 'Free: reads the site, when connected Search Console (question-shaped, pattern-matched keyword and long-tail queries, near-duplicates merged, by impressions), and the latest runs\' answers and query fan-out (by answers). Keyword queries become questions through the language\'s patterns. Each proposal says its source and why. Near-identical ones (same meaning after normalisation, or embeddings at least 0.9 alike when the workspace model\'s provider has an embedding model; not charged) are merged, and those repeating a prompt already in the set are returned in `duplicates`, not proposed. Never more proposals than the prompt quota (activeSetSize, split by intent), and `quota.message` says so. `rewrite` quotes the price of a rewrite by the workspace model (POST /prompts/proposals/rewrite). ' + SITE_READ,
      response: {
        200: Type.Object({
          ...Selection,
          sources: Type.Array(Type.Object({ source: StringEnum(PROPOSAL_SOURCES), status: StringEnum(['ok', 'empty', 'not_connected', 'unavailable'] as const), count: Type.Integer(), detail: Type.String() })),
          rewrite: Type.Object({ available: Type.Boolean(), model: Nullable(Type.String()), priceMicrousd: Type.Integer(), maxPrompts: Type.Integer() }),
        }),
      },
    },
  }, async (request) => deps.proposals.propose(workspaceOf(request)));

  r.post('/api/v1/workspaces/:workspace/prompts/proposals/rewrite', {
    config: { credential: ACCESS.prompts.write },
    schema: {
      operationId: 'rewritePromptProposals', tags, summary: 'Rewrite the proposals into natural questions with the workspace model (metered)', params: WorkspaceParams,
      description: 'One structured-output call through the AI SDK at the price quoted by GET /prompts/proposals (`rewrite.priceMicrousd`); `acceptMicrousd` must cover it (else 400 `invalid_quote`). 402 `insufficient_credits` when the balance cannot; 409 `invalid_state` without a configured model; released if the model fails (502). ' + SITE_READ,
      body: Closed({ acceptMicrousd: Type.Integer({ minimum: 0, maximum: 10_000_000, description: 'The most you accept to pay, in micro-USD.' }) }),
      response: { 200: Type.Object({ ...Selection, model: Type.String(), chargedMicrousd: Type.Integer() }) },
    },
  }, async (request) => deps.proposals.rewrite(workspaceOf(request), request.body.acceptMicrousd));

  r.get('/api/v1/workspaces/:workspace/prompts/coverage', {
    config: { credential: ACCESS.prompts.read },
    schema: {
      operationId: 'promptCoverage', tags, summary: 'Active prompts by intent, funnel stage and language, with the gaps and a prompt to fill each', params: WorkspaceParams,
      description: 'Stages: awareness (discovery, expert), consideration (problem-solution, use case), decision (comparison, brand research). Targets are the quota shares of activeSetSize. Each gap carries a ready `proposal`: POST it to /prompts to fill the gap in one click.',
      response: {
        200: Type.Object({
          byIntent: Type.Array(Type.Object({ intent: Type.String(), stage: Type.String(), ...Counted.properties })),
          byStage: Type.Array(Type.Object({ stage: Type.String(), intents: Type.Array(Type.String()), ...Counted.properties })),
          byLanguage: Type.Array(Type.Object({ language: Type.String(), count: Type.Integer() })),
          gaps: Type.Array(Type.Object({
            code: StringEnum(['intent_missing', 'intent_thin', 'language_missing', 'top_competitor_comparison'] as const), message: Type.String(),
            intent: Type.String(), language: Type.String(), proposal: Proposal,
          })),
        }),
      },
    },
  }, async (request) => deps.proposals.coverage(workspaceOf(request)));
}
