import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { documentPath, documentsRoutes, loadDocuments } from './documents.routes.ts';

export const API_VERSION = '1.0.0';
export const DOCS_CSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Registered before every other route: @fastify/swagger collects routes as they are added. */
export async function registerOpenApi(app: FastifyInstance, deps: { publicBaseUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'GEO visibility service',
        version: API_VERSION,
        // No open-source licence is granted (package.json is private, the repository has no LICENSE).
        license: { name: 'Proprietary: all rights reserved' },
        description:
          'Measures how visible a brand is in AI answer engines and AI search. Every operation names its credential in ' +
          '`x-credential`: `public`, `session` (browser session only) or a scope (a session, or an API key holding that scope). ' +
          'Errors share one envelope: `{error: {code, message, requestId}}`.\n\n' +
          // The /docs page shows this text: it links the service's own documents, so a reader finds them from there.
          `Documents (markdown): ${[...loadDocuments()].map(([name, d]) => `[${d.title}](${documentPath(name)})`).join(' · ')} — index at [/api/v1/docs](/api/v1/docs).`,
      },
      servers: [{ url: deps.publicBaseUrl }],
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'geo.session', description: 'Browser session (signed, HttpOnly).' },
          apiKey: { type: 'http', scheme: 'bearer', description: 'Workspace-bound API key `gp_live_…`; the listed scopes are required.' },
        },
      },
    },
  });
}

export async function docsRoutes(app: FastifyInstance) {
  app.get('/api/v1/openapi.json', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'getOpenApi', tags: ['discovery'], summary: 'This OpenAPI 3.1 description',
      response: { 200: Type.Object({}, { additionalProperties: true }) },
    },
  }, async () => app.swagger());

  documentsRoutes(app);
  // Swagger UI loads its scripts from files (no inline script) but sets inline styles; it may not
  // be framed (clickjacking). Its own onSend sets this on the page and its static files.
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: DOCS_CSP });
}
