import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import type { Db } from '../../lib/db.ts';
import { createWorkspacesRepo } from './workspaces.repo.ts';
import { createWorkspacesService } from './workspaces.service.ts';
import { workspacesRoutes } from './workspaces.routes.ts';

type ServiceNeeds = Omit<Parameters<typeof createWorkspacesService>[0], 'repo'>;

/** Workspaces: their settings, members' reach, and the hooks other modules run when one is made. */
export function workspacesModule(needs: ServiceNeeds & { db: Db }) {
  const repo = createWorkspacesRepo(needs.db);
  const workspaces = createWorkspacesService({ ...needs, repo });
  return {
    name: 'workspaces', workspaces,
    /** Whether a slug is taken (the onboarding's proposal picks a free one). */
    slugTaken: async (slug: string) => (await repo.idBySlug(slug)) !== null,
    http(app: FastifyInstance) {
      workspacesRoutes(app, { workspaces });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
