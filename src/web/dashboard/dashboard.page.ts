import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { ErrorBody } from '../../lib/http/responses.ts';
import { AppError } from '../../lib/errors.ts';
import { SESSION_COOKIE } from '../../lib/http/auth.ts';
import { escapeHtml } from '../../lib/http/html.ts';
import { notFoundHtml } from '../../lib/http/error-handler.ts';
import { dashboardBundle } from './bundle.ts';
import { pageTitle, SECTIONS, type PageName } from './pages.ts';
import { pageLanguage } from '../../lib/http/page-language.ts';
import { t } from '../../lib/messages/index.ts';
import type { Language } from '../../lib/format/format.ts';

// The web dashboard (docs/dashboard.md): server-rendered HTML shells whose client (Preact + htm,
// uPlot for plots, sources in client/) is one script and one style sheet bundled by esbuild
// (bundle.ts). No CDN: every byte comes from this server, under a strict CSP without inline
// scripts. Everything dynamic is the browser calling the JSON API with the session cookie.

export const DASHBOARD_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; font-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const here = path.dirname(fileURLToPath(import.meta.url));
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

export function shell(pageName: PageName, lang: Language = 'en', workspace = '', id = ''): string {
  const title = escapeHtml(pageTitle(lang, pageName));
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="${escapeHtml(t(lang, 'dashboard.shell.description'))}">
<title>${title} · GEO visibility</title>
<link rel="icon" href="/favicon.ico" type="image/png">
<link rel="stylesheet" href="/assets/dashboard/app.css">
<script type="module" src="/assets/dashboard/app.js"></script>
</head>
<body>
<div id="app" data-page="${pageName}" data-workspace="${escapeHtml(workspace)}" data-id="${escapeHtml(id)}"><main id="main"><h1>${title}</h1><p>${escapeHtml(t(lang, 'dashboard.shell.loading'))}</p><noscript><p>${escapeHtml(t(lang, 'dashboard.shell.noscript'))}</p></noscript></main></div>
</body>
</html>`;
}

function secure(reply: FastifyReply) {
  return reply.header('content-security-policy', DASHBOARD_CSP).header('x-frame-options', 'DENY').header('referrer-policy', 'same-origin')
    .header('x-content-type-options', 'nosniff');
}

export interface DashboardDeps {
  /** Resolves a session token to its person's chosen language (null: none chosen), or undefined when the session is unknown or expired. */
  sessionLanguage(token: string): Promise<Language | null | undefined>;
}

export function dashboardRoutes(app: FastifyInstance, deps: DashboardDeps) {
  const bundle = dashboardBundle();
  const tags = ['pages'];
  // Described in OpenAPI like the other pages: an HTML body, or a 303 to sign in first.
  const PAGE = { 200: { description: 'The page (HTML)', content: { 'text/html': { schema: { type: 'string' } } } } };
  const SIGNED_IN_PAGE = { ...PAGE, 303: { description: 'No session: redirect to `/signin?next=…`', type: 'null' } };
  const ASSET = {
    200: { description: 'The file', content: { 'text/javascript': { schema: { type: 'string' } }, 'text/css': { schema: { type: 'string' } } } },
    404: { ...ErrorBody, description: 'not_found: no such dashboard file' },
  };
  // A page speaks the signed-in person's language, else the browser's (lib/http/page-language.ts).
  const visitor = async (request: FastifyRequest): Promise<{ signedIn: boolean; lang: Language }> => {
    const raw = request.cookies[SESSION_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    const chosen = unsigned?.valid && unsigned.value ? await deps.sessionLanguage(unsigned.value) : undefined;
    return { signedIn: chosen !== undefined, lang: pageLanguage(chosen, request.headers['accept-language']) };
  };
  const html = (reply: FastifyReply, body: string) => secure(reply).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  // Decisions "Dashboard": `/` is the sign-in page without a session, the agency overview with one.
  app.get('/', {
    config: { credential: ACCESS.public },
    schema: { operationId: 'dashboardHome', tags, summary: 'Web dashboard: sign-in page without a session, the agency overview with one', produces: ['text/html'], response: PAGE },
  }, async (request, reply) => {
    const { signedIn, lang } = await visitor(request);
    return html(reply, shell(signedIn ? 'agency' : 'signin', lang));
  });

  // Pages outside a workspace: sign-in and sign-up, and the two that mailed links open
  // (`/invite#token=…`, `/verify-email#token=…`: the token rides in the fragment, which no server
  // sees; each page asks for a session itself where it needs one and keeps the token through sign-in).
  for (const [url, name] of [['/signin', 'signin'], ['/signup', 'signup'], ['/invite', 'invite'], ['/verify-email', 'verify']] as const) {
    app.get(url, {
      config: { credential: ACCESS.public },
      schema: { operationId: `dashboard${name[0]!.toUpperCase()}${name.slice(1)}`, tags, summary: `Web dashboard: ${pageTitle('en', name).toLowerCase()} page`, produces: ['text/html'], response: PAGE },
    }, async (request, reply) => html(reply, shell(name, (await visitor(request)).lang)));
  }

  // Pages behind a session send a visitor without one to sign in, and back here afterwards.
  const signedIn = async (request: FastifyRequest, reply: FastifyReply, body: (lang: Language) => string) => {
    const { signedIn: known, lang } = await visitor(request);
    if (known) return html(reply, body(lang));
    return secure(reply).redirect(`/signin?next=${encodeURIComponent(request.url)}`, 303);
  };
  app.get('/new', {
    config: { credential: ACCESS.public },
    schema: { operationId: 'dashboardNewWorkspace', tags, summary: 'Web dashboard: create a workspace', produces: ['text/html'], response: SIGNED_IN_PAGE },
  }, (request, reply) => signedIn(request, reply, (lang) => shell('new', lang)));

  const Slug = Type.String({ pattern: '^[a-z0-9-]+$', maxLength: 60 });
  const NOT_FOUND_PAGE = { 404: { description: 'No such dashboard page (HTML)', content: { 'text/html': { schema: { type: 'string' } } } } };

  // The dashboard's icon, drawn once from client/favicon.svg (browsers ask for /favicon.ico).
  let icon: Promise<Buffer> | undefined;
  app.get('/favicon.ico', {
    config: { credential: ACCESS.public },
    schema: { operationId: 'dashboardFavicon', tags, summary: 'The dashboard icon (PNG)', produces: ['image/png'], response: { 200: { description: 'A 64×64 PNG', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } } } },
  }, async (_request, reply) => {
    icon ??= import('sharp').then(({ default: sharp }) => sharp(Buffer.from(readFileSync(path.join(here, 'client', 'favicon.svg')))).resize(64, 64).png().toBuffer());
    return reply.header('cache-control', 'public, max-age=86400').type('image/png').send(await icon);
  });
  app.get('/w/:workspace', {
    config: { credential: ACCESS.public },
    schema: { operationId: 'dashboardWorkspace', tags, summary: 'Web dashboard: workspace overview', params: Type.Object({ workspace: Slug }), produces: ['text/html'], response: SIGNED_IN_PAGE },
  }, (request, reply) => signedIn(request, reply, (lang) => shell('overview', lang, (request.params as { workspace: string }).workspace)));
  app.get('/w/:workspace/:section', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'dashboardSection', tags, summary: 'Web dashboard: a workspace section', produces: ['text/html'], response: { ...SIGNED_IN_PAGE, ...NOT_FOUND_PAGE },
      description: `Sections: ${SECTIONS.join(', ')}. Any other section is the HTML "page not found" (404), as is any unknown dashboard address.`,
      params: Type.Object({ workspace: Slug, section: Type.String({ maxLength: 60 }) }),
    },
  }, (request, reply) => {
    const { workspace, section } = request.params as { workspace: string; section: PageName };
    if (!(SECTIONS as readonly string[]).includes(section)) return notFoundHtml(reply);
    return signedIn(request, reply, (lang) => shell(section, lang, workspace));
  });
  app.get('/w/:workspace/runs/:id', {
    config: { credential: ACCESS.public },
    schema: { operationId: 'dashboardRun', tags, summary: 'Web dashboard: run detail', params: Type.Object({ workspace: Slug, id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,80}$' }) }), produces: ['text/html'], response: SIGNED_IN_PAGE },
  }, (request, reply) => {
    const { workspace, id } = request.params as { workspace: string; id: string };
    return signedIn(request, reply, (lang) => shell('run', lang, workspace, id));
  });

  // The bundle's two files only: nothing else is readable through this route.
  const File = Type.Object({ file: Type.String({ pattern: '^[a-z0-9-]+\\.(js|css)$' }) });
  app.get('/assets/dashboard/:file', {
    config: { credential: ACCESS.public },
    schema: { operationId: 'dashboardAsset', tags, summary: 'Web dashboard: its script or style sheet', params: File, produces: ['text/javascript', 'text/css'], response: ASSET },
  }, async (request, reply) => {
    const name = (request.params as { file: string }).file;
    const body = (await bundle.load()).get(name);
    if (body === undefined) throw new AppError('not_found', `No dashboard file ${name}.`);
    return secure(reply).header('cache-control', 'no-cache').type(TYPES[path.extname(name)] ?? 'text/plain; charset=utf-8').send(body);
  });
}
