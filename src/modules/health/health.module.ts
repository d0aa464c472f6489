import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { healthRoutes } from './health.routes.ts';

/** Liveness and readiness for load balancers and orchestrators. */
export function healthModule(needs: Parameters<typeof healthRoutes>[1]) {
  return {
    name: 'health',
    http(app: FastifyInstance) {
      healthRoutes(app, needs);
    },
  } satisfies ModuleParts;
}
