import { jsonSchema, tool, type ToolSet } from 'ai';
import { Ajv } from 'ajv';
import { Type, type TSchema } from 'typebox';
import { ENGINE_IDS } from '../engines/catalogue.ts';
import { AppError } from '../../lib/errors.ts';
import type { Scope } from '../../lib/http/credentials.ts';
import type { Principal, WorkspaceContext } from '../../lib/http/types.ts';
import { Closed, StringEnum } from '../../lib/http/schema-helpers.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { PromptsService } from '../prompts/prompts.service.ts';
import type { RunsService } from '../runs/runs.service.ts';
import type { ScoresService } from '../scores/scores.service.ts';
import { COMPOSITE } from '../scores/scores.service.ts';
import { INTENTS } from '../workspaces/workspaces.schemas.ts';

// The chat's tools over the workspace's own data. Each tool is one declarative entry: a name, a
// description for the model, a closed input schema, the credential scope it needs (the same
// scope the matching HTTP route needs) and a function that calls a module's service.
//
// Adding a tool = adding one entry to `chatToolSpecs`. Extension points already wired for the
// modules being built beside this one (pass the service in `ChatToolServices` from startup/modules.ts):
//   - `recs`  → tool `list_recommendations` (scope recs:read), `recs.list(ws)`;
//   - `seo`   → tool `get_seo_dashboard` (scope metrics:read), `seo.dashboard(ws)`.
// A page-evaluation tool follows the same recipe with scope `reports:read`. Until a service is
// passed, its tool does not exist: the chat never invents recommendations or SEO figures.

export interface ToolContext {
  ws: WorkspaceContext;
}

export interface ChatToolSpec {
  name: string;
  description: string;
  scope: Scope;
  input: TSchema;
  run(ctx: ToolContext, input: Record<string, unknown>): Promise<unknown>;
}

export interface ChatToolServices {
  scores: ScoresService;
  runs: RunsService;
  prompts: PromptsService;
  credits: CreditsService;
  recs?: { list(ws: WorkspaceContext): Promise<unknown> };
  seo?: { dashboard(ws: WorkspaceContext): Promise<unknown> };
}

const NoInput = Closed({});
const RUN_DETAIL_PROMPTS = 8;
const ANSWER_CHARS = 300;
const SERIES_POINTS = 60;

export function chatToolSpecs(s: ChatToolServices): ChatToolSpec[] {
  const specs: ChatToolSpec[] = [
    {
      name: 'get_geo_score', scope: 'metrics:read',
      description: 'The GEO score (0-100, geo-score-v1) of the latest snapshot on or before a date, with its five components, their weights, sample sizes and 95% intervals.',
      input: Closed({ date: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD; default today' })) }),
      run: ({ ws }, i) => s.scores.score(ws, i.date as string | undefined),
    },
    {
      name: 'get_scoreboard', scope: 'metrics:read',
      description: 'The brand and every competitor ranked by the same score on the latest snapshot: visibility, share of voice (each one\'s part of all brand mentions), position, sentiment, citations.',
      input: NoInput,
      run: async ({ ws }) => JSON.parse((await s.scores.scoreboardJson(ws)).json),
    },
    {
      name: 'get_entity_timeseries', scope: 'metrics:read',
      description: 'The brand and each competitor day by day, overall (composite) or on one engine: how often each is named (visibility) and its share of voice, with 95% intervals and n.',
      input: Closed({
        engine: Type.Optional(StringEnum([COMPOSITE, ...ENGINE_IDS] as const, { description: 'default composite' })),
        range: Type.Optional(StringEnum(['7d', '28d', 'all'] as const, { description: 'default 28d' })),
      }),
      run: ({ ws }, i) => s.scores.entitySeries(ws, (i.engine as string) ?? COMPOSITE, (i.range as '7d') ?? '28d'),
    },
    {
      name: 'get_timeseries', scope: 'metrics:read',
      description: 'One point per measured day with the score and its components, overall (composite) or for one engine.',
      input: Closed({
        engine: Type.Optional(StringEnum([COMPOSITE, ...ENGINE_IDS] as const, { description: 'default composite' })),
        range: Type.Optional(StringEnum(['7d', '28d', 'all'] as const, { description: 'default 28d' })),
      }),
      run: async ({ ws }, i) => {
        const series = JSON.parse((await s.scores.timeseriesJson(ws, (i.engine as string) ?? COMPOSITE, (i.range as '7d') ?? '28d')).json);
        const points = series.points as unknown[];
        return points.length > SERIES_POINTS ? { ...series, points: points.slice(-SERIES_POINTS), truncatedToLast: SERIES_POINTS } : series;
      },
    },
    {
      name: 'get_metrics', scope: 'metrics:read',
      description: 'Metrics of the latest snapshot: answers, mention and citation rates with 95% intervals, the score per engine, and the change since the previous measured day with its significance.',
      input: NoInput,
      run: ({ ws }) => s.scores.metrics(ws),
    },
    {
      name: 'get_top_cited_domains', scope: 'metrics:read',
      description: 'The domains the engines cite most in the latest snapshot, split into owned, competitor and third-party, with citation counts and the number of answers.',
      input: NoInput,
      run: async ({ ws }) => {
        const m = await s.scores.metrics(ws);
        return { workspace: m.workspace, date: m.date, runId: m.runId, answers: m.answers, citationRate: m.citationRate, topCitedDomains: m.topCitedDomains };
      },
    },
    {
      name: 'list_runs', scope: 'runs:read',
      description: 'Measurement runs, newest first, with status and progress.',
      input: Closed({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'default 5' })) }),
      run: async ({ ws }, i) => ({ runs: await s.runs.list(ws, (i.limit as number) ?? 5) }),
    },
    {
      name: 'get_run_detail', scope: 'runs:read',
      description: 'One run\'s results per engine: brand mentions, mention rate, average position, sentiment, citations by class, top cited domains, and a sample of prompts with their answers. Default: the latest run.',
      input: Closed({ runId: Type.Optional(Type.String({ maxLength: 100 })) }),
      run: async ({ ws }, i) => {
        const id = (i.runId as string | undefined) ?? (await s.runs.list(ws, 1))[0]?.id;
        if (!id) throw new AppError('not_found', 'This workspace has no measurement run yet.');
        const detail = await s.runs.detail(ws, id);
        // The full detail holds every answer: the model gets the figures and a sample.
        return {
          run: detail.run,
          engines: detail.engines.map((e) => ({
            ...e,
            prompts: e.prompts.slice(0, RUN_DETAIL_PROMPTS).map((p) => ({ ...p, answer: p.answer.length > ANSWER_CHARS ? `${p.answer.slice(0, ANSWER_CHARS)}…` : p.answer })),
            promptsShown: Math.min(RUN_DETAIL_PROMPTS, e.prompts.length),
          })),
        };
      },
    },
    {
      name: 'list_prompts', scope: 'prompts:read',
      description: 'The workspace\'s prompt set (the questions measured), oldest first, with the total count.',
      input: Closed({
        active: Type.Optional(Type.Boolean()), intent: Type.Optional(StringEnum(INTENTS)),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, description: 'default 20' })),
      }),
      run: ({ ws }, i) => s.prompts.list(ws, { active: i.active as boolean | undefined, intent: i.intent as string | undefined, limit: (i.limit as number) ?? 20, offset: 0 }),
    },
    {
      name: 'get_credits_balance', scope: 'credits:read',
      description: 'The credit balance in micro-USD (1,000,000 = 1 USD): posted, held, available, next expiry.',
      input: NoInput,
      run: ({ ws }) => s.credits.balance(ws),
    },
  ];
  if (s.recs) {
    const recs = s.recs;
    specs.push({
      name: 'list_recommendations', scope: 'recs:read',
      description: 'The workspace\'s recommendations grouped by status (proposed, todo, in_review, done, archived), with rationale and evidence.',
      input: NoInput, run: ({ ws }) => recs.list(ws),
    });
  }
  if (s.seo) {
    const seo = s.seo;
    specs.push({
      name: 'get_seo_dashboard', scope: 'metrics:read',
      description: 'The SEO dashboard: SEO, GEO and combined scores in basis points, components, search insights and technical checks.',
      input: NoInput, run: ({ ws }) => seo.dashboard(ws),
    });
  }
  return specs;
}

/** The scopes a principal holds: a session holds every scope, a key its own. */
export function scopesOf(principal: Principal): (scope: Scope) => boolean {
  return principal.kind === 'session' ? () => true : (scope) => principal.scopes.includes(scope);
}

const ajv = new Ajv({ removeAdditional: false, useDefaults: false, coerceTypes: false, strict: false });
// Formats the input schemas use (date); the tools validate what a model sends like any request body.
ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);

/**
 * The AI SDK tool set a caller may use: only the tools its scopes allow are offered. A call is
 * checked again when it runs, and a failing service answers the model with the error's code and
 * message instead of ending the turn.
 */
export function toolSetFor(specs: ChatToolSpec[], principal: Principal, ctx: ToolContext): ToolSet {
  const allowed = scopesOf(principal);
  const set: ToolSet = {};
  for (const spec of specs) {
    if (!allowed(spec.scope)) continue;
    const validate = ajv.compile(spec.input);
    set[spec.name] = tool({
      description: spec.description,
      inputSchema: jsonSchema<Record<string, unknown>>(spec.input as never, {
        validate: (value) => (validate(value) ? { success: true, value: value as Record<string, unknown> } : { success: false, error: new Error(ajv.errorsText(validate.errors)) }),
      }),
      execute: async (input) => {
        if (!allowed(spec.scope)) return { error: { code: 'insufficient_scope', message: `This credential lacks the "${spec.scope}" scope.` } };
        try {
          return await spec.run(ctx, input);
        } catch (err) {
          if (err instanceof AppError) return { error: { code: err.code, message: err.message } };
          throw err;
        }
      },
    });
  }
  return set;
}
