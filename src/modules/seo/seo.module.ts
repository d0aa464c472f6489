import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { createSeoService } from './seo.service.ts';
import { seoRoutes } from './seo.routes.ts';

/** SEO: Search Console, GA4, Lighthouse and the checks an answer engine's crawler cares about. */
export function seoModule(needs: Parameters<typeof createSeoService>[0]) {
  const seo = createSeoService(needs);
  return {
    name: 'seo', seo,
    http(app: FastifyInstance) {
      seoRoutes(app, { seo });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
