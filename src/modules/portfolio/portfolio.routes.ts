import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { sessionOf } from '../../lib/http/responses.ts';
import { StringEnum } from '../../lib/http/schema-helpers.ts';
import { MAX_CLIENTS, type PortfolioService } from './portfolio.service.ts';
import { MAX_PERIOD_DAYS } from '../reports/reports.service.ts';
import { Stamp } from '../scores/methodology.schema.ts';
import { sendReport } from '../reports/reports.reply.ts';
import { Language, TimeZone } from './portfolio.schemas.ts';

// The agency portfolio (docs/reports.md, "Agency portfolio"): every workspace the signed-in person
// reaches in one document, on request and on their own mail schedule. A person's, not a
// workspace's: API keys belong to one workspace, so these routes take a browser session.

const tags = ['reports'];
const Day = Type.String({ format: 'date', description: 'A calendar day, YYYY-MM-DD.' });
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Interval = Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: '95% interval [low, high]' });
const PortfolioJson = Type.Object({
  type: Type.Literal('portfolio'), periodFrom: Day, periodTo: Day, generatedAt: Type.String({ format: 'date-time' }), language: Language, timeZone: Type.String(),
  agency: Type.Object({ name: Nullable(Type.String()), logo: Nullable(Type.String()), whiteLabel: Type.Boolean() }),
  simulated: Type.Boolean(), simulatedEngines: Type.Array(Type.String()),
  simulatedClients: Type.Union([Type.Literal('all'), Type.Literal('some'), Type.Literal('none')], { description: 'Whose answers came from simulated engines: every client with answers in the period (`all`), some, or none' }),
  rows: Type.Array(Type.Object({
    workspace: Type.String(), name: Type.String({ description: 'The brand’s display name' }),
    day: Nullable(Day), score: Nullable(Type.Number()), interval: Nullable(Interval), n: Type.Integer(),
    change: Nullable(Type.Object({ firstDay: Day, from: Type.Number(), to: Type.Number(), significant: Type.Boolean({ description: 'The two days’ 95% intervals do not overlap' }) })),
    rank: Nullable(Type.Integer()), of: Type.Integer(), shareOfVoice: Nullable(Type.Number()),
    topCompetitor: Nullable(Type.Object({ name: Type.String(), shareOfVoice: Nullable(Type.Number()) })), simulatedShare: Nullable(Type.Number()),
    stamp: Nullable(Stamp),
  }), { description: 'The comparison: clients by score, highest first; unmeasured ones last' }),
  clients: Type.Array(Type.Object({
    workspace: Type.String(),
    report: Type.Object({}, { additionalProperties: Type.Unknown(), description: 'The client’s visibility summary, as `GET …/reports/{id}?format=json` has it under `report`' }),
  })),
});

export function portfolioRoutes(app: FastifyInstance, deps: { portfolio: PortfolioService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { portfolio } = deps;

  r.get('/api/v1/reports/portfolio', {
    config: { credential: ACCESS.account },
    schema: {
      operationId: 'getPortfolioReport', tags, summary: 'The agency portfolio: every workspace you reach in one report',
      description: `A first page comparing the clients (GEO score with its 95% interval and n, the change from the period's first to last measured day and whether it is significant, rank, share of voice against the top competitor, simulated share), then one page per client (summary, per-day chart with its band, scoreboard), then how the figures are made. Each client's figures are its visibility summary's: the score endpoint's for the period's last day. Made on request (about 1.5 s for 25 clients; up to ${MAX_CLIENTS}). \`from\`/\`to\` default to the 30 days ending today; \`from\` after \`to\` or over ${MAX_PERIOD_DAYS} days is 400 naming the field. \`language\` and \`timeZone\` default to what most clients' report settings say. CSV: one row per client.`,
      querystring: Type.Object({
        from: Type.Optional(Day), to: Type.Optional(Day), language: Type.Optional(Language), timeZone: Type.Optional(TimeZone),
        format: StringEnum(['json', 'csv', 'html', 'pdf'] as const, { default: 'json' }),
        bom: Type.Optional(Type.Boolean({ description: 'CSV only: start with a UTF-8 byte-order mark, for spreadsheets.' })),
      }, { additionalProperties: false }),
      response: {
        200: {
          description: 'The portfolio in the requested format',
          content: {
            'application/json': { schema: PortfolioJson },
            'text/csv': { schema: { type: 'string' } }, 'text/html': { schema: { type: 'string' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } },
          },
        },
      },
    },
  }, async (request, reply) => {
    const { format, bom, ...q } = request.query;
    return sendReport(reply, await portfolio.read(sessionOf(request).userId, q, format, { bom }), 'attachment');
  });
}
