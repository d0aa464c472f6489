import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { Closed, Nullable, PlainText, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { actorOf, workspaceOf } from '../../lib/http/responses.ts';
import { expected } from '../../lib/http/validation.ts';
import { INTENTS, LANGUAGES, REGION_WORDS } from '../workspaces/workspaces.schemas.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import { JobStatus } from '../jobs/jobs.schemas.ts';
import type { PromptsService } from './prompts.service.ts';
import type { createPromptGeneration } from './generation.ts';

const tags = ['prompts'];
const Prompt = Type.Object({
  id: Type.String(), intent: Type.String(), text: Type.String(), language: Type.String(), region: Nullable(Type.String()),
  active: Type.Boolean(), source: StringEnum(['template', 'model', 'user'] as const), createdAt: Timestamp, updatedAt: Timestamp,
});
const Fields = {
  intent: StringEnum(INTENTS),
  text: PlainText({ minLength: 3, maxLength: 500, description: 'One line: control characters (tab, line breaks…) are refused.' }),
  language: StringEnum(LANGUAGES),
  region: Type.Optional(Nullable(Type.String({ pattern: '^[a-z-]{2,20}$', ...expected(REGION_WORDS) }))),
  active: Type.Optional(Type.Boolean()),
};
const PromptParams = workspaceParamsWith('id');

export function promptsRoutes(app: FastifyInstance, deps: { prompts: PromptsService; generation: ReturnType<typeof createPromptGeneration> }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { prompts } = deps;

  r.get('/api/v1/workspaces/:workspace/prompts', {
    config: { credential: ACCESS.prompts.read },
    schema: {
      operationId: 'listPrompts', tags, summary: 'The active prompt set, oldest first', params: WorkspaceParams,
      description: 'Active prompts only unless asked: replaced (inactive) prompts, which keep their past results, are listed with `includeInactive=true` (all) or `active=false` (only them).',
      querystring: Type.Object({
        active: Type.Optional(Type.Boolean({ description: 'Only active (true) or only inactive (false) prompts; without it, active ones unless includeInactive.' })),
        includeInactive: Type.Optional(Type.Boolean({ default: false, description: 'List inactive (replaced) prompts too.' })),
        intent: Type.Optional(StringEnum(INTENTS)),
        limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }), offset: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
      }, { additionalProperties: false }),
      response: { 200: Type.Object({ prompts: Type.Array(Prompt), total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer() }) },
    },
  }, async (request) => prompts.list(workspaceOf(request), request.query));

  r.post('/api/v1/workspaces/:workspace/prompts', {
    config: { credential: ACCESS.prompts.write },
    schema: { operationId: 'createPrompt', tags, summary: 'Add a prompt (active unless said otherwise)', params: WorkspaceParams, body: Closed(Fields), response: { 201: Prompt } },
  }, async (request, reply) => reply.status(201).send(await prompts.create(workspaceOf(request), request.body)));

  r.patch('/api/v1/workspaces/:workspace/prompts/:id', {
    config: { credential: ACCESS.prompts.write },
    schema: {
      operationId: 'updatePrompt', tags, summary: 'Change a prompt', params: PromptParams,
      body: Closed({ intent: Type.Optional(Fields.intent), text: Type.Optional(Fields.text), language: Type.Optional(Fields.language), region: Fields.region, active: Fields.active }, { minProperties: 1 }),
      response: { 200: Prompt },
    },
  }, async (request) => prompts.update(workspaceOf(request), request.params.id, request.body));

  r.delete('/api/v1/workspaces/:workspace/prompts/:id', {
    config: { credential: ACCESS.prompts.write },
    schema: { operationId: 'deletePrompt', tags, summary: 'Delete a prompt', params: PromptParams, response: { 204: Type.Null() } },
  }, async (request, reply) => {
    await prompts.remove(workspaceOf(request), request.params.id);
    return reply.status(204).send(null);
  });

  r.post('/api/v1/workspaces/:workspace/prompts/generate', {
    config: { credential: ACCESS.prompts.write },
    schema: {
      operationId: 'generatePrompts', tags, summary: 'Refill the active set to activeSetSize by quota (a job)', params: WorkspaceParams,
      description: 'Through the workspace model when its provider has a key (250,000 micro-USD held per call, at most 100 calls), else from deterministic templates at no cost. Your own prompts stay; generated ones are replaced. One at a time per workspace (409 `job_already_running`).',
      response: { 202: JobStatus },
    },
  }, async (request, reply) => {
    return reply.status(202).send(await deps.generation.start(workspaceOf(request), actorOf(request)));
  });
}
