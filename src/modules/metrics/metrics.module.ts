import type { FastifyInstance } from 'fastify';
import type { Db } from '../../lib/db.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { createMetrics } from './metrics.service.ts';
import { metricsRoutes } from './metrics.routes.ts';

/** Prometheus: latency by route pattern (bounded labels), and /metrics behind METRICS_TOKEN. */
export function metricsModule(needs: { db: Db; token: string | undefined }) {
  const metrics = createMetrics({ db: needs.db });
  return {
    name: 'metrics', metrics,
    http(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        metrics.observeHttp(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
      });
      metricsRoutes(app, { metrics, token: needs.token });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
