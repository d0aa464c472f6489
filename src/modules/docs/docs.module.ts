import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { docsRoutes } from './docs.routes.ts';

/** The API reference (/docs) and the capability pages served from docs/. */
export function docsModule() {
  return {
    name: 'docs',
    async http(app: FastifyInstance) {
      await docsRoutes(app);
    },
  } satisfies ModuleParts;
}
