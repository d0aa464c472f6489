import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { ACCESS } from '../../lib/http/credentials.ts';
import { ErrorBody } from '../../lib/http/responses.ts';
import type { BillingService } from '../../modules/billing/billing.service.ts';
import { signLocal } from '../../modules/billing/signatures.fns.ts';
import { escapeHtml, formatUsd, page, PAGE_CSP } from '../../lib/http/html.ts';

// Local mode (PAYMENT_MOCK_SENTINEL=enabled): the server's own checkout page stands in for the
// processor's. Pay and Cancel send a signed event to the webhook exactly as the processor would.

const Params = Type.Object({ id: Type.String({ maxLength: 200 }) });
const PAGE = { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } };
// An unknown session, or any session when local mode is off: the JSON envelope.
const SESSION_PAGE = { 200: PAGE, 404: { ...ErrorBody, description: 'not_found: no such mock checkout session, or local mode is off' } };
const html = (reply: FastifyReply, body: string) =>
  reply.header('content-security-policy', PAGE_CSP).header('x-frame-options', 'DENY').header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

export function checkoutPageRoutes(app: FastifyInstance, deps: { billing: BillingService; mockEnabled: boolean; webhookSecret: string | undefined }) {
  const { billing } = deps;

  async function mockReceipt(id: string) {
    const receipt = deps.mockEnabled ? await billing.byCheckoutSession(id) : null;
    if (!receipt || receipt.provider !== 'mock') throw notFound('Checkout session');
    return receipt;
  }

  app.get('/checkout/complete', {
    config: { credential: ACCESS.public },
    schema: { operationId: 'checkoutReturnPage', tags: ['pages'], summary: 'Where the hosted checkout returns', produces: ['text/html'], response: { 200: PAGE } },
  }, async (_request, reply) => html(reply, page('Checkout', '<h1>Thank you</h1><p class="note">Your payment is being confirmed. The credits appear in the workspace balance as soon as the processor notifies us.</p>')));

  app.get('/checkout/:id', {
    config: { credential: ACCESS.public },
    schema: { operationId: 'mockCheckoutPage', tags: ['pages'], summary: 'Local mode: the mock hosted checkout page', params: Params, produces: ['text/html'], response: SESSION_PAGE },
  }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const receipt = await mockReceipt(id);
    const action = (verb: string) => `/checkout/${encodeURIComponent(id)}/${verb}`;
    const body = receipt.status === 'pending'
      ? `<h1>Buy credits</h1><p class="note">Test checkout — no money moves.</p><p class="amount">${formatUsd(receipt.amount)}</p>
         <form method="post" action="${escapeHtml(action('pay'))}"><button id="pay" type="submit">Pay</button></form>
         <form method="post" action="${escapeHtml(action('cancel'))}"><button id="cancel" class="secondary" type="submit">Cancel</button></form>`
      : `<h1>Checkout ${escapeHtml(receipt.status)}</h1><p class="note">This checkout is already ${escapeHtml(receipt.status)}.</p>`;
    return html(reply, page('Checkout', body));
  });

  // Form posts carry an empty urlencoded body: this scope accepts and ignores it.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
    for (const [verb, type, title, text] of [
      ['pay', 'checkout.session.completed', 'Payment received', 'The credits are in the workspace balance.'],
      ['cancel', 'checkout.session.expired', 'Payment cancelled', 'Nothing was charged.'],
    ] as const) {
      scope.post(`/checkout/:id/${verb}`, {
        config: { credential: ACCESS.public },
        schema: { operationId: `mockCheckout${verb === 'pay' ? 'Pay' : 'Cancel'}`, tags: ['pages'], summary: `Local mode: ${verb} the mock checkout (sends the signed event to the webhook)`, params: Params, produces: ['text/html'], response: SESSION_PAGE },
      }, async (request, reply) => {
        const { id } = request.params as { id: string };
        const receipt = await mockReceipt(id);
        const raw = JSON.stringify({
          id: newId('evt'), type,
          data: { object: { id, object: 'checkout.session', payment_status: verb === 'pay' ? 'paid' : 'unpaid', amount_total: receipt.amount / 10_000, currency: 'usd' } },
        });
        const delivered = await app.inject({
          method: 'POST', url: '/api/v1/webhooks/payment', payload: raw,
          headers: { 'content-type': 'application/json', 'payment-signature': signLocal(raw, deps.webhookSecret ?? '') },
        });
        const status = delivered.json()?.status ?? delivered.json()?.error?.code;
        return html(reply, page(title, `<h1 id="result">${escapeHtml(title)}</h1><p class="note">${escapeHtml(text)}</p><p class="note">Webhook: <code id="webhook-status">${escapeHtml(String(status))}</code></p>`));
      });
    }
  });
}
