import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { createMeasure } from './measure.ts';
import { createRecsService } from './recs.service.ts';
import { createHoldout } from './holdout.ts';
import { createRecsGeneration } from './generation.ts';
import { createDrafts } from './drafts.ts';
import { recsRoutes } from './recs.routes.ts';
import { createSeoSignals, type SeoSources } from './seo-signals.ts';
import type { SeoSignalsSource } from './recs.types.ts';

type GenerationNeeds = Parameters<typeof createRecsGeneration>[0];
type DraftsNeeds = Parameters<typeof createDrafts>[0];

/**
 * Recommendations: items in lanes (SEO, GEO, crawl), drafts written by the workspace's model
 * (none without a provider key), and each item's measured effect against a holdout.
 */
export function recsModule(needs: Omit<GenerationNeeds, 'seoSignals' | 'modelFor'> & Pick<DraftsNeeds, 'credits' | 'brandOf'> & {
  /** Where the SEO lane's signals come from (the SEO and pages modules), unless `seoSignals` replaces them (tests). */
  seoSources: SeoSources;
  seoSignals?: SeoSignalsSource;
  modelFor(ws: WorkspaceContext): ReturnType<GenerationNeeds['modelFor']>;
}) {
  const { db, clock, runReads, crawl } = needs;
  const seoSignals = needs.seoSignals ?? createSeoSignals(needs.seoSources);
  const recs = createRecsService({
    db, clock, measure: createMeasure({ runReads, seoSignals, crawl }), holdout: createHoldout({ runReads }),
    readerOf: async (workspaceId) => ({ language: (await needs.facts(workspaceId)).language ?? 'en' }),
  });
  const generation = createRecsGeneration({ ...needs, seoSignals });
  return {
    name: 'recs', recs, generation,
    http(app: FastifyInstance) {
      recsRoutes(app, {
        recs,
        generation,
        drafts: createDrafts({ db, clock, credits: needs.credits, modelFor: needs.modelFor, brandOf: needs.brandOf }),
      });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
