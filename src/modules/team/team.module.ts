import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { createTeamService } from './team.service.ts';
import { teamRoutes } from './team.routes.ts';

/** Members, roles and invitations. */
export function teamModule(needs: Parameters<typeof createTeamService>[0]) {
  const team = createTeamService(needs);
  return {
    name: 'team', team,
    http(app: FastifyInstance) {
      teamRoutes(app, { team });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
