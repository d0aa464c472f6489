import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { newId } from '../lib/ids.ts';
import { AppError } from '../lib/errors.ts';
import { registerAuth } from '../lib/http/auth.ts';
import { applyRouteConventions } from '../lib/http/conventions.ts';
import { frameworkErrorReply, registerErrorHandling } from '../lib/http/error-handler.ts';
import { nulPath, validatorCompiler } from '../lib/http/validation.ts';
import { registerSecurityHeaders } from '../lib/http/security-headers.ts';
import { registerLogContext } from '../lib/http/log-context.ts';
import '../lib/http/types.ts';
import { registerOpenApi } from '../modules/docs/docs.routes.ts';
import type { EventHub } from '../modules/events/events.hub.ts';
import { devicePageRoutes } from '../web/device/device.page.ts';
import { checkoutPageRoutes } from '../web/checkout/checkout.page.ts';
import { dashboardRoutes } from '../web/dashboard/dashboard.page.ts';
import type { Services } from './services.ts';

export const BODY_LIMIT = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The time-driven tasks, callable one by one (tests drive them with their clock). */
    maintenance: Services['maintenance'];
    /** Domain events published after commits; alerts and outbound webhooks subscribe. */
    events: EventHub;
  }
}

/**
 * The second step of an API process (docs/architecture.md, "Startup"): the HTTP server over the
 * services: its conventions (envelope errors, validation, security headers, the OpenAPI
 * document), who is calling, every module's routes, and the dashboard's pages. It serves
 * nothing until the caller listens; closing it does not close the services.
 */
export async function registerHttp(services: Services): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    loggerInstance: services.log,
    genReqId: () => newId('req'),
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy ?? false,
    // Bad URLs and similar faults found before routing still answer in the envelope.
    frameworkErrors: frameworkErrorReply,
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  // JSON only: a text/plain body would otherwise reach the validators as a string.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);
  registerLogContext(app);
  registerSecurityHeaders(app);
  // No input may reach the database with a NUL character: refused up front, naming the field.
  app.addHook('preValidation', async (request) => {
    const where = nulPath(request.params, 'params') ?? nulPath(request.query, 'querystring') ?? nulPath(request.body, 'body');
    if (where) throw new AppError('invalid_request', `${where} must not contain the NUL character (U+0000)`);
  });
  applyRouteConventions(app);
  await registerOpenApi(app, { publicBaseUrl: config.publicBaseUrl });
  await app.register(cookie, { secret: config.secrets.sessionSecret });
  app.decorate('events', services.events);
  app.decorate('maintenance', services.maintenance);

  const { accounts, keys, workspaces, billing, mcpBearers } = services;
  registerAuth(app, {
    publicBaseUrl: config.publicBaseUrl,
    findSession: (token) => accounts.findSession(token),
    // An MCP request's inner calls for an OAuth token carry a relay, known only in this process (oauth.bearer.ts).
    verifyApiKey: async (secret, request) => mcpBearers.relayed(secret) ?? keys.verify(secret, request.ip),
    findWorkspace: (slug, principal) => workspaces.findForPrincipal(slug, principal),
  });
  for (const part of services.parts) await part.http?.(app);
  // The pages a browser opens: the dashboard, the CLI's device sign-in, the checkout.
  checkoutPageRoutes(app, { billing, mockEnabled: config.payments.mode === 'mock', webhookSecret: config.payments.webhookSecret });
  devicePageRoutes(app);
  dashboardRoutes(app, {
    sessionLanguage: async (token) => {
      const principal = await accounts.findSession(token);
      return principal ? (await accounts.currentUser(principal.userId)).language : undefined;
    },
  });
  return app;
}
