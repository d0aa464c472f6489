import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { StringEnum } from '../../lib/http/schema-helpers.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import { REPORT_TYPES } from './reports.fns.ts';
import type { ReportsService } from './reports.service.ts';

const tags = ['reports'];
const ReportItem = Type.Object({
  id: Type.String(), type: Type.String(), title: Type.String(), trigger: Type.String({ description: '`run` or `weekly`' }), runId: Type.Union([Type.String(), Type.Null()]),
  periodFrom: Type.String(), periodTo: Type.String(),
  simulated: Type.Boolean({ description: 'True when any answer of the period came from a simulated engine.' }), simulatedEngines: Type.Array(Type.String()), createdAt: Type.String(),
});

export function reportsRoutes(app: FastifyInstance, deps: { reports: ReportsService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { reports } = deps;

  r.get('/api/v1/workspaces/:workspace/reports/catalog', {
    config: { credential: ACCESS.reports.read },
    schema: {
      operationId: 'getReportCatalog', tags, summary: 'The report types the service makes', params: WorkspaceParams,
      response: { 200: Type.Array(Type.Object({ type: Type.String(), title: Type.String(), description: Type.String(), formats: Type.Array(Type.String()), available: Type.Boolean(), reason: Type.Optional(Type.String()), schedule: Type.String() })) },
    },
  }, async () => reports.catalog());

  r.get('/api/v1/workspaces/:workspace/reports', {
    config: { credential: ACCESS.reports.read },
    schema: {
      operationId: 'listReports', tags, summary: 'Reports made for the workspace, newest first', params: WorkspaceParams,
      description: 'Made by the service after each succeeded run (the 30 days ending that day) and weekly (Monday to Sunday); there is no public write route.',
      querystring: Type.Object({ type: Type.Optional(StringEnum(REPORT_TYPES)), limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }) }, { additionalProperties: false }),
      response: { 200: Type.Array(ReportItem) },
    },
  }, async (request) => reports.list(workspaceOf(request), request.query));

  r.get('/api/v1/workspaces/:workspace/reports/:id', {
    config: { credential: ACCESS.reports.read },
    schema: {
      operationId: 'getReport', tags, summary: 'One report as JSON, CSV, printable HTML or PDF', params: workspaceParamsWith('id'),
      description: 'Every figure carries its sample size `n` and 95% interval (or a note saying why it has none); data from simulated engines is labelled on every page. `pdf` is rendered by Chromium from the HTML (503 `pdf_unavailable` without it).',
      querystring: Type.Object({ format: StringEnum(['json', 'csv', 'html', 'pdf'] as const, { default: 'json' }) }, { additionalProperties: false }),
      response: {
        200: {
          description: 'The report in the requested format',
          content: {
            'application/json': { schema: Type.Object({}, { additionalProperties: true }) },
            'text/csv': { schema: { type: 'string' } }, 'text/html': { schema: { type: 'string' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } },
          },
        },
      },
    },
  }, async (request, reply) => {
    const out = await reports.read(workspaceOf(request), request.params.id, request.query.format);
    if ('filename' in out && out.filename) reply.header('content-disposition', `attachment; filename="${out.filename}"`);
    if (out.type.startsWith('text/html')) reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    return reply.type(out.type).send(out.body);
  });
}
