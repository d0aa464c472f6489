import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { ErrorBody } from '../../lib/http/responses.ts';
import { AppError } from '../../lib/errors.ts';
import { SESSION_COOKIE } from '../../lib/http/auth.ts';
import { escapeHtml } from '../html.ts';
import { notFoundHtml } from '../../lib/http/error-handler.ts';

// The web dashboard (issue 16, docs/dashboard.md): server-rendered HTML shells whose client is
// plain ES modules (Preact + htm, uPlot for plots) served from this directory and from
// node_modules. No build step, no CDN: every byte comes from this server, under a strict CSP
// without inline scripts. Everything dynamic is the browser calling the JSON API with the
// session cookie.

export const DASHBOARD_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; font-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** Every client file under client/, by its path below /assets/dashboard/, read once at start. */
function clientFiles(dir = path.join(here, 'client'), prefix = ''): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) for (const [k, v] of clientFiles(full, `${prefix}${name}/`)) files.set(k, v);
    else if (TYPES[path.extname(name)] && !name.endsWith('.test.ts')) files.set(`${prefix}${name}`, readFileSync(full, 'utf8'));
  }
  return files;
}

/**
 * The npm libraries the browser loads. Preact's hooks import the bare name "preact", which a
 * browser cannot resolve without an import map (an inline script the CSP would have to allow):
 * that one specifier is rewritten to our own address instead.
 */
function vendorFiles(): Map<string, string> {
  const read = (spec: string) => readFileSync(require.resolve(spec), 'utf8');
  /** A file beside a package entry point (the packages' export maps hide their package.json). */
  const beside = (spec: string, file: string) => readFileSync(path.join(path.dirname(require.resolve(spec)), file), 'utf8');
  return new Map([
    ['preact.js', beside('preact', 'preact.mjs')],
    ['hooks.js', beside('preact/hooks', 'hooks.mjs').replaceAll(/from\s*"preact"/g, 'from"/assets/vendor/preact.js"')],
    ['htm.js', beside('htm', 'htm.mjs')],
    ['uplot.js', read('uplot/dist/uPlot.esm.js')],
    ['uplot.css', read('uplot/dist/uPlot.min.css')],
    // The shared formatter (src/lib/format/format.js) and the message catalogue it imports
    // (src/lib/messages: `t(locale, key, params)`, ICU through intl-messageformat), the same
    // modules the server and the CLI import, as one browser ES module (a browser loads neither
    // TypeScript nor bare package names).
    ['format.js', formatBundle()],
    // The shared Wilson interval (src/lib/stats/wilson.js): the one the API's proportions use.
    ['wilson.js', readFileSync(path.join(here, '../../lib/stats/wilson.js'), 'utf8')],
  ]);
}

/** format.js and the catalogue's `t`/`render`/`msg`, bundled by esbuild once per process (~0.1 MB minified). */
function formatBundle(): string {
  const lib = path.join(here, '../../lib');
  const out = buildSync({
    stdin: { contents: "export * from './format/format.js'; export { msg, render, renderMsg, t } from './messages/index.ts';", resolveDir: lib, loader: 'js' },
    bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, minify: true, legalComments: 'none',
  });
  return out.outputFiles[0]!.text;
}

/** The pages: name → title. `page` picks the client view; the workspace and id come from the URL. */
const PAGES = {
  signin: 'Sign in', signup: 'Create your account', agency: 'Workspaces', new: 'New workspace',
  overview: 'Overview', runs: 'Runs', run: 'Run detail', recs: 'Recommendations', chat: 'Chat', seo: 'SEO', traffic: 'AI traffic', settings: 'Settings',
  reports: 'Reports', research: 'Research', email: 'Email inbox', invite: 'Join a workspace', verify: 'Confirm your email',
} as const;
type PageName = keyof typeof PAGES;
/** The workspace sections under /w/:workspace/:section (the overview is /w/:workspace itself). */
const SECTIONS = ['runs', 'recs', 'chat', 'seo', 'traffic', 'settings', 'reports', 'research', 'email'] as const satisfies readonly PageName[];

export function shell(pageName: PageName, workspace = '', id = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="GEO visibility dashboard: how visible your brand is in AI answer engines, and what to do about it.">
<title>${escapeHtml(PAGES[pageName])} · GEO visibility</title>
<link rel="icon" href="/favicon.ico" type="image/png">
<link rel="stylesheet" href="/assets/vendor/uplot.css">
<link rel="stylesheet" href="/assets/dashboard/app.css">
<script type="module" src="/assets/dashboard/app.js"></script>
</head>
<body>
<div id="app" data-page="${pageName}" data-workspace="${escapeHtml(workspace)}" data-id="${escapeHtml(id)}"><main id="main"><h1>${escapeHtml(PAGES[pageName])}</h1><p>Loading…</p><noscript><p>The dashboard needs JavaScript. The JSON API at /api/v1 works without it.</p></noscript></main></div>
</body>
</html>`;
}

function secure(reply: FastifyReply) {
  return reply.header('content-security-policy', DASHBOARD_CSP).header('x-frame-options', 'DENY').header('referrer-policy', 'same-origin')
    .header('x-content-type-options', 'nosniff');
}

export interface DashboardDeps {
  /** Resolves a session token to its principal (the API's own lookup), null when unknown or expired. */
  findSession(token: string): Promise<unknown | null>;
}

export function dashboardRoutes(app: FastifyInstance, deps: DashboardDeps) {
  const client = clientFiles();
  const vendor = vendorFiles();
  const tags = ['pages'];
  // Described in OpenAPI like the other pages: an HTML body, or a 303 to sign in first.
  const PAGE = { 200: { description: 'The page (HTML)', content: { 'text/html': { schema: { type: 'string' } } } } };
  const SIGNED_IN_PAGE = { ...PAGE, 303: { description: 'No session: redirect to `/signin?next=…`', type: 'null' } };
  const ASSET = {
    200: { description: 'The file', content: { 'text/javascript': { schema: { type: 'string' } }, 'text/css': { schema: { type: 'string' } } } },
    404: { ...ErrorBody, description: 'not_found: no such dashboard file' },
  };
  const hasSession = async (request: FastifyRequest) => {
    const raw = request.cookies[SESSION_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    return Boolean(unsigned?.valid && unsigned.value && (await deps.findSession(unsigned.value)));
  };
  const html = (reply: FastifyReply, body: string) => secure(reply).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  // Decisions "Dashboard": `/` is the sign-in page without a session, the agency overview with one.
  app.get('/', {
    config: { credential: ACCESS.public },
    schema: { operationId: 'dashboardHome', tags, summary: 'Web dashboard: sign-in page without a session, the agency overview with one', produces: ['text/html'], response: PAGE },
  }, async (request, reply) => html(reply, shell((await hasSession(request)) ? 'agency' : 'signin')));

  // Pages outside a workspace: sign-in and sign-up, and the two that mailed links open
  // (`/invite#token=…`, `/verify-email#token=…`: the token rides in the fragment, which no server
  // sees; each page asks for a session itself where it needs one and keeps the token through sign-in).
  for (const [url, name] of [['/signin', 'signin'], ['/signup', 'signup'], ['/invite', 'invite'], ['/verify-email', 'verify']] as const) {
    app.get(url, {
      config: { credential: ACCESS.public },
      schema: { operationId: `dashboard${name[0]!.toUpperCase()}${name.slice(1)}`, tags, summary: `Web dashboard: ${PAGES[name].toLowerCase()} page`, produces: ['text/html'], response: PAGE },
    }, async (_request, reply) => html(reply, shell(name)));
  }

  // Pages behind a session send a visitor without one to sign in, and back here afterwards.
  const signedIn = async (request: FastifyRequest, reply: FastifyReply, body: () => string) => {
    if (await hasSession(request)) return html(reply, body());
    return secure(reply).redirect(`/signin?next=${encodeURIComponent(request.url)}`, 303);
  };
  app.get('/new', {
    config: { credential: ACCESS.public },
    schema: { operationId: 'dashboardNewWorkspace', tags, summary: 'Web dashboard: create a workspace', produces: ['text/html'], response: SIGNED_IN_PAGE },
  }, (request, reply) => signedIn(request, reply, () => shell('new')));

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
  }, (request, reply) => signedIn(request, reply, () => shell('overview', (request.params as { workspace: string }).workspace)));
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
    return signedIn(request, reply, () => shell(section, workspace));
  });
  app.get('/w/:workspace/runs/:id', {
    config: { credential: ACCESS.public },
    schema: { operationId: 'dashboardRun', tags, summary: 'Web dashboard: run detail', params: Type.Object({ workspace: Slug, id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,80}$' }) }), produces: ['text/html'], response: SIGNED_IN_PAGE },
  }, (request, reply) => {
    const { workspace, id } = request.params as { workspace: string; id: string };
    return signedIn(request, reply, () => shell('run', workspace, id));
  });

  // Static files from fixed maps: nothing outside them is readable through these routes.
  const File = Type.Object({ file: Type.String({ pattern: '^[a-z0-9-]+\\.(js|css)$' }) });
  for (const [url, files, dir, operationId] of [
    ['/assets/dashboard/:file', client, '', 'dashboardAsset'],
    ['/assets/dashboard/pages/:file', client, 'pages/', 'dashboardPageAsset'],
    ['/assets/vendor/:file', vendor, '', 'dashboardVendorAsset'],
  ] as const) {
    app.get(url, {
      config: { credential: ACCESS.public },
      schema: { operationId, tags, summary: 'Web dashboard: a script or style sheet', params: File, produces: ['text/javascript', 'text/css'], response: ASSET },
    }, async (request, reply) => {
      const name = `${dir}${(request.params as { file: string }).file}`;
      const body = files.get(name);
      if (body === undefined) throw new AppError('not_found', `No dashboard file ${name}.`);
      return secure(reply).header('cache-control', 'no-cache').type(TYPES[path.extname(name)] ?? 'text/plain; charset=utf-8').send(body);
    });
  }
}
