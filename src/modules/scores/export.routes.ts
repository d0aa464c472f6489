import { Readable } from 'node:stream';
import { and, asc, eq, gt, gte, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { invalid } from '../../lib/errors.ts';
import { EXPORT_MEDIA, exportChunks, type ExportRow } from '../../lib/export-stream.ts';
import { ACCESS } from '../../lib/http/credentials.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { StringEnum } from '../../lib/http/schema-helpers.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { engineAndSurface, METRIC_COLUMNS, METRICS_BATCH, METRICS_EXPORT_SCHEMA, metricRows } from './export.fns.ts';
import { scoreSnapshots } from './scores.tables.ts';
import type { Stamps } from './stamps.ts';

// GET …/metrics/export: the daily snapshots of [from, to] as tidy rows (export.fns.ts), read in
// keyset batches of (day, engine) and streamed, CSV or Parquet from the same rows.

const ExportQuery = Type.Object({
  format: StringEnum(['csv', 'parquet'] as const, { default: 'csv', description: '`csv` (RFC 4180) or `parquet`: the same rows' }),
  from: Type.Optional(Type.String({ format: 'date', description: 'First day, inclusive (default: the first day measured)' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'Last day, inclusive (default: today, UTC)' })),
}, { additionalProperties: false });

export function createMetricsExport(deps: { db: Db; clock: Clock; stamps: Pick<Stamps, 'ofDay'> }) {
  return {
    /** The rows of every snapshot of the range, a batch of snapshots at a time, and the range's last day (today by default); from after to is a 400 naming `from`. */
    batches(ws: WorkspaceContext, range: { from?: string; to?: string }, batchSize = METRICS_BATCH) {
      const to = range.to ?? deps.clock.now().toISOString().slice(0, 10);
      if (range.from && range.from > to) throw invalid('from must be on or before to.', { field: 'from' });
      const rows = (async function* (): AsyncGenerator<ExportRow[]> {
        let after: { day: string; engine: string } | null = null;
        for (;;) {
          const page: Array<typeof scoreSnapshots.$inferSelect> = await deps.db.select().from(scoreSnapshots).where(and(
            eq(scoreSnapshots.workspaceId, ws.id), lte(scoreSnapshots.day, to), ...(range.from ? [gte(scoreSnapshots.day, range.from)] : []),
            ...(after ? [or(gt(scoreSnapshots.day, after.day), and(eq(scoreSnapshots.day, after.day), gt(scoreSnapshots.engine, after.engine)))] : []),
          )).orderBy(asc(scoreSnapshots.day), asc(scoreSnapshots.engine)).limit(batchSize);
          if (!page.length) return;
          const rows: ExportRow[] = [];
          // Each day's stamp is memoised by the run of its snapshot (stamps.ts): a second export of
          // a long range, or the dashboard's, makes none again.
          for (const s of page) {
            const { engine, surface } = engineAndSurface(s.engine);
            const stamp = await deps.stamps.ofDay(ws, s.day, { engine: engine === 'composite' ? undefined : engine, surface: surface && engine === 'composite' ? surface : undefined, metricVersion: s.metricVersion, newestRun: s.runId });
            rows.push(...metricRows({ day: s.day, engine: s.engine, data: s.data, answers: s.answers, simulatedAnswers: s.simulatedAnswers, metricVersion: s.metricVersion }, stamp.grade));
          }
          yield rows;
          if (page.length < batchSize) return;
          const last = page.at(-1)!;
          after = { day: last.day, engine: last.engine };
        }
      })();
      return { to, rows };
    },
  };
}
export type MetricsExport = ReturnType<typeof createMetricsExport>;

export function metricsExportRoutes(app: FastifyInstance, deps: { exporter: MetricsExport }) {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/v1/workspaces/:workspace/metrics/export', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'exportMetrics', tags: ['scores'], summary: 'The daily figures in long form, one row per day, engine, surface, entity and metric: CSV or Parquet, streamed',
      description: `Schema \`${METRICS_EXPORT_SCHEMA}\` (docs/scoring.md, "Export"; also the \`x-export-schema\` header and the Parquet file's \`schema\` metadata): columns ${METRIC_COLUMNS.map((c) => `\`${c.name}\``).join(', ')}. Every day measured in [from, to] (inclusive), every engine and the composites, the brand's score, components, mention and citation rates, and each entity's scoreboard figures. CSV and Parquet carry the same rows. \`from\` after \`to\` is a 400 naming \`from\`.`,
      params: WorkspaceParams, querystring: ExportQuery, produces: [EXPORT_MEDIA.csv, EXPORT_MEDIA.parquet],
      response: {
        200: {
          description: 'The file, as an attachment named `{workspace}-metrics-{from}-{to}.{csv|parquet}`',
          content: { [EXPORT_MEDIA.csv]: { schema: { type: 'string' } }, [EXPORT_MEDIA.parquet]: { schema: { type: 'string', format: 'binary' } } },
        },
      },
    },
  }, async (request, reply) => {
    const ws = workspaceOf(request);
    const { format, from, to } = request.query;
    const batches = deps.exporter.batches(ws, { from, to });
    const chunks = exportChunks(format, METRIC_COLUMNS, batches.rows, { schema: METRICS_EXPORT_SCHEMA });
    return reply.type(EXPORT_MEDIA[format]).header('x-export-schema', METRICS_EXPORT_SCHEMA)
      .header('content-disposition', `attachment; filename="${ws.slug}-metrics-${from ?? 'start'}-${batches.to}.${format}"`)
      .send(Readable.from(chunks, { objectMode: false }) as never);
  });
}
