import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { sessionOf } from '../../lib/http/responses.ts';
import { Closed, Nullable, PlainText, StringEnum } from '../../lib/http/schema-helpers.ts';
import type { RateLimiter } from '../../lib/rate-limit/rate-limit.ts';
import type { WorkspaceProposals } from './proposal.service.ts';
import { Domain, WorkspaceCreateBody } from '../workspaces/workspaces.schemas.ts';

// The proposal step before POST /api/v1/workspaces: the creation body stays as the
// contract has it (every field required); this route fills it in from two typed values.

const tags = ['workspaces'];
/** Each proposal fetches a page of an address a person typed: a few a minute are plenty for a form. */
export const PROPOSAL_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

const { ga4Property: _ga4, ...proposed } = WorkspaceCreateBody.properties;
const Why = Type.String();

export function workspaceProposalRoutes(app: FastifyInstance, deps: { proposals: WorkspaceProposals; limiter: RateLimiter }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post('/api/v1/workspace-proposals', {
    config: { credential: ACCESS.workspaceSummary.write },
    schema: {
      operationId: 'proposeWorkspace', tags, summary: 'Propose a new workspace from its brand name and domain',
      description: 'Free (nothing is charged: there is no workspace to charge yet). Reads the domain\'s home page through the safe fetcher (HTTPS, else HTTP; private addresses refused) and proposes every field of the creation body except `ga4Property`, which only the person knows: a free slug from the name, the display name the site gives itself, languages from `<html lang>` and hreflang alternates (en, es, ca, fr; English when none), regions from region subtags and a country-code domain, competitors, `sc-domain:` of the domain, the default quotas and set size, and `eu_medical` when schema.org calls the site medical. Competitors only from a source, each named in `competitorSources`: comparison links on the site ("Acme vs Globex", "Alternative to Globex") and, when a real model is configured for proposals, its answer; none is invented, and when nothing names one the list is empty and the form asks. A site that does not answer still gets a proposal (`site.read: false`). 400 names the field; 429 `rate_limited` past 30 proposals per 10 minutes per user.',
      body: Closed({
        brandName: PlainText({ minLength: 2, maxLength: 60, description: 'The brand as people call it.' }),
        domain: Domain,
      }),
      response: {
        200: Type.Object({
          proposal: Type.Object(proposed, { description: 'The creation body of POST /api/v1/workspaces without `ga4Property`; every value editable.' }),
          reasons: Type.Object({ displayName: Why, languages: Why, regions: Why, competitors: Why, complianceProfile: Why, quotas: Why }, { description: 'Why each value was proposed, in words.' }),
          site: Type.Object({ read: Type.Boolean(), url: Nullable(Type.String()), detail: Type.String() }),
          competitorSources: Type.Array(Type.Object({
            name: Type.String(), source: StringEnum(['site', 'model'] as const), detail: Type.String({ description: 'Where it was found, in words: the link on the site, or the question the model answered.' }),
          }), { description: 'Where each proposed competitor comes from, in the order of `proposal.competitors`. A competitor is proposed only from a source; none is invented. A competitor found without its website has empty `domains`: the form asks for it.' }),
          simulated: Type.Boolean({ description: 'True when no real model was available: then only the site can name competitors.' }),
          chargedMicrousd: Type.Literal(0),
        }),
      },
    },
  }, async (request) => {
    const { userId } = sessionOf(request);
    await deps.limiter.hit(`workspace-proposal:${userId}`, PROPOSAL_LIMIT, 'At most 30 workspace proposals per 10 minutes; retry later.');
    return deps.proposals.propose(request.body);
  });
}
