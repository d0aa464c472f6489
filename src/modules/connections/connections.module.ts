import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { createConnectionsService } from './connections.service.ts';
import { connectionsRoutes } from './connections.routes.ts';

/** A workspace's own provider keys and Google connection, sealed at rest. */
export function connectionsModule(needs: Parameters<typeof createConnectionsService>[0]) {
  const connections = createConnectionsService(needs);
  return {
    name: 'connections', connections,
    http(app: FastifyInstance) {
      connectionsRoutes(app, { connections });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
