import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { pageLanguage } from '../../lib/http/page-language.ts';
import { isKey, t, type MessageKey } from '../../lib/messages/index.ts';
import type { Language } from '../../lib/format/format.ts';
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
  /** The dashboard language a person chose (null: their browser's). */
  languageOf(userId: string): Promise<Language | null>;
}

function html(reply: FastifyReply, status: number, body: string, formTarget?: string) {
  // CSP form-action also governs where the form's answer may redirect: the client's origin is added.
  const csp = formTarget ? PAGE_CSP.replace("form-action 'self'", `form-action 'self' ${formTarget}`) : PAGE_CSP;
  // same-origin, not no-referrer: with no-referrer Chromium posts the form with `Origin: null`, which
  // the consent check would refuse; the client's site still gets no Referer.
  return reply.status(status).header('content-security-policy', csp).header('x-frame-options', 'DENY').header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/** The visitor's language: theirs when signed in and chosen, else their browser's (lib/http/page-language.ts). */
type Say = (key: MessageKey, params?: Record<string, string>) => string;
const sayer = (lang: Language): Say => (key, params) => t(lang, key, params);

const errorPage = (reply: FastifyReply, lang: Language, error: string, description: string) => {
  const say = sayer(lang);
  return html(reply, 400, page(say('consent.cannot'), `<h1>${escapeHtml(say('consent.cannotHeading'))}</h1><p class="note" id="oauth-error" data-error="${escapeHtml(error)}">${escapeHtml(description)}</p>`, lang));
};

/**
 * A message with markup set in: the message (ours) escaped, then each parameter's markup (escaped
 * by the caller: what a client or an address supplied) put where the message names it.
 */
function marked(say: Say, key: MessageKey, markup: Record<string, string>) {
  const names = Object.keys(markup);
  const text = escapeHtml(say(key, Object.fromEntries(names.map((name, i) => [name, `\u0000${i}\u0000`]))));
  return text.replace(/\u0000(\d+)\u0000/g, (_, i: string) => markup[names[Number(i)]!]!);
}

// Each permission as the person granting it reads it (messages/access.*.ts): what the agent may
// see or do, never the scope's code. The codes stay in the form's values.
function scopeLabel(say: Say, scope: string) {
  const key = `scope.${scope}`;
  const words = isKey(key) ? say(key) : scope;
  const spends = SPENDING_SCOPES.includes(scope as never) ? ` — <strong>${escapeHtml(say('scope.spends'))}</strong>` : '';
  return `${escapeHtml(words)}${spends}`;
}

export function consentPage(request: AuthorizeRequest, workspaces: WorkspaceChoice[], csrf: string, params: Record<string, string | undefined>, lang: Language = 'en') {
  const say = sayer(lang);
  const host = new URL(request.redirectUri).host;
  const hidden = [...REQUEST_FIELDS.map((f) => [f, params[f]] as const), ['csrf', csrf] as const]
    .filter(([, v]) => v !== undefined).map(([n, v]) => `<input type="hidden" name="${n}" value="${escapeHtml(v!)}">`).join('');
  const deny = `<button id="deny" class="secondary" type="submit" name="decision" value="deny">${escapeHtml(say('consent.deny'))}</button>`;
  if (!workspaces.length) {
    return page(say('consent.title'), `<h1>${escapeHtml(say('consent.noWorkspace'))}</h1><p class="note">${escapeHtml(say('consent.noWorkspaceNote'))}</p>
<form method="post" action="/oauth/authorize">${hidden}${deny}</form>`, lang);
  }
  const options = workspaces.map((w, i) => `<option value="${escapeHtml(w.slug)}"${i === 0 ? ' selected' : ''}>${escapeHtml(w.displayName)} (${escapeHtml(w.slug)})</option>`).join('');
  const boxes = request.offered.map((s) => `<label style="display:block;margin:0.3rem 0"><input type="checkbox" name="grant" value="${escapeHtml(s)}"${request.ticked.includes(s) ? ' checked' : ''}> ${scopeLabel(say, s)}</label>`).join('');
  const client = `<span id="client-name">${escapeHtml(request.clientName)}</span>`;
  const note = marked(say, 'consent.note', { client: escapeHtml(request.clientName), host: `<strong id="redirect-host">${escapeHtml(host)}</strong>` });
  return page(say('consent.title'), `<h1>${marked(say, 'consent.heading', { client })}</h1>
<p class="note">${note}</p>
<form method="post" action="/oauth/authorize">${hidden}
<p><label>${escapeHtml(say('consent.workspace'))} <select name="workspace" id="workspace">${options}</select></label></p>
<fieldset id="scopes"><legend>${escapeHtml(say('consent.permissions'))}</legend>${boxes}</fieldset>
<p><button id="allow" type="submit" name="decision" value="allow">${escapeHtml(say('consent.allow'))}</button>${deny}</p>
</form>`, lang);
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

  const languageFor = async (request: FastifyRequest, session: SessionPrincipal | null) =>
    pageLanguage(session ? await deps.languageOf(session.userId) : null, request.headers['accept-language']);

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
    const session = await sessionOf(request);
    const lang = await languageFor(request, session);
    if (outcome.kind === 'page') return errorPage(reply, lang, outcome.error, t(lang, outcome.description));
    if (outcome.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(outcome.location, 303);
    if (!session) return reply.header('cache-control', 'no-store').redirect(`/signin?next=${encodeURIComponent(request.url)}`, 303);
    const workspaces = await authorize.workspacesOf(session);
    return html(reply, 200, consentPage(outcome.request, workspaces, csrfOf(session, outcome.request), strings(query), lang), redirectOrigin(outcome.request.redirectUri));
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
      const session = await sessionOf(request);
      const lang = await languageFor(request, session);
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== publicOrigin) return errorPage(reply, lang, 'csrf_rejected', t(lang, 'consent.otherSite'));
      const outcome = await authorize.check(form);
      if (outcome.kind === 'page') return errorPage(reply, lang, outcome.error, t(lang, outcome.description));
      if (outcome.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(outcome.location, 303);
      if (!session || typeof form.csrf !== 'string' || !safeEqual(form.csrf, csrfOf(session, outcome.request))) {
        return errorPage(reply, lang, 'csrf_rejected', t(lang, 'consent.expired'));
      }
      if (form.decision === 'deny') return reply.header('cache-control', 'no-store').redirect(authorize.deny(outcome.request), 303);
      if (form.decision !== 'allow') return errorPage(reply, lang, 'invalid_request', t(lang, 'consent.choose'));
      const grant = form.grant === undefined ? [] : [form.grant].flat();
      try {
        const location = await authorize.approve(session, outcome.request, { workspace: typeof form.workspace === 'string' ? form.workspace : '', scopes: grant.filter((g): g is string => typeof g === 'string') });
        return reply.header('cache-control', 'no-store').redirect(location, 303);
      } catch (err) {
        // The service names what to choose again (its details' message key): said in the visitor's language.
        const again = err instanceof AppError && err.statusCode === 400 ? err.details?.consent : undefined;
        if (err instanceof AppError && (again === 'consent.chooseWorkspace' || again === 'consent.chooseScopes')) return errorPage(reply, lang, err.code, t(lang, again));
        throw err;
      }
    });
  });
}
