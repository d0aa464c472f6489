import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { AppError } from '../../lib/errors.ts';
import { actorOf, workspaceOf } from '../../lib/http/responses.ts';
import { Closed, PlainText, StringEnum } from '../../lib/http/schema-helpers.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import { ENGINE_IDS } from '../engines/catalogue.ts';
import { LANGUAGES } from '../../lib/format/format.ts';
import { REPORT_TYPES } from './reports.fns.ts';
import { MAX_PERIOD_DAYS, type ReportsService } from './reports.service.ts';
import { sendReport } from './reports.reply.ts';
import { LOGO_MAX_CHARS, LOGO_MAX_SIDE, LOGO_PATTERN, SETTING_FIELDS } from './settings.fns.ts';

const tags = ['reports'];
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const ReportItem = Type.Object({
  id: Type.String(), type: Type.String(), title: Type.String(), trigger: Type.String({ description: '`run`, `weekly`, `on_demand` or `scheduled` (made for a scheduled delivery, `…/reports/delivery`)' }), runId: Nullable(Type.String()),
  status: Type.String({ description: '`queued`, `running`, `ready` or `failed`; reports the service makes are `ready` at once.' }),
  periodFrom: Type.String(), periodTo: Type.String(), language: Type.String(), engines: Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'The engines asked for; null: all.' }),
  simulated: Type.Boolean({ description: 'True when any answer of the period came from a simulated engine.' }), simulatedEngines: Type.Array(Type.String()), createdAt: Type.String(),
  finishedAt: Nullable(Type.String()), error: Nullable(Type.String()),
});
const Day = Type.String({ format: 'date', description: 'A calendar day, YYYY-MM-DD.' });
const Language = StringEnum(LANGUAGES);
const Settings = Type.Object({
  // One line like every other name: a CR/LF here reached the cover, the footer and the
  // text of scheduled report mail.
  agencyName: Type.Union([PlainText({ minLength: 1, maxLength: 80 }), Type.Null()], { description: 'The agency named on the cover and in the footer, without control characters; null: none.' }),
  agencyLogo: Type.Union([Type.String({ maxLength: LOGO_MAX_CHARS, pattern: LOGO_PATTERN, description: `A PNG or JPEG as a data: URI, at most 256 KB and ${LOGO_MAX_SIDE} pixels a side (400 \`invalid_request\` naming \`body.agencyLogo\` and its size beyond).` }), Type.Null()]),
  agencyColor: Type.Union([Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: 'The reports\' accent colour as #rrggbb (headings, the score chart, the cover\'s rule), dark enough to read on white (contrast at least 3:1, else 400 naming `body.agencyColor`); stored lowercase.' }), Type.Null()], { description: 'null: the client brand\'s colour.' }),
  whiteLabel: Type.Boolean({ description: 'True: no product name anywhere in the report.' }),
  timeZone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone the report’s times read in.' }),
  language: Language,
});
const SettingsView = Type.Object({
  ...Settings.properties,
  inherited: Type.Array(StringEnum(SETTING_FIELDS), { description: 'The fields this workspace does not set: they come from the agency settings of the person who created it (`GET /api/v1/account/agency`), else the defaults (UTC, the workspace’s own language, no agency).' }),
});
const SettingsBody = Closed({
  agencyName: Type.Optional(Settings.properties.agencyName), agencyLogo: Type.Optional(Settings.properties.agencyLogo),
  agencyColor: Type.Optional(Settings.properties.agencyColor), whiteLabel: Type.Optional(Type.Boolean()),
  timeZone: Type.Optional(Settings.properties.timeZone), language: Type.Optional(Language),
});


/** The signed-in person (the account routes are session-only). */
function userOf(request: FastifyRequest): string {
  if (request.principal?.kind !== 'session') throw new AppError('session_required', 'Agency settings belong to a person: sign in.');
  return request.principal.userId;
}

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

  r.post('/api/v1/workspaces/:workspace/reports', {
    config: { credential: ACCESS.reports.write },
    schema: {
      operationId: 'createReport', tags, summary: 'Make a report now (a job)', params: WorkspaceParams,
      description: `Answers 202 with the report \`queued\`; a job builds its data once (the same service calls as the score, scoreboard and time-series routes) and its PDF, and \`GET …/reports/{id}\` shows its status, then every format. \`from\`/\`to\` default to the 30 days ending today; \`from\` after \`to\` or a period over ${MAX_PERIOD_DAYS} days is 400 naming the field. \`engines\` limits the per-engine lines and tables (the headline stays all engines). The same \`idempotencyKey\` returns the same report. Reports cost no credits.`,
      body: Closed({
        type: StringEnum(REPORT_TYPES), from: Type.Optional(Day), to: Type.Optional(Day),
        engines: Type.Optional(Type.Array(StringEnum(ENGINE_IDS), { minItems: 1, maxItems: ENGINE_IDS.length, uniqueItems: true })),
        language: Type.Optional(Language), idempotencyKey: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      }),
      response: { 202: ReportItem },
    },
  }, async (request, reply) => reply.status(202).send(await reports.create(workspaceOf(request), actorOf(request), request.body)));

  const Types = (moment: string) => Type.Array(StringEnum(REPORT_TYPES), { maxItems: REPORT_TYPES.length, uniqueItems: true, description: `The report types made ${moment}.` });
  const AutomationBody = Closed({ afterRun: Types('after each succeeded run (the 30 days ending that day)'), weekly: Types('every Monday for the week before (Monday to Sunday), when the workspace measured in it') });
  const AutomationView = Type.Object({
    afterRun: Types('after each succeeded run'), weekly: Types('weekly'),
    chosen: Type.Boolean({ description: 'False until the workspace chooses: then nothing is made after runs, and the weekly visibility summary only once the workspace measures on a schedule.' }),
  });
  r.get('/api/v1/workspaces/:workspace/reports/automatic', {
    config: { credential: ACCESS.settings.read },
    schema: { operationId: 'getReportAutomation', tags, summary: 'Which reports are made automatically, after runs and weekly', params: WorkspaceParams, response: { 200: AutomationView } },
  }, async (request) => reports.automation.get(workspaceOf(request)));

  r.put('/api/v1/workspaces/:workspace/reports/automatic', {
    config: { credential: ACCESS.reports.settings },
    schema: {
      operationId: 'putReportAutomation', tags, summary: 'Choose which reports are made automatically', params: WorkspaceParams, body: AutomationBody,
      description: 'Opt-in per type: exactly the types listed are made after each succeeded run and weekly; an empty list makes none. Until a workspace chooses, nothing is made after runs and the weekly visibility summary is made once the workspace has a measurement schedule. A type the service cannot make is refused (400). Reports on request (`POST …/reports`) are always available.',
      response: { 200: AutomationView },
    },
  }, async (request) => reports.automation.put(workspaceOf(request), request.body));

  r.get('/api/v1/workspaces/:workspace/reports/settings', {
    config: { credential: ACCESS.settings.read },
    schema: { operationId: 'getReportSettings', tags, summary: 'Who sends the reports (agency, white-label) and how they read (time zone, language)', params: WorkspaceParams, response: { 200: SettingsView } },
  }, async (request) => reports.getSettings(workspaceOf(request)));

  r.put('/api/v1/workspaces/:workspace/reports/settings', {
    config: { credential: ACCESS.reports.settings },
    schema: {
      operationId: 'putReportSettings', tags, summary: 'Set this workspace’s own report settings (the fields given; omitted ones are inherited)', params: WorkspaceParams,
      description: 'Replaces the workspace’s overrides: each field in the body is the workspace’s own from now on; each omitted field is inherited from the agency settings of the person who created the workspace (`PUT /api/v1/account/agency`), else its default. An empty body returns every field to the agency’s. `inherited` in the answer lists them.',
      body: SettingsBody,
      response: { 200: SettingsView },
    },
  }, async (request) => reports.putSettings(workspaceOf(request), request.body));

  r.get('/api/v1/account/agency', {
    config: { credential: ACCESS.account },
    schema: { operationId: 'getAgencySettings', tags, summary: 'Your agency settings: set once, inherited by the workspaces you create', response: { 200: Settings } },
  }, async (request) => reports.getAgency(userOf(request)));

  r.put('/api/v1/account/agency', {
    config: { credential: ACCESS.account },
    schema: {
      operationId: 'putAgencySettings', tags, summary: 'Set your agency settings (all fields; omitted ones take their defaults)',
      description: 'Agency name, logo, white-label, time zone and language, once for every workspace you created: each of them uses these for every field it does not set itself (`PUT …/reports/settings`, whose answer lists the `inherited` fields). A session only.',
      body: SettingsBody,
      response: { 200: Settings },
    },
  }, async (request) => reports.putAgency(userOf(request), request.body));

  r.get('/api/v1/workspaces/:workspace/reports', {
    config: { credential: ACCESS.reports.read },
    schema: {
      operationId: 'listReports', tags, summary: 'Reports made for the workspace, newest first', params: WorkspaceParams,
      description: 'Made on demand (`POST …/reports`), and by the service after each succeeded run (the 30 days ending that day) or weekly (Monday to Sunday) for the types chosen in `…/reports/automatic`.',
      querystring: Type.Object({ type: Type.Optional(StringEnum(REPORT_TYPES)), limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }) }, { additionalProperties: false }),
      response: { 200: Type.Array(ReportItem) },
    },
  }, async (request) => reports.list(workspaceOf(request), request.query));

  r.get('/api/v1/workspaces/:workspace/reports/:id', {
    config: { credential: ACCESS.reports.read },
    schema: {
      operationId: 'getReport', tags, summary: 'One report as JSON, CSV, printable HTML or PDF', params: workspaceParamsWith('id'),
      description: 'Every figure carries its sample size `n` and 95% interval (or a note saying why it has none); data from simulated engines is labelled on every page. `pdf` is rendered by Chromium from the HTML (503 `pdf_unavailable` without it). An on-demand report not yet `ready` answers its status as JSON, and 503 `not_ready` in the other formats.',
      querystring: Type.Object({
        format: StringEnum(['json', 'csv', 'html', 'pdf'] as const, { default: 'json' }),
        bom: Type.Optional(Type.Boolean({ description: 'CSV only: start with a UTF-8 byte-order mark, for spreadsheets.' })),
      }, { additionalProperties: false }),
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
    const out = await reports.read(workspaceOf(request), request.params.id, request.query.format, { bom: request.query.bom });
    return sendReport(reply, out, 'attachment');
  });
}
