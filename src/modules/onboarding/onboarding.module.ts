import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import type { RateLimiter } from '../../lib/rate-limit/rate-limit.ts';
import { workspaceProposalRoutes } from './proposal.routes.ts';
import { createWorkspaceProposals } from './proposal.service.ts';

/** The proposal step of a first workspace: the site read through the safe fetcher, competitors from an engine. */
export function onboardingModule(needs: Parameters<typeof createWorkspaceProposals>[0] & { limiter: RateLimiter }) {
  const proposals = createWorkspaceProposals(needs);
  return {
    name: 'onboarding',
    http(app: FastifyInstance) {
      workspaceProposalRoutes(app, { limiter: needs.limiter, proposals });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
