import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import type { EnginesService } from '../engines/engines.service.ts';
import type { Stamps } from '../scores/stamps.ts';
import { createSourcesService } from './sources.service.ts';
import { sourcesRoutes } from './sources.routes.ts';

/** What the engines searched and read, per answer, and its views. */
export function sourcesModule(needs: Parameters<typeof createSourcesService>[0] & { engines: EnginesService; stamps: () => Stamps }) {
  const sources = createSourcesService(needs);
  return {
    name: 'sources', sources,
    http(app: FastifyInstance) {
      sourcesRoutes(app, { sources, engines: needs.engines, stamps: needs.stamps() });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
