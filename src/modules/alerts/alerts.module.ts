import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { createAlertsService } from './alerts.service.ts';
import { alertsRoutes } from './alerts.routes.ts';

/** Alerts: rules over the domain events, mailed and kept, worked as jobs. */
export function alertsModule(needs: Parameters<typeof createAlertsService>[0]) {
  const alerts = createAlertsService(needs);
  const unsubscribe = needs.events.subscribe((event) => alerts.onEvent(event));
  return {
    name: 'alerts', alerts,
    http(app: FastifyInstance) {
      alertsRoutes(app, { alerts });
    },
    startWorkers: () => alerts.startWorkers(),
    async close() {
      unsubscribe();
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
