import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import type { RateLimiter } from '../../lib/rate-limit/rate-limit.ts';
import type { KeyPrincipal, SessionPrincipal } from '../../lib/http/types.ts';
import { createAuthorizeService, oauthUrls, type AuthorizeDeps } from './oauth.service.ts';
import { createTokenService, type TokenDeps } from './oauth.tokens.ts';
import { createBearers } from './oauth.bearer.ts';
import type { Language } from '../../lib/format/format.ts';
import { bearerChallenge } from './oauth.fns.ts';
import { oauthRoutes } from './oauth.routes.ts';
import { oauthPageRoutes } from './oauth.pages.ts';
import { connectedAppsRoutes } from './connected-apps.routes.ts';

/** OAuth 2.1 for remote MCP (docs/mcp.md, "OAuth"): discovery, registration, consent, tokens, Connected apps. */
export function oauthModule(needs: Pick<AuthorizeDeps, 'workspacesOf' | 'workspaceFor'> & Pick<TokenDeps, 'isMember'> & {
  db: Db; clock: Clock; limiter: RateLimiter; publicBaseUrl: string; keyHashSecret: string;
  findSession(token: string): Promise<SessionPrincipal | null>;
  /** The dashboard language a person chose (null: their browser's): the consent page speaks it. */
  languageOf(userId: string): Promise<Language | null>;
  verifyApiKey(secret: string, ip: string): Promise<KeyPrincipal>;
}) {
  const { db, clock } = needs;
  const urls = oauthUrls(needs.publicBaseUrl);
  const hashSecret = needs.keyHashSecret;
  const authorize = createAuthorizeService({ db, clock, hashSecret, limiter: needs.limiter, urls, workspacesOf: needs.workspacesOf, workspaceFor: needs.workspaceFor });
  const tokens = createTokenService({ db, clock, hashSecret, urls, isMember: needs.isMember });
  const bearers = createBearers({ tokens, verifyApiKey: needs.verifyApiKey });
  return {
    name: 'oauth', bearers, urls,
    /** The WWW-Authenticate of a 401 from /mcp: where a client learns how to get a token. */
    challenge: (error?: 'invalid_token') => bearerChallenge(urls.resourceMetadata, error),
    http(app: FastifyInstance) {
      oauthRoutes(app, { authorize, tokens, urls });
      oauthPageRoutes(app, { authorize, urls, hashSecret, findSession: needs.findSession, languageOf: needs.languageOf });
      connectedAppsRoutes(app, { tokens });
    },
    sweeps: [() => authorize.sweep(), () => tokens.sweep()],
  } satisfies ModuleParts & Record<string, unknown>;
}
