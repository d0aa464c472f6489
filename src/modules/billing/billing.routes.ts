import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { Closed, Nullable, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { sessionOf, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import type { BillingService } from './billing.service.ts';

const tags = ['billing'];

export function billingRoutes(app: FastifyInstance, deps: { billing: BillingService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { billing } = deps;

  r.post('/api/v1/workspaces/:workspace/billing/checkout', {
    config: { credential: ACCESS.credits.topUp },
    schema: {
      operationId: 'createCheckout', tags, summary: 'Start a hosted checkout to buy credits', params: WorkspaceParams,
      description: '5,000,000 to 500,000,000 micro-USD in steps of 10,000 (whole cents). At most 12 per minute per workspace (429 `rate_limited` with Retry-After). 503 `billing_unavailable` without a payment processor.',
      body: Closed({ amountMicrousd: Type.Integer({ minimum: 5_000_000, maximum: 500_000_000, multipleOf: 10_000 }) }),
      response: { 200: Type.Object({ url: Type.String({ description: 'Hosted checkout page' }), checkoutSessionId: Type.String() }) },
    },
  }, async (request) => billing.checkout(workspaceOf(request), sessionOf(request).userId, request.body.amountMicrousd));

  r.get('/api/v1/workspaces/:workspace/billing/status', {
    config: { credential: ACCESS.credits.topUp },
    schema: {
      operationId: 'getBillingStatus', tags, summary: 'The latest 20 checkout receipts', params: WorkspaceParams,
      response: {
        200: Type.Object({
          workspace: Type.String(),
          mode: StringEnum(['processor', 'mock', 'none'] as const, { description: 'How checkouts are paid on this server.' }),
          receipts: Type.Array(Type.Object({
            checkoutSessionId: Type.String(), amountMicrousd: Type.Integer(), status: StringEnum(['pending', 'succeeded', 'failed'] as const),
            provider: Type.String(), createdAt: Timestamp, completedAt: Nullable(Timestamp),
          })),
        }),
      },
    },
  }, async (request) => billing.status(workspaceOf(request)));

  // The webhook needs the raw bytes for its signature: its own scope reads every body as a Buffer.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/v1/webhooks/payment', {
      config: { credential: ACCESS.public },
      schema: {
        operationId: 'paymentWebhook', tags, summary: 'Payment processor events (the only inbound webhook)',
        description: 'In local mode, header `payment-signature`: the lowercase hex HMAC-SHA256 of the raw body with PAYMENT_WEBHOOK_SECRET. With a processor, its timestamped scheme (300 s tolerance) in the header the processor sends, `Stripe-Signature`, or in `payment-signature`. 400 `invalid_signature`; 503 `billing_unavailable` without a secret.',
        headers: Type.Object({
          'payment-signature': Type.Optional(Type.String({ description: 'The contract’s header: local HMAC, or the processor’s scheme.' })),
          'stripe-signature': Type.Optional(Type.String({ description: 'The header Stripe signs its events in (processor mode).' })),
        }),
        response: { 200: Type.Object({ status: StringEnum(['fulfilled', 'failed', 'duplicate', 'ignored'] as const) }) },
      },
    }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = (name: string) => request.headers[name] as string | undefined;
      return billing.webhook(raw, { payment: header('payment-signature'), processor: header('stripe-signature') });
    });
  });
}
