import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.ts';
import { ACCESS } from '../../lib/http/credentials.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { Closed, StringEnum } from '../../lib/http/schema-helpers.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import { escapeHtml, page, PAGE_CSP } from '../../lib/http/html.ts';
import { LINK_TTL_DAYS, MAX_RECIPIENTS } from './delivery.fns.ts';
import type { DeliveryService } from './delivery.service.ts';
import type { PortfolioDeliveryService } from './portfolio-delivery.service.ts';
import { REPORT_TYPES } from '../reports/reports.fns.ts';
import { sendReport } from '../reports/reports.reply.ts';

// Scheduled delivery of a workspace's report by mail (docs/reports.md, "Scheduled delivery"), its
// log, and the two public pages its mails link to: unsubscribe, and the report when not attached.

const tags = ['reports'];
export const Schedule = Type.Object({
  frequency: StringEnum(['weekly', 'monthly'] as const),
  weekday: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 7, description: 'Weekly: ISO weekday, 1 Monday to 7 Sunday.' }), Type.Null()])),
  dayOfMonth: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 28, description: 'Monthly: 1 to 28 (every month has it).' }), Type.Null()])),
  hour: Type.Integer({ minimum: 0, maximum: 23, description: 'Hour of the day in the report settings’ time zone.' }),
}, { additionalProperties: false });
export const Recipients = Type.Array(Type.String({ format: 'email', maxLength: 254 }), { maxItems: MAX_RECIPIENTS, description: `Up to ${MAX_RECIPIENTS} addresses (stored lower-case, each once).` });
const Delivery = Type.Object({
  schedule: Type.Union([Schedule, Type.Null()]), reportType: StringEnum(REPORT_TYPES), recipients: Type.Array(Type.String()),
  timeZone: Type.String({ description: 'The report settings’ time zone the schedule reads in (`PUT …/reports/settings`).' }),
  unsubscribed: Type.Array(Type.String(), { description: 'Recipients who unsubscribed through a mail’s link: they are skipped.' }),
  delivery: Type.Object({
    state: StringEnum(['active', 'off', 'unconfigured'] as const, { description: '`unconfigured`: no mail transport (SMTP_URL); `off`: no schedule or no recipients.' }),
    reason: Type.Union([Type.String(), Type.Null()]), nextAt: Type.Union([Type.String(), Type.Null()], { description: 'The next slot, when active.' }),
  }),
});
export const DeliveryState = Delivery.properties.delivery;
const LogItem = Type.Object({
  deliveryId: Type.String(), slot: Type.String(), reportId: Type.Union([Type.String(), Type.Null()]), recipient: Type.String(),
  status: StringEnum(['sent', 'failed', 'skipped_unsubscribed'] as const), via: Type.Union([Type.String(), Type.Null()], { description: '`attachment` or `link`' }),
  attempts: Type.Integer(), error: Type.Union([Type.String(), Type.Null()]), at: Type.String(),
});
const TokenQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false });
const HtmlPage = { 200: { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } } };

const htmlReply = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply.status(status).header('content-security-policy', PAGE_CSP).type('text/html; charset=utf-8').send(page(title, body));

export function deliveryRoutes(app: FastifyInstance, deps: { delivery: DeliveryService; portfolioDelivery: PortfolioDeliveryService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { delivery, portfolioDelivery } = deps;
  // One unsubscribe page for both mails: a workspace's reports, or a person's agency portfolio.
  const what = (t: object) => ('workspaceId' in t ? 'the scheduled reports of this workspace' : 'this agency portfolio mail');
  const target = (token: string) => delivery.unsubscribeTarget(token) ?? portfolioDelivery.unsubscribeTarget(token);

  r.get('/api/v1/workspaces/:workspace/reports/delivery', {
    config: { credential: ACCESS.settings.read },
    schema: {
      operationId: 'getReportDelivery', tags, summary: 'The scheduled mail delivery of the workspace’s report', params: WorkspaceParams,
      description: '`delivery.state` says whether mail goes out: `unconfigured` when the server has no mail transport (SMTP_URL), rather than failing silently.',
      response: { 200: Delivery },
    },
  }, async (request) => delivery.view(workspaceOf(request)));

  r.put('/api/v1/workspaces/:workspace/reports/delivery', {
    config: { credential: ACCESS.reports.settings },
    schema: {
      operationId: 'putReportDelivery', tags, summary: 'Set the schedule and recipients of the report mail', params: WorkspaceParams,
      description: `Weekly (\`weekday\`, the 7 days before) or monthly (\`dayOfMonth\` 1-28, the previous calendar month), at \`hour\` in the report settings’ time zone; \`schedule: null\` stops it. The report (\`reportType\`, default \`visibility_summary\`) is made by the on-demand job and mailed with its PDF attached, or linked (signed, valid ${LINK_TTL_DAYS} days) when over 10 MB. A new schedule starts with its next slot. More than ${MAX_RECIPIENTS} recipients, or one that is not an address, is 400 naming \`body.recipients\`.`,
      body: Closed({ schedule: Type.Union([Schedule, Type.Null()]), reportType: Type.Optional(StringEnum(REPORT_TYPES)), recipients: Recipients }),
      response: { 200: Delivery },
    },
  }, async (request) => delivery.put(workspaceOf(request), request.body));

  r.get('/api/v1/workspaces/:workspace/reports/deliveries', {
    config: { credential: ACCESS.reports.read },
    schema: {
      operationId: 'listReportDeliveries', tags, summary: 'The delivery log: one row per scheduled delivery and recipient, newest first', params: WorkspaceParams,
      description: '`attempts` counts the mails tried (a failure is retried by the queue, about 5 times over 15-30 minutes); a recipient already `sent` is never mailed again for that delivery.',
      querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }) }, { additionalProperties: false }),
      response: { 200: Type.Array(LogItem) },
    },
  }, async (request) => delivery.log(workspaceOf(request), request.query.limit));

  r.get('/r/report', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'getLinkedReport', tags, summary: 'A mailed report through its signed link (no account needed)', querystring: TokenQuery,
      description: `The link in a scheduled mail whose PDF was not attached. Signed by the server, valid ${LINK_TTL_DAYS} days; anyone holding it can read that one report. 400 \`invalid_token\` or \`expired_token\` otherwise.`,
      response: { 200: { description: 'The report', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } }, 'text/html': { schema: { type: 'string' } } } } },
    },
  }, async (request, reply) => {
    const out = await delivery.linked(request.query.token);
    if (out === 'expired') throw new AppError('expired_token', 'This report link has expired; ask the sender for a new one.');
    if (out === 'invalid') throw new AppError('invalid_token', 'This report link is not valid.');
    return sendReport(reply, out, 'inline');
  });

  // Unsubscribe: the GET shows a button (mail scanners follow links; they do not press buttons),
  // the POST records it. Mail clients' one-click unsubscribe (RFC 8058) POSTs the same address.
  r.get('/r/unsubscribe', {
    config: { credential: ACCESS.public },
    schema: { operationId: 'unsubscribePage', tags, summary: 'Unsubscribe from a workspace’s scheduled reports or a portfolio mail: confirmation page', querystring: TokenQuery, produces: ['text/html'], response: HtmlPage },
  }, async (request, reply) => {
    const found = target(request.query.token);
    if (!found) return htmlReply(reply, 400, 'Unsubscribe', '<h1>This link is not valid</h1><p class="note">It may have been cut short; open it from the mail again.</p>');
    return htmlReply(reply, 200, 'Unsubscribe', `<h1>Stop these reports?</h1><p>${escapeHtml(found.email)} will no longer receive ${what(found)}.</p>
      <form method="post" action="/r/unsubscribe?token=${escapeHtml(encodeURIComponent(request.query.token))}"><button id="unsubscribe" type="submit">Unsubscribe</button></form>`);
  });
  app.register(async (scope) => {
    // The form and the one-click POST carry a urlencoded body that says nothing the token does not.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
    scope.withTypeProvider<TypeBoxTypeProvider>().post('/r/unsubscribe', {
      config: { credential: ACCESS.public },
      schema: { operationId: 'unsubscribe', tags, summary: 'Unsubscribe from a workspace’s scheduled reports or a portfolio mail (also RFC 8058 one-click)', querystring: TokenQuery, produces: ['text/html'], response: HtmlPage },
    }, async (request, reply) => {
      const done = (await delivery.unsubscribe(request.query.token)) ?? (await portfolioDelivery.unsubscribe(request.query.token));
      if (!done) return htmlReply(reply, 400, 'Unsubscribe', '<h1>This link is not valid</h1>');
      return htmlReply(reply, 200, 'Unsubscribed', `<h1>Unsubscribed</h1><p>${escapeHtml(done.email)} will no longer receive ${what(done)}.</p>`);
    });
  });
}
