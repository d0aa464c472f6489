import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import { EXPORT_MEDIA, exportChunks } from '../../lib/export-stream.ts';
import { DetailResponse, ExportQuerySchema, ListQuerySchema, ListResponse, RecognitionQuery, RecognitionResponse } from './answers.schemas.ts';
import type { Recognition } from './recognition.ts';
import type { AnswersService } from './answers.service.ts';
import { ANSWER_COLUMNS, answerRows, ANSWERS_EXPORT_SCHEMA, EXPORT_BATCH } from './export.fns.ts';

const tags = ['answers'];

export function answersRoutes(app: FastifyInstance, deps: { answers: AnswersService; recognition: Recognition }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { answers, recognition } = deps;

  r.get('/api/v1/workspaces/:workspace/answers', {
    config: { credential: ACCESS.runs.read },
    schema: {
      operationId: 'listAnswers', tags, summary: 'What the engines said: stored answers, newest first, filtered and searched',
      description: 'Every answered call of the workspace’s runs, whole, newest first, a page at a time (`limit`, then `cursor` = the last page’s `nextCursor`). Filters combine (AND). `q` searches the answer text in the answer’s language with PostgreSQL text search (English, Spanish, Catalan and French stem; any other language matches whole words); `websearch_to_tsquery` syntax: words, "quoted phrases", OR, -word. Each answer carries its tracked names with UTF-16 offsets (`text.slice(start, end)` is what was matched), its sources (`cited: false` for retrieved and not cited), the fan-out queries, the tone toward the brand with its evidence, and the methodology stamp of its run and engine. An unknown filter value, a malformed cursor, `limit` over 100, `from` not before `to` or `q` over 10 KB answer 400 naming the field.',
      params: WorkspaceParams, querystring: ListQuerySchema, response: { 200: ListResponse },
    },
  }, async (request, reply) => {
    // Serialised by this route's schema once per kept page (answers.service.ts `listJson`).
    const json = await answers.listJson(workspaceOf(request), request.query, (page) => reply.serialize(page) as string);
    return reply.type('application/json; charset=utf-8').send(json as never);
  });

  r.get('/api/v1/workspaces/:workspace/answers/export', {
    config: { credential: ACCESS.runs.read },
    schema: {
      operationId: 'exportAnswers', tags, summary: 'Every answer the filters keep, as one NDJSON, CSV or Parquet file, streamed',
      description: `The list's filters (not its paging), the list's order (newest first) and one row per answer in the versioned schema \`${ANSWERS_EXPORT_SCHEMA}\` (docs/answers.md, "Export"; also the \`x-export-schema\` header and the Parquet file's \`schema\` metadata). Streamed: read ${EXPORT_BATCH.toLocaleString('en')} answers at a time and written before the next are read (a Parquet row group per batch), so an export of any size holds one batch in memory. Nested values (entities, mentions, citations, fan-out queries, sentiment evidence) are objects in NDJSON and JSON text in CSV and Parquet. A bad filter is a 400 naming it, before any byte is sent.`,
      params: WorkspaceParams, querystring: ExportQuerySchema,
      produces: Object.values(EXPORT_MEDIA),
      response: {
        200: {
          description: `The file, as an attachment named \`{workspace}-answers-{date}.{ndjson|csv|parquet}\``,
          content: {
            [EXPORT_MEDIA.ndjson]: { schema: { type: 'string' } }, [EXPORT_MEDIA.csv]: { schema: { type: 'string' } },
            [EXPORT_MEDIA.parquet]: { schema: { type: 'string', format: 'binary' } },
          },
        },
      },
    },
  }, async (request, reply) => {
    const ws = workspaceOf(request);
    const { format, ...filters } = request.query;
    const batches = await answers.exportBatches(ws, filters);
    const chunks = exportChunks(format, ANSWER_COLUMNS, answerRows(batches), { schema: ANSWERS_EXPORT_SCHEMA });
    return reply.type(EXPORT_MEDIA[format]).header('x-export-schema', ANSWERS_EXPORT_SCHEMA)
      .header('content-disposition', `attachment; filename="${ws.slug}-answers-${new Date().toISOString().slice(0, 10)}.${format}"`)
      .send(Readable.from(chunks, { objectMode: false }) as never);
  });

  r.get('/api/v1/workspaces/:workspace/answers/recognition', {
    config: { credential: ACCESS.runs.read },
    schema: {
      operationId: 'getBrandRecognition', tags, summary: 'Engines that do not know you: per engine, the answers saying it does not know the brand',
      description: 'Of the answers of the runs that succeeded in the window (by the run’s start, default the last 28 days), per engine: how many say the engine does not know the brand, cannot find it, or takes its name for something else (docs/analysis.md, "Answers that do not know the brand"), as a percent with its 95% Wilson interval. Those answers are not mentions and carry no sentiment; list them with `listAnswers?mentions=unknown`. Runs counted before this detection existed count 0 unknown. `from` not before `to` is a 400 naming `from`.',
      params: WorkspaceParams, querystring: RecognitionQuery, response: { 200: RecognitionResponse },
    },
  }, async (request) => recognition.get(workspaceOf(request), request.query));

  r.get('/api/v1/workspaces/:workspace/answers/:id', {
    config: { credential: ACCESS.runs.read },
    schema: {
      operationId: 'getAnswer', tags, summary: 'One answer, the one before it, and what changed',
      description: '`previous`: the same prompt’s answer on the same engine (and so the same surface) stored just before this one, or null. `changes`: tracked names that entered or left, cited domains gained or lost, and the brand’s tone before and after. Another workspace’s answer is 404.',
      params: workspaceParamsWith('id'), response: { 200: DetailResponse },
    },
  }, async (request) => answers.get(workspaceOf(request), request.params.id));
}
