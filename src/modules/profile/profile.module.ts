import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SafeFetcher } from '../../lib/safe-fetch/safe-fetch.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { createProfileService } from './profile.service.ts';
import { profileRoutes } from './profile.routes.ts';
import { createDesignService } from './design.service.ts';
import { designRoutes } from './design.routes.ts';

/** The brand's public profile and icon, and the design read from its site. */
export function profileModule(needs: Parameters<typeof createProfileService>[0] & { fetcher: SafeFetcher; clock: Clock; workspaces: WorkspacesService }) {
  const profile = createProfileService(needs);
  return {
    name: 'profile', profile,
    async http(app: FastifyInstance) {
      await profileRoutes(app, { profile });
      // Design extraction and icon refresh read the workspace's site through the safe fetcher.
      designRoutes(app, { design: createDesignService({ workspaces: needs.workspaces, profile, fetcher: needs.fetcher, clock: needs.clock }) });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
