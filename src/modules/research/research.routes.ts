import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { actorOf, workspaceOf } from '../../lib/http/responses.ts';
import { Closed } from '../../lib/http/schema-helpers.ts';
import { JobStatus } from '../jobs/jobs.schemas.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import { Domain } from '../workspaces/workspaces.schemas.ts';
import { RESEARCH_CALLS, RESEARCH_HOLD, PROVIDER_CAPS } from './research.fns.ts';
import type { ResearchService } from './research.service.ts';

const tags = ['research'];
const Params = workspaceParamsWith('id');
const Finding = Type.Object({ id: Type.String(), kind: Type.String({ description: '`topic`, `prompt`, `competitor` or `source`' }) }, { additionalProperties: true });
const Stage = Type.Object({
  stage: Type.String({ description: '`topics`, `questions`, `competitors` or `sources`' }),
  status: Type.String({ description: '`pending`, `running`, `succeeded` or `failed`' }),
  calls: Type.Integer(), findings: Type.Array(Finding),
});
const Research = Type.Intersect([JobStatus, Type.Object({
  simulated: Type.Union([Type.Null(), Type.Object({ model: Type.Boolean(), serp: Type.Boolean() })], { description: 'Which providers were simulated (no key configured); null before the job started its first stage.' }),
  stages: Type.Array(Stage),
})]);
const Ids = Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: 100, uniqueItems: true });

export function researchRoutes(app: FastifyInstance, deps: { research: ResearchService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { research } = deps;

  r.post('/api/v1/workspaces/:workspace/research', {
    config: { credential: ACCESS.runs.write },
    schema: {
      operationId: 'startResearch', tags, summary: 'Start the research pipeline (a job)', params: WorkspaceParams,
      description: `Stages \`topics\`, \`questions\`, \`competitors\`, \`sources\` through the workspace model and the SERP engine (simulated without keys). Holds ${RESEARCH_HOLD} micro-USD for at most ${RESEARCH_CALLS} provider calls (model ≤ ${PROVIDER_CAPS.model}, SERP ≤ ${PROVIDER_CAPS.serp}); 402 \`insufficient_credits\` without them. One at a time per workspace (409 \`job_already_running\`).`,
      response: { 202: JobStatus },
    },
  }, async (request, reply) => reply.status(202).send(await research.start(workspaceOf(request), actorOf(request))));

  r.get('/api/v1/workspaces/:workspace/research/quote', {
    config: { credential: ACCESS.runs.read },
    schema: {
      operationId: 'quoteResearch', tags, summary: 'What starting research would hold, and whether it asks real engines',
      description: `Free. \`holdMicrousd\` is held when research starts (${RESEARCH_HOLD} micro-USD) and only the calls made are charged; \`calls\` is the plan for the workspace's languages; \`simulated.model\`/\`simulated.serp\` say whether its model and search engine are simulated (no key configured).`,
      params: WorkspaceParams,
      response: { 200: Type.Object({ holdMicrousd: Type.Integer(), calls: Type.Integer(), maxCalls: Type.Object({ model: Type.Integer(), serp: Type.Integer() }), simulated: Type.Object({ model: Type.Boolean(), serp: Type.Boolean() }) }) },
    },
  }, async (request) => research.quote(workspaceOf(request)));

  r.get('/api/v1/workspaces/:workspace/research', {
    config: { credential: ACCESS.runs.read },
    schema: { operationId: 'listResearch', tags, summary: 'The latest 20 research jobs with their stages', params: WorkspaceParams, response: { 200: Type.Array(Research) } },
  }, async (request) => research.list(workspaceOf(request)));

  r.get('/api/v1/workspaces/:workspace/research/:id', {
    config: { credential: ACCESS.runs.read },
    schema: { operationId: 'getResearch', tags, summary: 'One research job: status, stages and findings', params: Params, response: { 200: Research } },
  }, async (request) => research.get(workspaceOf(request), request.params.id));

  r.post('/api/v1/workspaces/:workspace/research/:id/accept-prompts', {
    config: { credential: ACCESS.prompts.write },
    schema: {
      operationId: 'acceptResearchPrompts', tags, summary: 'Add suggested prompts to the prompt set', params: Params,
      description: 'Each `prompt` finding becomes an active prompt of your own (source `user`); accepting one twice adds it once. An unknown id is 400 and nothing is added.',
      body: Closed({ findingIds: Ids }), response: { 200: Research },
    },
  }, async (request) => research.acceptPrompts(workspaceOf(request), request.params.id, request.body.findingIds));

  r.post('/api/v1/workspaces/:workspace/research/:id/accept-competitors', {
    config: { credential: ACCESS.settings.write },
    schema: {
      operationId: 'acceptResearchCompetitors', tags, summary: 'Track named competitors', params: Params,
      description: 'Each `competitor` finding becomes a tracked competitor with the given domains (research cannot know them for sure) and its name as alias; the 12-competitor limit applies (400).',
      body: Closed({ competitors: Type.Array(Closed({ findingId: Type.String({ maxLength: 100 }), domains: Type.Array(Domain, { minItems: 1, maxItems: 5 }) }), { minItems: 1, maxItems: 12 }) }),
      response: { 200: Research },
    },
  }, async (request) => research.acceptCompetitors(workspaceOf(request), request.params.id, request.body.competitors));
}
