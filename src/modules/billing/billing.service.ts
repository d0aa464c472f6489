import Stripe from 'stripe';
import { and, desc, eq } from 'drizzle-orm';
import type { PaymentsConfig } from './billing.config.ts';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { randomToken } from '../../lib/crypto.ts';
import { claimIdempotencyKey } from '../../lib/idempotency/idempotency.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { RateLimiter } from '../../lib/rate-limit/rate-limit.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import { PAID_GRANT_DAYS } from '../credits/credits.fns.ts';
import { billingReceipts } from './billing.tables.ts';
import { verifyLocalSignature, verifyStripeSignature } from './signatures.fns.ts';

export const CHECKOUT_RATE = { limit: 12, windowMs: 60_000 };
export type WebhookStatus = 'fulfilled' | 'failed' | 'duplicate' | 'ignored';
/** The signature headers the webhook reads: the contract's and the processor's own. */
export interface WebhookSignatures {
  payment?: string | undefined;
  processor?: string | undefined;
}
type Receipt = typeof billingReceipts.$inferSelect;

const unavailable = (message: string) => new AppError('billing_unavailable', message);

export function stripeClient(payments: PaymentsConfig): Stripe | null {
  if (!payments.stripeSecretKey) return null;
  const target = payments.stripeApiUrl ? new URL(payments.stripeApiUrl) : null;
  return new Stripe(payments.stripeSecretKey, {
    maxNetworkRetries: 2, timeout: 15_000,
    ...(target ? { host: target.hostname, port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)), protocol: target.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

interface PaymentEvent {
  id: string;
  type: string;
  data: { object: { id: string; payment_status?: string } };
}

function parseEvent(raw: Buffer): PaymentEvent {
  let event: unknown;
  try {
    event = JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalid('The webhook body is not JSON.');
  }
  const e = event as PaymentEvent;
  if (typeof e?.id !== 'string' || typeof e.type !== 'string' || typeof e.data?.object?.id !== 'string' || `${e.id}${e.type}${e.data.object.id}`.includes('\u0000')) {
    throw invalid('The webhook body must be an event {id, type, data: {object: {id}}}.');
  }
  return e;
}

export function createBillingService(deps: {
  db: Db; clock: Clock; credits: CreditsService; limiter: RateLimiter; payments: PaymentsConfig; publicBaseUrl: string; stripe: Stripe | null;
}) {
  const { db, clock, payments } = deps;
  const receiptView = (r: Receipt) => ({
    checkoutSessionId: r.checkoutSessionId, amountMicrousd: r.amount, status: r.status, provider: r.provider,
    createdAt: r.createdAt.toISOString(), completedAt: r.completedAt?.toISOString() ?? null,
  });

  async function byCheckoutSession(id: string) {
    const [row] = await db.select().from(billingReceipts).where(eq(billingReceipts.checkoutSessionId, id));
    return row ?? null;
  }

  /** Credits the receipt's amount exactly once: unique on (workspace, scope, checkout session). */
  async function fulfil(receipt: Receipt, eventId: string): Promise<WebhookStatus> {
    return db.transaction(async (tx) => {
      const [locked] = await tx.select().from(billingReceipts).where(eq(billingReceipts.id, receipt.id)).for('update');
      if (locked!.status !== 'pending') return locked!.status === 'succeeded' ? 'duplicate' : 'ignored';
      const claim = await claimIdempotencyKey(tx, {
        workspaceId: locked!.workspaceId, scope: 'billing.checkout', key: locked!.checkoutSessionId, requestHash: 'fulfilment', resourceId: locked!.id, now: clock.now(),
      });
      if (!claim.fresh) return 'duplicate';
      const grant = await deps.credits.grantIn(tx, locked!.workspaceId, { kind: 'checkout', amount: locked!.amount, days: PAID_GRANT_DAYS, source: locked!.checkoutSessionId });
      await tx.update(billingReceipts).set({ status: 'succeeded', grantId: grant.id, eventId, completedAt: clock.now() }).where(eq(billingReceipts.id, locked!.id));
      return 'fulfilled';
    });
  }

  async function fail(receipt: Receipt, eventId: string): Promise<WebhookStatus> {
    const rows = await db.update(billingReceipts).set({ status: 'failed', eventId, completedAt: clock.now() })
      .where(and(eq(billingReceipts.id, receipt.id), eq(billingReceipts.status, 'pending'))).returning();
    return rows.length ? 'failed' : 'duplicate';
  }

  return {
    async checkout(ws: WorkspaceContext, userId: string, amountMicrousd: number) {
      if (payments.mode === 'none') throw unavailable('No payment processor is configured (STRIPE_SECRET_KEY, or PAYMENT_MOCK_SENTINEL=enabled locally).');
      await deps.limiter.hit(`checkout:${ws.id}`, CHECKOUT_RATE, 'At most 12 checkouts per minute per workspace; retry later.');
      const receiptId = newId('rcpt');
      let session: { id: string; url: string };
      if (payments.mode === 'mock') {
        const id = `cs_mock_${randomToken(18)}`;
        session = { id, url: `${deps.publicBaseUrl}/checkout/${id}` };
      } else {
        try {
          const created = await deps.stripe!.checkout.sessions.create({
            mode: 'payment',
            client_reference_id: receiptId,
            metadata: { workspace: ws.slug, receiptId },
            line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: amountMicrousd / 10_000, product_data: { name: `GEO credits for ${ws.slug}` } } }],
            success_url: `${deps.publicBaseUrl}/checkout/complete?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${deps.publicBaseUrl}/checkout/complete?cancelled=1`,
          });
          if (!created.url) throw new Error('no checkout URL');
          session = { id: created.id, url: created.url };
        } catch (err) {
          throw unavailable(`The payment processor did not create a checkout: ${(err as Error).message}`);
        }
      }
      await db.insert(billingReceipts).values({
        id: receiptId, workspaceId: ws.id, checkoutSessionId: session.id, provider: payments.mode === 'mock' ? 'mock' : 'stripe',
        amount: amountMicrousd, status: 'pending', createdBy: userId, createdAt: clock.now(),
      });
      return { url: session.url, checkoutSessionId: session.id };
    },

    async status(ws: WorkspaceContext) {
      const rows = await db.select().from(billingReceipts).where(eq(billingReceipts.workspaceId, ws.id))
        .orderBy(desc(billingReceipts.createdAt), desc(billingReceipts.id)).limit(20);
      return { workspace: ws.slug, mode: payments.mode, receipts: rows.map(receiptView) };
    },

    /** Spec 6.1: verify the raw body, then act on the event; the amount comes from the receipt. */
    async webhook(raw: Buffer, signatures: WebhookSignatures): Promise<{ status: WebhookStatus }> {
      if (!payments.webhookSecret) throw unavailable('PAYMENT_WEBHOOK_SECRET is not configured; the webhook is closed.');
      // Stripe sends its signature in `Stripe-Signature`; the contract names `payment-signature`.
      // A processor-mode event is accepted when either header carries a valid processor signature.
      const ok = payments.mode === 'processor'
        ? [signatures.processor, signatures.payment].some((header) => verifyStripeSignature(raw, header, payments.webhookSecret!, clock.now()))
        : verifyLocalSignature(raw, signatures.payment, payments.webhookSecret);
      if (!ok) throw new AppError('invalid_signature', payments.mode === 'processor'
        ? 'Neither the Stripe-Signature nor the payment-signature header matches the body.'
        : 'The payment-signature header does not match the body.');
      const event = parseEvent(raw);
      const completes = event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded';
      const fails = event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed';
      if (!completes && !fails) return { status: 'ignored' };
      const receipt = await byCheckoutSession(event.data.object.id);
      if (!receipt) return { status: 'ignored' }; // a session this server did not create
      // A completed session paid by a delayed method is settled by async_payment_succeeded.
      if (event.type === 'checkout.session.completed' && event.data.object.payment_status && event.data.object.payment_status !== 'paid') return { status: 'ignored' };
      return { status: completes ? await fulfil(receipt, event.id) : await fail(receipt, event.id) };
    },

    byCheckoutSession,
    receiptView,
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
