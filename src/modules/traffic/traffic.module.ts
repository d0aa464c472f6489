import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import type { Stamps } from '../scores/stamps.ts';
import { AGENT_DATA, createClassifier } from './classify.fns.ts';
import { createGa4Referrals } from './ga4.ts';
import { createCrawlReads } from './crawl.reads.ts';
import { createTrafficViews } from './traffic.views.ts';
import { trafficRoutes } from './traffic.routes.ts';
import { createTrafficReportReads } from './report.reads.ts';
import { createSiteViews, type SiteSources } from './site.views.ts';
import { siteRoutes } from './site.routes.ts';

/**
 * AI traffic (docs/traffic.md): crawler visits from access logs by verified agent, AI referrals
 * from GA4, and the crawl-to-visibility views. The ingestion (traffic-ingest) writes what this reads.
 */
export function trafficModule(needs: {
  db: Db; clock: Clock;
  /** Whether the workspace ever sent a log (the ingestion keeps the uploads). */
  logsReceived(workspaceId: string): Promise<boolean>;
  /** The pages' evaluations and the owned paths of cited sources (made after this module; read at request time). */
  siteSources: () => SiteSources;
  stamps: () => Pick<Stamps, 'ofRuns'>;
}) {
  const { db, clock, logsReceived } = needs;
  const classifier = createClassifier(AGENT_DATA);
  // GA4's AI referrals are read by the SEO refresh (it holds the Google credential) into this module's table.
  const ga4Referrals = createGa4Referrals({ db, clock, referrers: AGENT_DATA.referrers });
  // Access logs' crawl errors: recommendation items and their effect.
  const crawl = createCrawlReads({ db, agents: AGENT_DATA.agents });
  const views = createTrafficViews({ db, clock, classifier });
  const report = createTrafficReportReads({ db, clock, agents: classifier.agents, logsReceived });
  return {
    name: 'traffic', classifier, ga4Referrals, crawl, views, report,
    async http(app: FastifyInstance) {
      trafficRoutes(app, { views });
      await siteRoutes(app, {
        site: createSiteViews({ db, classifier, ga4: ga4Referrals, range: views.range, logsReceived, sources: needs.siteSources() }),
        stamps: needs.stamps(),
      });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
