import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { sessionOf, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import { describeValidationErrors, expected, invalidFields } from '../../lib/http/validation.ts';
import type { WorkspacesService } from './workspaces.service.ts';
import { quotaSumError } from './workspaces.fns.ts';
import {
  CompetitorBody, CompetitorDeleteBody, CompetitorList, CompetitorReplaceBody, ModelBody, ModelView, Settings,
  INTENTS, SLUG_PATTERN, WorkspaceCreateBody, type Quotas, WorkspaceCreated, WorkspaceListItem, WorkspaceUpdateBody,
} from './workspaces.schemas.ts';

const tags = ['workspaces'];

function quotasAreNumbers(value: unknown): value is Quotas {
  return typeof value === 'object' && value !== null && INTENTS.every((k) => typeof (value as Record<string, unknown>)[k] === 'number');
}

export function workspacesRoutes(app: FastifyInstance, deps: { workspaces: WorkspacesService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { workspaces } = deps;

  r.get('/api/v1/workspaces', {
    config: { credential: ACCESS.workspaceSummary.read },
    schema: {
      operationId: 'listWorkspaces', tags, summary: 'Workspaces the caller can reach',
      description: 'A plain array, never paginated. A key sees only its bound workspace (role `api_key`); a session sees every workspace it is a member of, with its role.',
      response: { 200: Type.Array(WorkspaceListItem) },
    },
  }, async (request) => workspaces.list(request.principal!));

  r.post('/api/v1/workspaces', {
    config: { credential: ACCESS.workspaceSummary.write },
    schema: {
      operationId: 'createWorkspace', tags, summary: 'Create a workspace for a brand', body: WorkspaceCreateBody,
      description: `Every field is required and no other field is allowed. \`brand\` (${SLUG_PATTERN}) becomes the slug; 409 \`slug_taken\` when it is used. \`freeCredit\` says whether this workspace received the one free credit grant of its creator; in production the grant waits until the creator's email is verified, then goes to their first workspace. The new workspace's prompt set is made from templates, free, but holds only the prompts naming the brand and its competitors (comparison and brand research, about 15 of 50): this body has no category, and no prompt about the category is written before one is confirmed (\`PUT …/prompts/categories\`, which rewrites the set to \`activeSetSize\`). A deliberate departure from starting with \`activeSetSize\` prompts.`,
      response: { 201: WorkspaceCreated },
    },
    // The quota sum is not expressible in JSON Schema: checked here so that it is reported
    // together with the schema's failures, in one answer.
    attachValidation: true,
  }, async (request, reply) => {
    const failures = request.validationError ? describeValidationErrors(request.validationError.validation as never, 'body') : [];
    const quotas = (request.body as { quotas?: unknown } | null)?.quotas;
    const sumError = quotasAreNumbers(quotas) ? quotaSumError(quotas) : null;
    if (sumError) failures.push({ field: 'body.quotas', keyword: 'quotaSum', message: sumError });
    if (failures.length) throw invalidFields(failures);
    return reply.status(201).send(await workspaces.create(sessionOf(request).userId, request.body));
  });

  r.delete('/api/v1/workspaces/:workspace', {
    config: { credential: ACCESS.workspaceSummary.write },
    schema: {
      operationId: 'deleteWorkspace', tags, summary: 'Delete the workspace and everything stored for it', params: WorkspaceParams,
      description: 'A session of an owner only (403 `forbidden` for another member). Its prompts, runs, answers, scores, reports, traffic, recommendations, keys and credits go with it, at once and for good: unspent credit is not refunded. A demo workspace (`POST /api/v1/demo-workspace`) is deleted the same way; the person may then ask for a new one.',
      response: { 200: Type.Object({ slug: Type.String(), deleted: Type.Literal(true) }) },
    },
  }, async (request) => workspaces.remove(workspaceOf(request)));

  for (const [path, name] of [['settings', 'Settings'], ['profile', 'Profile']] as const) {
    r.get(`/api/v1/workspaces/:workspace/${path}`, {
      config: { credential: ACCESS.settings.read },
      schema: { operationId: `get${name}`, tags, summary: `Read the workspace ${path}`, params: WorkspaceParams, response: { 200: Settings } },
    }, async (request) => workspaces.getSettings(workspaceOf(request)));

    r.patch(`/api/v1/workspaces/:workspace/${path}`, {
      config: { credential: ACCESS.settings.write },
      schema: {
        operationId: `update${name}`, tags, summary: `Change some ${path} fields`, params: WorkspaceParams, body: WorkspaceUpdateBody,
        description: 'Only the supplied fields change. `null` clears an optional field.', response: { 200: Settings },
      },
    }, async (request) => workspaces.updateSettings(workspaceOf(request), request.body));
  }

  r.get('/api/v1/workspaces/:workspace/model', {
    config: { credential: ACCESS.settings.read },
    schema: { operationId: 'getModel', tags, summary: 'The model used for generation and chat', params: WorkspaceParams, response: { 200: ModelView } },
  }, async (request) => workspaces.getModel(workspaceOf(request)));

  r.put('/api/v1/workspaces/:workspace/model', {
    config: { credential: ACCESS.settings.write },
    schema: { operationId: 'setModel', tags, summary: 'Choose the model', params: WorkspaceParams, body: ModelBody, response: { 200: ModelView } },
  }, async (request) => workspaces.setModel(workspaceOf(request), request.body.model));

  r.get('/api/v1/workspaces/:workspace/competitors', {
    config: { credential: ACCESS.settings.read },
    schema: { operationId: 'listCompetitors', tags, summary: 'Competitors with their index', params: WorkspaceParams, response: { 200: CompetitorList } },
  }, async (request) => workspaces.listCompetitors(workspaceOf(request)));

  r.post('/api/v1/workspaces/:workspace/competitors', {
    config: { credential: ACCESS.settings.write },
    schema: {
      operationId: 'addCompetitor', tags, summary: 'Append a competitor (at most 12)', params: WorkspaceParams, body: CompetitorBody,
      response: { 200: CompetitorList },
    },
  }, async (request) => workspaces.addCompetitor(workspaceOf(request), request.body));

  r.put('/api/v1/workspaces/:workspace/competitors', {
    config: { credential: ACCESS.settings.write },
    schema: {
      operationId: 'replaceCompetitor', tags, summary: 'Replace the competitor at `index`', params: WorkspaceParams, body: CompetitorReplaceBody,
      description: 'An index past the end answers 404 `not_found`. `ambiguous` keeps its value when absent.', response: { 200: CompetitorList },
    },
  }, async (request) => workspaces.replaceCompetitor(workspaceOf(request), request.body));

  r.delete('/api/v1/workspaces/:workspace/competitors', {
    config: { credential: ACCESS.settings.write },
    schema: {
      operationId: 'deleteCompetitor', tags, summary: 'Remove the competitor at `index` (at least 2 remain)', params: WorkspaceParams,
      body: CompetitorDeleteBody, response: { 200: CompetitorList },
    },
  }, async (request) => workspaces.deleteCompetitor(workspaceOf(request), request.body.index));
}
