import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hmacSha256Hex, randomToken } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import type { Scope } from '../../lib/http/credentials.ts';
import type { SessionPrincipal, WorkspaceContext } from '../../lib/http/types.ts';
import type { RateLimiter } from '../../lib/rate-limit/rate-limit.ts';
import { challengeWellFormed, checkRedirectUri, defaultTicked, offeredScopes, redirectRegistered, withParams } from './oauth.fns.ts';
import { oauthClients, oauthCodes } from './oauth.tables.ts';

// Registration (RFC 7591) and the authorization endpoint: checking a request, the consent, the
// code. Nothing is written for a request that is refused; a code is written only on "Allow".

export const CODE_TTL_MS = 60_000;
export const CLIENT_UNUSED_TTL_MS = 30 * 24 * 3600 * 1000;
export const REGISTRATION_LIMIT = { limit: 20, windowMs: 3600 * 1000 };

export interface OAuthUrls {
  issuer: string;
  /** The protected resource: this server's MCP endpoint (RFC 8707 `resource`). */
  resource: string;
  resourceMetadata: string;
}

export function oauthUrls(publicBaseUrl: string): OAuthUrls {
  const base = publicBaseUrl.endsWith('/') ? publicBaseUrl.slice(0, -1) : publicBaseUrl;
  return { issuer: base, resource: `${base}/mcp`, resourceMetadata: `${base}/.well-known/oauth-protected-resource/mcp` };
}

export interface RegistrationInput {
  redirect_uris: string[];
  client_name?: string;
  client_uri?: string;
  token_endpoint_auth_method?: string;
  grant_types?: string[];
  response_types?: string[];
  scope?: string;
}

export interface WorkspaceChoice { slug: string; displayName: string }

export interface AuthorizeDeps {
  db: Db;
  clock: Clock;
  hashSecret: string;
  limiter: RateLimiter;
  urls: OAuthUrls;
  /** The workspaces a signed-in person may connect, and the one a slug names for them. */
  workspacesOf(session: SessionPrincipal): Promise<WorkspaceChoice[]>;
  workspaceFor(session: SessionPrincipal, slug: string): Promise<WorkspaceContext | null>;
}

/** A checked authorization request: everything the consent page shows and the code will be bound to. */
export interface AuthorizeRequest {
  clientId: string;
  clientName: string;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  resource: string;
  offered: Scope[];
  ticked: Scope[];
}

/** Refused before the redirect URI is trusted: an error page, never a redirect (no open redirect). */
export type AuthorizeOutcome =
  | { kind: 'ok'; request: AuthorizeRequest }
  | { kind: 'page'; error: string; description: 'consent.unregistered' | 'consent.badRedirect' }
  | { kind: 'redirect'; location: string };

const one = (value: unknown) => (typeof value === 'string' ? value : undefined);
const clientMetadataError = (message: string) => new AppError('invalid_client_metadata', message);

export function createAuthorizeService(deps: AuthorizeDeps) {
  const { db, clock, urls } = deps;
  const hash = (secret: string) => hmacSha256Hex(deps.hashSecret, secret);

  function errorRedirect(redirectUri: string, state: string | undefined, error: string, description: string): AuthorizeOutcome {
    return { kind: 'redirect', location: withParams(redirectUri, { error, error_description: description, state, iss: urls.issuer }) };
  }

  return {
    async register(input: RegistrationInput, ip: string) {
      const redirectUris = input.redirect_uris.map((uri, i) => {
        const checked = checkRedirectUri(uri);
        if (!checked.ok) throw new AppError('invalid_redirect_uri', `redirect_uris[${i}] ${checked.reason}.`);
        return checked.value;
      });
      if (input.token_endpoint_auth_method !== undefined && input.token_endpoint_auth_method !== 'none') {
        throw clientMetadataError('Only public clients are registered here: token_endpoint_auth_method must be "none" (PKCE protects the code).');
      }
      const badGrant = input.grant_types?.find((g) => g !== 'authorization_code' && g !== 'refresh_token');
      if (badGrant) throw clientMetadataError(`grant_types may hold only authorization_code and refresh_token, not "${badGrant}".`);
      if (input.response_types?.some((r) => r !== 'code')) throw clientMetadataError('response_types may hold only "code".');
      if (input.client_uri !== undefined && !/^https:\/\//.test(input.client_uri)) throw clientMetadataError('client_uri must be an https URL.');
      // Counted only for a request that would be stored: bad metadata costs nothing and stores nothing.
      await deps.limiter.hit(`oauth-register:${ip}`, REGISTRATION_LIMIT, 'Too many client registrations from this address; retry later.');
      const now = clock.now();
      const row = {
        id: newId('oac'), clientName: input.client_name?.trim() || 'Unnamed client', clientUri: input.client_uri ?? null,
        redirectUris, createdAt: now, lastUsedAt: now,
      };
      await db.insert(oauthClients).values(row);
      return {
        client_id: row.id, client_id_issued_at: Math.floor(now.getTime() / 1000), client_name: row.clientName,
        ...(row.clientUri ? { client_uri: row.clientUri } : {}),
        redirect_uris: redirectUris, grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none',
      };
    },

    async client(clientId: string) {
      const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId));
      return row ?? null;
    },

    /** Checks an authorization request (query of GET, fields of the consent form) in RFC 6749 §4.1.2.1 order. */
    async check(params: Record<string, unknown>): Promise<AuthorizeOutcome> {
      const clientId = one(params.client_id);
      const client = clientId && clientId.length <= 100 ? await this.client(clientId) : null;
      if (!client) return { kind: 'page', error: 'invalid_client', description: 'consent.unregistered' };
      const redirectUri = one(params.redirect_uri);
      if (!redirectUri || !redirectRegistered(client.redirectUris, redirectUri)) {
        return { kind: 'page', error: 'invalid_request', description: 'consent.badRedirect' };
      }
      const state = one(params.state);
      if (params.state !== undefined && (state === undefined || state.length > 1000)) return errorRedirect(redirectUri, undefined, 'invalid_request', 'state must be one string of at most 1000 characters.');
      const fail = (error: string, description: string) => errorRedirect(redirectUri, state, error, description);
      if (one(params.response_type) !== 'code') return fail('unsupported_response_type', 'response_type must be "code".');
      const challenge = one(params.code_challenge);
      if (!challenge || !challengeWellFormed(challenge)) return fail('invalid_request', 'code_challenge is required: the S256 PKCE challenge (43 base64url characters).');
      if (one(params.code_challenge_method) !== 'S256') return fail('invalid_request', 'code_challenge_method must be "S256".');
      // One resource here: the MCP endpoint. Omitted, it is that one; any other is refused (RFC 8707 §2).
      const resource = one(params.resource) ?? (params.resource === undefined ? urls.resource : undefined);
      if (resource !== urls.resource) return fail('invalid_target', `resource must be ${urls.resource}.`);
      if (params.scope !== undefined && one(params.scope) === undefined) return fail('invalid_scope', 'scope must be one space-separated string.');
      const offered = offeredScopes(one(params.scope));
      return {
        kind: 'ok',
        request: { clientId: client.id, clientName: client.clientName, redirectUri, state, codeChallenge: challenge, resource, offered, ticked: defaultTicked(offered) },
      };
    },

    workspacesOf: deps.workspacesOf,

    /** "Allow": a single-use code for the chosen workspace and scopes, and where to send the browser. */
    async approve(session: SessionPrincipal, request: AuthorizeRequest, choice: { workspace: string; scopes: string[] }) {
      const ws = await deps.workspaceFor(session, choice.workspace);
      if (!ws) throw new AppError('invalid_request', 'Choose one of your workspaces.', { consent: 'consent.chooseWorkspace' });
      const scopes = request.offered.filter((s) => choice.scopes.includes(s));
      if (!scopes.length || choice.scopes.some((s) => !request.offered.includes(s as Scope))) throw new AppError('invalid_request', 'Choose at least one of the permissions offered.', { consent: 'consent.chooseScopes' });
      const code = randomToken(32);
      const now = clock.now();
      await db.insert(oauthCodes).values({
        codeHash: hash(code), clientId: request.clientId, workspaceId: ws.id, userId: session.userId, scopes,
        redirectUri: request.redirectUri, codeChallenge: request.codeChallenge, resource: request.resource,
        createdAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      });
      return withParams(request.redirectUri, { code, state: request.state, iss: urls.issuer });
    },

    /** "Deny": the client hears access_denied; nothing is stored. */
    deny: (request: AuthorizeRequest) => withParams(request.redirectUri, { error: 'access_denied', error_description: 'The person declined.', state: request.state, iss: urls.issuer }),

    /** Codes a day past expiry, and clients unused for 30 days (their grants and tokens go with them). */
    async sweep() {
      const now = clock.now().getTime();
      await db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, new Date(now - 24 * 3600 * 1000)));
      await db.delete(oauthClients).where(lt(oauthClients.lastUsedAt, new Date(now - CLIENT_UNUSED_TTL_MS)));
    },
  };
}
export type AuthorizeService = ReturnType<typeof createAuthorizeService>;
