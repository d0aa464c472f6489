import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ACCESS, type Scope } from '../../lib/http/credentials.ts';
import { SESSION_COOKIE } from '../../lib/http/auth.ts';
import { escapeHtml, page, PAGE_CSP } from '../../lib/http/html.ts';
import { hmacSha256Hex, safeEqual } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionPrincipal } from '../../lib/http/types.ts';
import { redirectOrigin, SPENDING_SCOPES } from './oauth.fns.ts';
import { parseForm } from './oauth.routes.ts';
import type { AuthorizeRequest, AuthorizeService, OAuthUrls, WorkspaceChoice } from './oauth.service.ts';

// The authorization endpoint a person's browser is sent to: sign in first (and come back), then
// a consent page naming the client, where it will send them, the workspace and the permissions.
// The form carries the request back with a token bound to the session (no cross-site posting),
// and is checked again in full: nothing on the page is trusted.

const tags = ['oauth'];
const PAGE = { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } };
const REQUEST_FIELDS = ['response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'resource', 'scope'] as const;

export interface PageDeps {
  authorize: AuthorizeService;
  urls: OAuthUrls;
  hashSecret: string;
  findSession(token: string): Promise<SessionPrincipal | null>;
}

function html(reply: FastifyReply, status: number, body: string, formTarget?: string) {
  // CSP form-action also governs where the form's answer may redirect: the client's origin is added.
  const csp = formTarget ? PAGE_CSP.replace("form-action 'self'", `form-action 'self' ${formTarget}`) : PAGE_CSP;
  // same-origin, not no-referrer: with no-referrer Chromium posts the form with `Origin: null`, which
  // the consent check would refuse; the client's site still gets no Referer.
  return reply.status(status).header('content-security-policy', csp).header('x-frame-options', 'DENY').header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

const errorPage = (reply: FastifyReply, error: string, description: string) =>
  html(reply, 400, page('Cannot connect', `<h1>Cannot connect this application</h1><p class="note" id="oauth-error" data-error="${escapeHtml(error)}">${escapeHtml(description)}</p>`));

// Each permission as the person granting it reads it (a marketer, not a developer): what the
// agent may see or do, never the scope's code. The codes stay in the form's values.
const SCOPE_WORDS: Record<Scope, string> = {
  'workspace:read': 'See the workspace',
  'settings:read': 'See the brand, its competitors and the settings',
  'settings:write': 'Change the brand, its competitors and the settings',
  'connections:read': 'See the connected accounts (Search Console, analytics)',
  'connections:write': 'Connect and disconnect accounts',
  'connections:test': 'Test the connected accounts',
  'prompts:read': 'See the tracked questions',
  'prompts:write': 'Add, change and remove tracked questions',
  'runs:read': 'See the measurements and what the engines answered',
  'runs:write': 'Start and cancel measurements',
  'recs:read': 'See the recommendations',
  'recs:write': 'Accept, dismiss and update recommendations',
  'reports:read': 'See and download reports',
  'reports:write': 'Create and send reports',
  'metrics:read': 'See the scores and figures',
  'chat:read': 'Read the chat conversations',
  'chat:write': 'Ask the chat',
  'credits:read': 'See the credit balance and spending',
};
function scopeLabel(scope: string) {
  const spends = SPENDING_SCOPES.includes(scope as never) ? ' — <strong>spends credits</strong>' : '';
  return `${escapeHtml(SCOPE_WORDS[scope as Scope] ?? scope)}${spends}`;
}

export function consentPage(request: AuthorizeRequest, workspaces: WorkspaceChoice[], csrf: string, params: Record<string, string | undefined>) {
  const host = new URL(request.redirectUri).host;
  const hidden = [...REQUEST_FIELDS.map((f) => [f, params[f]] as const), ['csrf', csrf] as const]
    .filter(([, v]) => v !== undefined).map(([n, v]) => `<input type="hidden" name="${n}" value="${escapeHtml(v!)}">`).join('');
  const deny = `<button id="deny" class="secondary" type="submit" name="decision" value="deny">Deny</button>`;
  if (!workspaces.length) {
    return page('Connect an application', `<h1>No workspace to connect</h1><p class="note">You are not a member of any workspace yet. Create one, then connect the application again.</p>
<form method="post" action="/oauth/authorize">${hidden}${deny}</form>`);
  }
  const options = workspaces.map((w, i) => `<option value="${escapeHtml(w.slug)}"${i === 0 ? ' selected' : ''}>${escapeHtml(w.displayName)} (${escapeHtml(w.slug)})</option>`).join('');
  const boxes = request.offered.map((s) => `<label style="display:block;margin:0.3rem 0"><input type="checkbox" name="grant" value="${escapeHtml(s)}"${request.ticked.includes(s) ? ' checked' : ''}> ${scopeLabel(s)}</label>`).join('');
  return page('Connect an application', `<h1>Connect <span id="client-name">${escapeHtml(request.clientName)}</span>?</h1>
<p class="note">The application calls itself “${escapeHtml(request.clientName)}”; that name is its own claim. If you allow, you will be sent to <strong id="redirect-host">${escapeHtml(host)}</strong>, which may then use the MCP server with the permissions below until you disconnect it (Settings → Connected apps).</p>
<form method="post" action="/oauth/authorize">${hidden}
<p><label>Workspace <select name="workspace" id="workspace">${options}</select></label></p>
<fieldset id="scopes"><legend>Permissions</legend>${boxes}</fieldset>
<p><button id="allow" type="submit" name="decision" value="allow">Allow</button>${deny}</p>
</form>`);
}

export function oauthPageRoutes(app: FastifyInstance, deps: PageDeps) {
  const { authorize } = deps;
  const publicOrigin = new URL(deps.urls.issuer).origin;
  // Binds the form to the session that saw it and to the exact request: another site cannot post it.
  const csrfOf = (session: SessionPrincipal, r: AuthorizeRequest) =>
    hmacSha256Hex(deps.hashSecret, ['oauth-consent', session.sessionId, r.clientId, r.redirectUri, r.codeChallenge, r.state ?? '', r.resource, r.offered.join(' ')].join('\n'));

  async function sessionOf(request: FastifyRequest) {
    const cookie = request.cookies[SESSION_COOKIE];
    const unsigned = cookie ? request.unsignCookie(cookie) : null;
    return unsigned?.valid && unsigned.value ? deps.findSession(unsigned.value) : null;
  }

  const strings = (source: unknown) => {
    const out: Record<string, string | undefined> = {};
    for (const f of REQUEST_FIELDS) {
      const v = (source as Record<string, unknown> | undefined)?.[f];
      if (typeof v === 'string') out[f] = v;
    }
    return out;
  };

  app.get('/oauth/authorize', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'oauthAuthorize', tags, summary: 'Authorization endpoint: sign in, then the consent page',
      description: 'Query: `response_type=code`, `client_id`, `redirect_uri` (registered), `code_challenge` with `code_challenge_method=S256`, `state`, `resource` (this server\'s MCP URL; omitted means it), `scope` (API key scopes; others are ignored; none of ours or omitted means all). '
        + 'An unknown client or unregistered redirect URI answers an error page (never a redirect); other faults redirect back with `error` and `state`. Without a session: 303 to /signin, which returns here.',
      querystring: Type.Object({}, { additionalProperties: true }), produces: ['text/html'], response: { 200: PAGE, 303: { description: 'To sign in, or back to the client with an error' }, 400: PAGE },
    },
  }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const outcome = await authorize.check(query);
    if (outcome.kind === 'page') return errorPage(reply, outcome.error, outcome.description);
    if (outcome.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(outcome.location, 303);
    const session = await sessionOf(request);
    if (!session) return reply.header('cache-control', 'no-store').redirect(`/signin?next=${encodeURIComponent(request.url)}`, 303);
    const workspaces = await authorize.workspacesOf(session);
    return html(reply, 200, consentPage(outcome.request, workspaces, csrfOf(session, outcome.request), strings(query)), redirectOrigin(outcome.request.redirectUri));
  });

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, parseForm(body as string)));
    scope.post('/oauth/authorize', {
      config: { credential: ACCESS.public },
      schema: {
        operationId: 'oauthConsent', tags, summary: 'The consent form: Allow (a 60-second single-use code) or Deny, back to the client',
        description: 'Posted by the consent page only: its fields, `csrf` (bound to the session and the request), `decision` (`allow`|`deny`), `workspace` and the ticked `grant` scopes.',
        consumes: ['application/x-www-form-urlencoded'], produces: ['text/html'],
        body: Type.Object({}, { additionalProperties: true }),
        response: { 303: { description: 'Back to the client with `code` and `state`, or `error=access_denied`' }, 400: PAGE },
      },
    }, async (request, reply) => {
      const form = request.body as Record<string, unknown>;
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== publicOrigin) return errorPage(reply, 'csrf_rejected', 'This form was sent from another site.');
      const outcome = await authorize.check(form);
      if (outcome.kind === 'page') return errorPage(reply, outcome.error, outcome.description);
      if (outcome.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(outcome.location, 303);
      const session = await sessionOf(request);
      if (!session || typeof form.csrf !== 'string' || !safeEqual(form.csrf, csrfOf(session, outcome.request))) {
        return errorPage(reply, 'csrf_rejected', 'This consent page has expired or was not shown to you. Go back to the application and connect again.');
      }
      if (form.decision === 'deny') return reply.header('cache-control', 'no-store').redirect(authorize.deny(outcome.request), 303);
      if (form.decision !== 'allow') return errorPage(reply, 'invalid_request', 'Choose Allow or Deny.');
      const grant = form.grant === undefined ? [] : [form.grant].flat();
      try {
        const location = await authorize.approve(session, outcome.request, { workspace: typeof form.workspace === 'string' ? form.workspace : '', scopes: grant.filter((g): g is string => typeof g === 'string') });
        return reply.header('cache-control', 'no-store').redirect(location, 303);
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 400) return errorPage(reply, err.code, `${err.message} Go back and choose again.`);
        throw err;
      }
    });
  });
}
