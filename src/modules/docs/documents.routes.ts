import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/errors.ts';
import { ACCESS } from '../../lib/http/credentials.ts';
import { expected } from '../../lib/http/validation.ts';
import { ErrorBody } from '../../lib/http/responses.ts';

// The project's own documents (scoring, analysis, runs, API keys…) served as they are
// written: text/markdown, no rendering. Markdown is readable as text, every client and browser
// shows it, and serving it verbatim puts no HTML we did not write on our origin (docs/api.md,
// "Documents over HTTP"). The set is read once at start from docs/, so a name never reaches the
// file system.

export const DOCS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs');
const NAME = '^[a-z0-9-]{1,60}$';

/** name → {title, text} of every docs/*.md whose name is a plain slug. */
export function loadDocuments(dir = DOCS_DIR): Map<string, { title: string; text: string }> {
  const out = new Map<string, { title: string; text: string }>();
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return out; // an image built without docs/ serves an empty index, not a failure
  }
  for (const file of files.sort()) {
    const name = file.replace(/\.md$/, '');
    if (!file.endsWith('.md') || !new RegExp(NAME).test(name)) continue;
    const text = readFileSync(path.join(dir, file), 'utf8');
    out.set(name, { title: /^#[^\S\n\r\u2028\u2029]+(\S.*)$/m.exec(text)?.[1]?.trim() ?? name, text });
  }
  return out;
}

export const documentPath = (name: string) => `/api/v1/docs/${name}`;

export function documentsRoutes(app: FastifyInstance, documents = loadDocuments()) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['discovery'];

  r.get('/api/v1/docs', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'listDocuments', tags, summary: 'The service’s documents (scoring, analysis, runs…)',
      description: 'Each entry links to the markdown text of one document.',
      response: { 200: Type.Array(Type.Object({ name: Type.String(), title: Type.String(), url: Type.String() })) },
    },
  }, async () => [...documents].map(([name, doc]) => ({ name, title: doc.title, url: documentPath(name) })));

  r.get('/api/v1/docs/:name', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'getDocument', tags, summary: 'One document as markdown',
      description: 'Served verbatim as `text/markdown; charset=utf-8`. Unknown names answer 404 `not_found`.',
      params: Type.Object({ name: Type.String({ pattern: NAME, ...expected('a document name such as scoring') }) }),
      response: {
        200: { description: 'The markdown text', content: { 'text/markdown': { schema: Type.String() } } },
        404: { ...ErrorBody, description: 'not_found: no document of that name' },
      },
    },
  }, async (request, reply) => {
    const doc = documents.get(request.params.name);
    if (!doc) throw notFound(`Document "${request.params.name}"`);
    return reply.type('text/markdown; charset=utf-8').send(doc.text);
  });
}
