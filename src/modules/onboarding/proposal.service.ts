import type { Fetcher } from '../profile/design.service.ts';
import { readHomePage } from '../profile/design.service.ts';
import type { ResearchModel } from '../research/research.providers.ts';
import {
  competitorsFrom, competitorsFromSite, DEFAULT_QUOTAS, DEFAULT_SET_SIZE, languagesOf, type CompetitorSource, MAX_COMPETITORS, regionsOf, siteIdentity, slugCandidates, slugOf,
} from './proposal.fns.ts';

// The proposal step of a first workspace. It is free, on purpose: credits belong to a
// workspace and there is none yet, so it reads only the site (through the safe fetcher, the one
// door to user-given addresses) and asks the competitor question of the engine given. A
// competitor is proposed only from a source — a comparison link on the site, or a real model's
// answer — and each says which; the simulated engine names nobody, and then the form asks.

export interface ProposalDeps {
  fetcher: Fetcher;
  /** The engine asked for competitors; the simulated research model here (see above). */
  engine: ResearchModel;
  slugTaken(slug: string): Promise<boolean>;
}

export function createWorkspaceProposals(deps: ProposalDeps) {
  return {
    async propose(input: { brandName: string; domain: string }) {
      const page = await readHomePage(deps.fetcher, input.domain);
      const identity = page ? siteIdentity(page.html) : null;
      const { languages, reason: languagesWhy } = languagesOf(identity);
      const { regions, reason: regionsWhy } = regionsOf(identity, input.domain);

      const base = slugOf(input.brandName, input.domain.split('.')[0]!);
      let brand = base;
      for (const candidate of slugCandidates(base)) {
        if (!(await deps.slugTaken(candidate))) { brand = candidate; break; }
      }

      const fromSite = page ? competitorsFromSite(page.html, input.brandName, page.url, input.domain) : [];
      const question = `List ${MAX_COMPETITORS} brands that compete with ${input.brandName} (${input.domain}), one per line: name - why.`;
      const fromModel = deps.engine.simulated ? [] : competitorsFrom(await deps.engine.ask(question, AbortSignal.timeout(30_000)), input.brandName)
        .filter((c) => !fromSite.some((s) => s.name.toLowerCase() === c.name.toLowerCase()));
      const competitorSources: CompetitorSource[] = [
        ...fromSite.map((c) => ({ name: c.name, source: 'site' as const, detail: c.detail })),
        ...fromModel.map((c) => ({ name: c.name, source: 'model' as const, detail: `Named by the model asked: “${question}”` })),
      ].slice(0, MAX_COMPETITORS);
      const competitors = [...fromSite.map(({ detail: _d, ...c }) => c), ...fromModel].slice(0, MAX_COMPETITORS);

      return {
        proposal: {
          brand,
          displayName: identity?.name ?? input.brandName,
          domains: [input.domain], languages, regions, competitors,
          gscProperty: `sc-domain:${input.domain}`,
          activeSetSize: DEFAULT_SET_SIZE,
          complianceProfile: identity?.medical ? 'eu_medical' as const : 'none' as const,
          quotas: DEFAULT_QUOTAS,
        },
        reasons: {
          displayName: identity?.name ? 'The name the site gives itself (schema.org organisation, og:site_name or title).' : 'The brand name as typed: the site gave none.',
          languages: languagesWhy, regions: regionsWhy,
          competitors: competitors.length
            ? `Found ${competitors.length === 1 ? 'one competitor' : `${competitors.length} competitors`}; each says where. Add the ones missing (2 to 5) and their websites.`
            : 'Nothing we read names a competitor (the site links none, and no model is asked before the workspace exists). Who do you lose deals to? Add 2 to 5, with their websites.',
          complianceProfile: identity?.medical ? 'The site describes itself as a medical or health business (schema.org).' : 'The site does not describe itself as medical.',
          quotas: 'The default split of prompts by intent.',
        },
        site: page
          ? { read: true, url: page.url, detail: `Read ${page.url}.` }
          : { read: false, url: null, detail: `${input.domain} did not answer with a web page over HTTPS or HTTP: nothing was read from it.` },
        competitorSources,
        simulated: deps.engine.simulated,
        chargedMicrousd: 0 as const,
      };
    },
  };
}
export type WorkspaceProposals = ReturnType<typeof createWorkspaceProposals>;
