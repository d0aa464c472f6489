import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import { Settings } from '../workspaces/workspaces.schemas.ts';
import { MAX_BMP_SIDE, MAX_ICO_ENTRIES, MAX_ICON_BYTES, MAX_ICON_PIXELS } from './icon.fns.ts';
import { DESIGN_MD_MAX, ICON_ATTEMPTS, type ProfileService } from './profile.service.ts';

const tags = ['profile'];

export async function profileRoutes(app: FastifyInstance, deps: { profile: ProfileService }) {
  const { profile } = deps;

  // Multipart only where the icon is uploaded, in a scope of its own.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_ICON_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 } });
    scope.addContentTypeParser('*', (_request, _payload, done) => done(invalid('Send the icon as multipart/form-data with one part named `file`.'), undefined));

    scope.put('/api/v1/workspaces/:workspace/profile/icon', {
      config: { credential: ACCESS.settings.write },
      schema: {
        operationId: 'uploadProfileIcon', tags, summary: 'Upload the workspace icon', params: WorkspaceParams, consumes: ['multipart/form-data'],
        description: `multipart/form-data with one part named \`file\`: a PNG, JPEG, WebP, GIF or ICO image up to ${MAX_ICON_BYTES} bytes and ${MAX_ICON_PIXELS} decoded pixels (413 \`payload_too_large\` beyond the bytes, 400 \`invalid_request\` for anything else, SVG included). The type is read from the bytes, never the file name. An ICO may list at most ${MAX_ICO_ENTRIES} images, none sharing bytes with another, BMP images at most ${MAX_BMP_SIDE}×${MAX_BMP_SIDE}; only the image used is decoded. Uploads and refreshes share a limit per workspace: ${ICON_ATTEMPTS.limit} per ${ICON_ATTEMPTS.windowMs / 60_000} minutes, then 429 \`rate_limited\` with Retry-After. It is stored as a 256×256 PNG served at \`GET …/profile/icon\`, whose address becomes \`brandMeta.faviconUrl\`. Answers the profile.`,
        response: { 200: Settings },
      },
    }, async (request) => {
      const ws = workspaceOf(request);
      let part;
      try {
        part = await request.file();
      } catch (err) {
        throw multipartError(err);
      }
      if (!part) throw invalid('The form has no file part; send the image in a part named `file`.');
      if (part.fieldname !== 'file') throw invalid(`The image must be in a part named \`file\` (got \`${part.fieldname}\`).`);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        throw multipartError(err);
      }
      return profile.uploadIcon(ws, bytes);
    });
  });

  app.get('/api/v1/workspaces/:workspace/profile/icon', {
    config: { credential: ACCESS.settings.read },
    schema: {
      operationId: 'getProfileIcon', tags, summary: 'The workspace icon (256×256 PNG)', params: WorkspaceParams,
      description: '404 `not_found` until an icon is uploaded or refreshed.',
      response: { 200: { description: 'image/png', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } } },
    },
  }, async (request, reply) => {
    const icon = await profile.getIcon(workspaceOf(request));
    return reply.type('image/png').header('cache-control', 'private, max-age=300').header('last-modified', icon.updatedAt.toUTCString()).send(icon.png);
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(['text/markdown', 'text/x-markdown'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post('/api/v1/workspaces/:workspace/profile/design/import', {
      config: { credential: ACCESS.settings.write },
      schema: {
        operationId: 'importProfileDesign', tags, summary: 'Import design markdown', params: WorkspaceParams,
        description: `A \`text/markdown\` body, or JSON \`{markdown}\`, up to ${DESIGN_MD_MAX} characters; it becomes \`designMd\`. Answers the profile.`,
        body: {
          content: {
            'application/json': { schema: Type.Object({ markdown: Type.String({ minLength: 1, maxLength: DESIGN_MD_MAX }) }, { additionalProperties: false }) },
            'text/markdown': { schema: Type.String({ minLength: 1, maxLength: DESIGN_MD_MAX }) },
          },
        },
        response: { 200: Settings },
      },
    }, async (request) => {
      const body = request.body as string | { markdown: string };
      return profile.importDesign(workspaceOf(request), typeof body === 'string' ? body : body.markdown);
    });
  });
}

function multipartError(err: unknown): Error {
  const e = err as { code?: string; message?: string };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('payload_too_large', `The icon is larger than ${MAX_ICON_BYTES} bytes.`);
  if (e.code?.startsWith('FST_')) return invalid(`Malformed upload: ${e.message}`);
  return err as Error;
}
