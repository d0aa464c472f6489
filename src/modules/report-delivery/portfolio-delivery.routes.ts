import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.ts';
import { ACCESS } from '../../lib/http/credentials.ts';
import { sessionOf } from '../../lib/http/responses.ts';
import { Closed, StringEnum } from '../../lib/http/schema-helpers.ts';
import { sendReport } from '../reports/reports.reply.ts';
import { Language, TimeZone } from '../portfolio/portfolio.schemas.ts';
import { LINK_TTL_DAYS, MAX_RECIPIENTS } from './delivery.fns.ts';
import { DeliveryState, Recipients, Schedule } from './delivery.routes.ts';
import type { PortfolioDeliveryService } from './portfolio-delivery.service.ts';

// The agency portfolio's own mail schedule: a person's (API keys belong to one workspace, so
// these routes take a browser session), with its delivery log and the signed link a large
// portfolio is mailed as.

const tags = ['reports'];
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


export function portfolioDeliveryRoutes(app: FastifyInstance, deps: { portfolioDelivery: PortfolioDeliveryService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { portfolioDelivery } = deps;

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
