import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { createPagesService } from './pages.service.ts';
import { pagesRoutes } from './pages.routes.ts';

/** Page evaluations: what an answer engine's crawler finds on a page, read through the safe fetcher. */
export function pagesModule(needs: Parameters<typeof createPagesService>[0]) {
  const pages = createPagesService(needs);
  return {
    name: 'pages', pages,
    http(app: FastifyInstance) {
      pagesRoutes(app, { pages });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
