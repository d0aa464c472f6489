import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { AppError } from '../../lib/errors.ts';
import { ACCESS } from '../../lib/http/credentials.ts';
import { sessionOf } from '../../lib/http/responses.ts';
import { Closed, StringEnum } from '../../lib/http/schema-helpers.ts';
import { LANGUAGES } from '../../lib/format/format.js';
import { LINK_TTL_DAYS, MAX_RECIPIENTS } from './delivery.fns.ts';
import { DeliveryState, Recipients, Schedule } from './delivery.routes.ts';
import type { PortfolioDeliveryService } from './portfolio-delivery.service.ts';
import { MAX_CLIENTS, type PortfolioService } from './portfolio.service.ts';
import { MAX_PERIOD_DAYS } from './reports.service.ts';
import { Stamp } from '../scores/methodology.schema.ts';
import { sendReport } from './reports.routes.ts';

// The agency portfolio (docs/reports.md, "Agency portfolio"): every workspace the signed-in person
// reaches in one document, on request and on their own mail schedule. A person's, not a
// workspace's: API keys belong to one workspace, so these routes take a browser session.

const tags = ['reports'];
const Day = Type.String({ format: 'date', description: 'A calendar day, YYYY-MM-DD.' });
const Language = StringEnum(LANGUAGES);
const TimeZone = Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone the dates and the schedule read in.' });
const PortfolioDelivery = Type.Object({
  schedule: Type.Union([Schedule, Type.Null()]), recipients: Type.Array(Type.String()), timeZone: Type.String(), language: Language,
  unsubscribed: Type.Array(Type.String(), { description: 'Recipients who unsubscribed through a mail’s link: they are skipped.' }),
  delivery: DeliveryState,
});
const LogItem = Type.Object({
  deliveryId: Type.String(), slot: Type.String(), clients: Type.Union([Type.Integer(), Type.Null()], { description: 'Clients the mailed portfolio covered; null before it was made.' }),
  recipient: Type.String(), status: StringEnum(['sent', 'failed', 'skipped_unsubscribed'] as const), via: Type.Union([Type.String(), Type.Null()], { description: '`attachment` or `link`' }),
  attempts: Type.Integer(), error: Type.Union([Type.String(), Type.Null()]), at: Type.String(),
});

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Interval = Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: '95% interval [low, high]' });
const PortfolioJson = Type.Object({
  type: Type.Literal('portfolio'), periodFrom: Day, periodTo: Day, generatedAt: Type.String({ format: 'date-time' }), language: Language, timeZone: Type.String(),
  agency: Type.Object({ name: Nullable(Type.String()), logo: Nullable(Type.String()), whiteLabel: Type.Boolean() }),
  simulated: Type.Boolean(), simulatedEngines: Type.Array(Type.String()),
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

export function portfolioRoutes(app: FastifyInstance, deps: { portfolio: PortfolioService; portfolioDelivery: PortfolioDeliveryService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { portfolio, portfolioDelivery } = deps;

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

  r.get('/api/v1/reports/portfolio/delivery', {
    config: { credential: ACCESS.account },
    schema: {
      operationId: 'getPortfolioDelivery', tags, summary: 'Your scheduled mail of the agency portfolio',
      description: '`delivery.state` says whether mail goes out: `unconfigured` when the server has no mail transport (SMTP_URL).',
      response: { 200: PortfolioDelivery },
    },
  }, async (request) => portfolioDelivery.view(sessionOf(request).userId));

  r.put('/api/v1/reports/portfolio/delivery', {
    config: { credential: ACCESS.account },
    schema: {
      operationId: 'putPortfolioDelivery', tags, summary: 'Set the schedule and recipients of your portfolio mail',
      description: `Weekly (\`weekday\`, the 7 days before) or monthly (\`dayOfMonth\` 1-28, the previous calendar month), at \`hour\` in \`timeZone\` (default UTC); \`schedule: null\` stops it. At each slot the portfolio of the workspaces you reach then is made once and mailed with its PDF attached, or linked (signed, valid ${LINK_TTL_DAYS} days) when over 10 MB or without Chromium. A new schedule starts with its next slot. More than ${MAX_RECIPIENTS} recipients, or one that is not an address, is 400 naming \`body.recipients\`.`,
      body: Closed({ schedule: Type.Union([Schedule, Type.Null()]), recipients: Recipients, timeZone: Type.Optional(TimeZone), language: Type.Optional(Language) }),
      response: { 200: PortfolioDelivery },
    },
  }, async (request) => portfolioDelivery.put(sessionOf(request).userId, request.body));

  r.get('/api/v1/reports/portfolio/deliveries', {
    config: { credential: ACCESS.account },
    schema: {
      operationId: 'listPortfolioDeliveries', tags, summary: 'Your portfolio delivery log: one row per delivery and recipient, newest first',
      querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }) }, { additionalProperties: false }),
      response: { 200: Type.Array(LogItem) },
    },
  }, async (request) => portfolioDelivery.log(sessionOf(request).userId, request.query.limit));

  r.get('/r/portfolio', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'getLinkedPortfolio', tags, summary: 'A mailed portfolio through its signed link (no account needed)',
      querystring: Type.Object({ token: Type.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false }),
      description: `The link in a scheduled portfolio mail whose PDF was not attached: the very document that was mailed. Valid ${LINK_TTL_DAYS} days; 400 \`invalid_token\` or \`expired_token\` otherwise.`,
      response: { 200: { description: 'The portfolio', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } }, 'text/html': { schema: { type: 'string' } } } } },
    },
  }, async (request, reply) => {
    const out = await portfolioDelivery.linked(request.query.token);
    if (out === 'expired') throw new AppError('expired_token', 'This portfolio link has expired; ask the sender for a new one.');
    if (out === 'invalid') throw new AppError('invalid_token', 'This portfolio link is not valid.');
    return sendReport(reply, out, 'inline');
  });
}
