import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, workspaceNotFound } from '../errors.ts';
import type { KeyPrincipal, Principal, SessionPrincipal, WorkspaceContext } from './types.ts';

// The request's way through access control, before any body is parsed:
// principal -> CSRF rule -> workspace guard -> the route's declared credential.

export const SESSION_COOKIE = 'geo.session';
const SLUG = /^[a-z0-9-]+$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AuthDeps {
  findSession(token: string): Promise<SessionPrincipal | null>;
  /** Resolves a bearer secret to an active key principal, or throws `invalid_key` / `ip_forbidden`. */
  verifyApiKey(secret: string, request: FastifyRequest): Promise<KeyPrincipal>;
  findWorkspace(slug: string, principal: Principal): Promise<WorkspaceContext | null>;
  publicBaseUrl: string;
}

export const noCredential = () =>
  new AppError('invalid_key', 'Authentication required: send a session cookie or "Authorization: Bearer gp_live_…".');

export function registerAuth(app: FastifyInstance, deps: AuthDeps) {
  app.decorateRequest('principal', null);
  app.decorateRequest('workspace', null);
  const publicOrigin = new URL(deps.publicBaseUrl).origin;

  async function resolvePrincipal(request: FastifyRequest): Promise<Principal | null> {
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const match = /^Bearer (\S+)$/i.exec(authorization.trim());
      if (!match?.[1]) throw new AppError('invalid_key', 'The Authorization header must be "Bearer <API key>".');
      return deps.verifyApiKey(match[1], request);
    }
    const cookie = request.cookies[SESSION_COOKIE];
    if (!cookie) return null;
    const unsigned = request.unsignCookie(cookie);
    // A tampered, expired or unknown session cookie counts as no credential.
    return unsigned.valid && unsigned.value ? deps.findSession(unsigned.value) : null;
  }

  function isSameOrigin(request: FastifyRequest, origin: string): boolean {
    try {
      const url = new URL(origin);
      return url.origin === publicOrigin || url.host === request.headers.host;
    } catch {
      return false; // "null" and garbage are foreign
    }
  }

  app.addHook('onRequest', async (request) => {
    const credential = request.routeOptions.config?.credential;
    if (credential === 'public' || request.is404) return;

    const principal = await resolvePrincipal(request);
    if (!principal) throw noCredential();
    request.principal = principal;

    const origin = request.headers.origin;
    if (principal.kind === 'session' && !SAFE_METHODS.has(request.method) && origin !== undefined && !isSameOrigin(request, origin)) {
      throw new AppError('csrf_rejected', 'Cross-site request rejected: the Origin header does not match this server.');
    }

    // A workspace named in the body is guarded once the body is parsed (preValidation below).
    if (request.routeOptions.config?.workspaceIn === 'body') return;
    const params = request.params as Record<string, string | undefined>;
    const slug = request.routeOptions.config?.workspaceIn === 'query' ? workspaceField(request.query) : params.workspace ?? params.brand;
    await guard(request, principal, slug, credential);
  });

  /** Workspace guard, then the route's credential: the same for a path, query or body workspace. */
  async function guard(request: FastifyRequest, principal: Principal, slug: string | null | undefined, credential: string | undefined) {
    if (slug !== undefined && slug !== null) {
      const workspace = SLUG.test(slug) ? await deps.findWorkspace(slug, principal) : null;
      if (!workspace) throw workspaceNotFound();
      request.workspace = workspace;
    }

    if (principal.kind === 'key') {
      if (credential === 'session') throw new AppError('session_required', 'This action needs a browser session; API keys cannot perform it.');
      if (credential === undefined || !principal.scopes.includes(credential as never)) {
        throw new AppError('insufficient_scope', `This API key lacks the "${credential}" scope.`, { requiredScope: credential });
      }
    }
    // No workspace named at all: a request error, reported after the credential like any validation.
    if (slug === null) throw new AppError('invalid_request', `${request.routeOptions.config?.workspaceIn === 'query' ? 'querystring' : 'body'}.workspace is required`);
  }

  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config?.workspaceIn !== 'body' || request.is404 || !request.principal) return;
    await guard(request, request.principal, workspaceField(request.body), request.routeOptions.config.credential);
  });
}

/** The `workspace` field of a query or body: null when absent, '' (never a slug) when not a string. */
function workspaceField(container: unknown): string | null {
  const value = container && typeof container === 'object' ? (container as Record<string, unknown>).workspace : undefined;
  if (value === undefined) return null;
  return typeof value === 'string' ? value : '';
}
