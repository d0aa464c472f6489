import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import type { SafeFetcher } from '../../lib/safe-fetch/safe-fetch.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { WorkspaceRow } from '../workspaces/workspaces.service.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import { createPromptsService, type PromptsDeps } from './prompts.service.ts';
import { createPromptGeneration } from './generation.ts';
import { promptsRoutes } from './prompts.routes.ts';
import { proposalsRoutes } from './proposals.routes.ts';
import { createProposals, type ProposalDeps } from './proposals.service.ts';
import { createSiteReader } from './site.service.ts';

/**
 * The prompt sets, their generation by the workspace's model, and proposals from the site (read
 * through the safe fetcher at most once a day per workspace), Search Console, recent answers and
 * research.
 */
export function promptsModule(needs: Omit<ProposalDeps, 'prompts' | 'site' | 'workspaceRow'> & {
  db: Db; clock: Clock; jobs: JobsService; fetcher: SafeFetcher;
  withHistory: PromptsDeps['withHistory'];
  modelFor: ProposalDeps['modelFor'];
  workspaceRow(ws: { id: string }): Promise<WorkspaceRow>;
}) {
  const { db, clock } = needs;
  const prompts = createPromptsService({ db, clock, withHistory: needs.withHistory });
  const generation = createPromptGeneration({
    jobs: needs.jobs, prompts, workspaceRow: needs.workspaceRow,
    modelFor: async (ws, row) => (await needs.modelFor(ws, row))?.model ?? null,
  });
  return {
    name: 'prompts', prompts,
    http(app: FastifyInstance) {
      promptsRoutes(app, { prompts, generation });
      proposalsRoutes(app, {
        prompts, workspaceRow: needs.workspaceRow,
        proposals: createProposals({ ...needs, prompts, site: createSiteReader({ db, clock, fetcher: needs.fetcher }) }),
      });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
