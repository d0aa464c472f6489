import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { Timestamp } from '../../lib/http/schema-helpers.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import type { DesignService } from './design.service.ts';

// Registered by profile.module.ts with the safe fetcher (see the module's design.service.ts).

const tags = ['profile'];
const DesignResponse = Type.Object({
  ok: Type.Boolean({ description: 'False when the site could not be read (or, for icon refresh, offered no usable icon); the stored values are returned.' }),
  extractionRan: Type.Boolean(),
  designMd: Type.String(), updatedAt: Timestamp,
  brandColors: Type.Object({ primary: Type.String(), secondary: Type.String(), accent: Type.String(), background: Type.String(), text: Type.String() }),
  brandMeta: Type.Object({ faviconUrl: Type.String(), logoUrl: Type.String(), fontNames: Type.Array(Type.String()) }),
  about: Type.String(),
}, { description: 'Design extraction and icon refresh response (spec 2.7); a value not found is the empty string.' });

export function designRoutes(app: FastifyInstance, deps: { design: DesignService }) {
  app.post('/api/v1/workspaces/:workspace/profile/design/extract', {
    config: { credential: ACCESS.settings.write },
    schema: {
      operationId: 'extractProfileDesign', tags, summary: 'Extract the brand design from the workspace site', params: WorkspaceParams,
      description: 'Reads the first domain (HTTPS, else HTTP) and its stylesheets through the safe fetcher: colours (theme-color, custom properties, most used colours; rule in docs/design-extraction.md), fonts, logo, about, the site icon (as icon refresh picks it, stored as brandMeta.faviconUrl; kept when none is usable) and a designMd summary, all stored on the profile.',
      response: { 200: DesignResponse },
    },
  }, async (request) => deps.design.extract(workspaceOf(request)));

  app.post('/api/v1/workspaces/:workspace/profile/icon/refresh', {
    config: { credential: ACCESS.settings.write },
    schema: {
      operationId: 'refreshProfileIcon', tags, summary: 'Take the icon from the workspace site', params: WorkspaceParams,
      description: 'The best of apple-touch-icon, icon links, the web manifest and /favicon.ico, processed as an upload (256×256 PNG, same checks) and set as brandMeta.faviconUrl. Uploads and refreshes share a limit per workspace: 30 per 10 minutes, then 429 `rate_limited` with Retry-After (docs/profile.md).',
      response: { 200: DesignResponse },
    },
  }, async (request) => deps.design.refreshIcon(workspaceOf(request)));
}
