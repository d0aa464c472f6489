import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import type { Db } from '../../lib/db.ts';
import { createTrafficService } from './ingest.service.ts';
import { uploadsRoutes } from './uploads.routes.ts';
import { createDrainsService } from './drains.service.ts';
import { drainsRoutes } from './drains.routes.ts';

type DrainsNeeds = Parameters<typeof createDrainsService>[0];

/**
 * The ingestion of access logs (uploads, and log drains that push with a signing secret of their
 * own): parsed in a child process, verified by reverse DNS and published ranges.
 */
export function trafficIngestModule(needs: Parameters<typeof createTrafficService>[0] & Pick<DrainsNeeds, 'credentialsKey' | 'workspaces' | 'spoolDeadlines'> & { db: Db }) {
  const traffic = createTrafficService(needs);
  return {
    name: 'traffic-ingest', traffic,
    async http(app: FastifyInstance) {
      await uploadsRoutes(app, { traffic });
      await drainsRoutes(app, { drains: createDrainsService({ ...needs, traffic }) });
    },
    sweeps: [() => traffic.sweep()],
  } satisfies ModuleParts & Record<string, unknown>;
}
