import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { signLocal } from './signatures.fns.ts';

const SECRET = 'whsec_test_secret';
const clock = manualClock(new Date('2026-08-01T00:00:00Z'));
let ctx: TestContext;
let cookie: string;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'billing');
});
afterAll(() => ctx.close());

const checkout = (slug: string, amountMicrousd: unknown, app = ctx.app) =>
  app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/billing/checkout`, headers: { cookie }, payload: { amountMicrousd } });
const balance = async (slug = 'billing') => (await ctx.app.inject({ url: `/api/v1/workspaces/${slug}/credits/balance`, headers: { cookie } })).json().postedMicrousd as number;
const event = (type: string, id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id: `evt_${++n}`, type, data: { object: { id, payment_status: 'paid', amount_total: 999_999_999, ...extra } } });
/** `signature: null` sends no signature header at all. */
const deliver = (raw: string, signature: string | null = signLocal(raw, SECRET), app = ctx.app, header = 'payment-signature') =>
  app.inject({ method: 'POST', url: '/api/v1/webhooks/payment', headers: { 'content-type': 'application/json', ...(signature === null ? {} : { [header]: signature }) }, payload: raw });
async function newWorkspace() {
  const slug = `bill-${++n}`;
  await createWorkspace(ctx.app, cookie, slug);
  return slug;
}

describe('checkout (mock mode)', () => {
  it.each([
    [4_990_000, 400], [5_000_000, 200], [5_010_000, 200], [5_005_000, 400], [500_000_000, 200], [500_010_000, 400], ['5000000', 400], [5_000_000.5, 400],
  ])('amount %s → %i', async (amount, status) => {
    clock.advance(60_000); // stay clear of the rate limit
    const res = await checkout('billing', amount);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 200) {
      expect(res.json()).toEqual({ checkoutSessionId: expect.stringMatching(/^cs_mock_/), url: `http://127.0.0.1:3000/checkout/${res.json().checkoutSessionId}` });
    }
  });

  it('allows 12 per minute per workspace, then 429 with Retry-After', async () => {
    const slug = await newWorkspace();
    clock.advance(60_000 - (clock.now().getTime() % 60_000));
    for (let i = 0; i < 12; i++) expect((await checkout(slug, 5_000_000)).statusCode).toBe(200);
    const limited = await checkout(slug, 5_000_000);
    expect([limited.statusCode, limited.json().error.code]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await checkout('billing', 5_000_000)).statusCode).toBe(200); // per workspace
    clock.advance(60_000);
    expect((await checkout(slug, 5_000_000)).statusCode).toBe(200);
  });

  it('holds over any 60-second span: 12 just before a minute boundary leave no room just after it', async () => {
    const slug = await newWorkspace();
    clock.advance(60_000 - (clock.now().getTime() % 60_000) - 500);
    for (let i = 0; i < 12; i++) expect((await checkout(slug, 5_000_000)).statusCode).toBe(200);
    clock.advance(1_000); // a new fixed window would have started here
    const limited = await checkout(slug, 5_000_000);
    expect([limited.statusCode, limited.json().error.code, limited.headers['retry-after']]).toEqual([429, 'rate_limited', '59']);
    clock.advance(59_000);
    expect((await checkout(slug, 5_000_000)).statusCode).toBe(200);
  });

  it('503 billing_unavailable without any payment processor', async () => {
    const none = await createTestApp({ clock, config: testConfig({ payments: { mode: 'none', stripeSecretKey: undefined, stripeApiUrl: undefined, webhookSecret: undefined } }) }, ctx.database);
    try {
      const res = await checkout('billing', 5_000_000, none.app);
      expect([res.statusCode, res.json().error.code]).toEqual([503, 'billing_unavailable']);
      const hook = await deliver(event('checkout.session.completed', 'cs_x'), null, none.app);
      expect([hook.statusCode, hook.json().error.code]).toEqual([503, 'billing_unavailable']);
    } finally {
      await none.close();
    }
  });

  it('billing status lists the latest 20 receipts, newest first', async () => {
    const slug = await newWorkspace();
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) {
      if (i % 12 === 0) clock.advance(60_000);
      ids.push((await checkout(slug, 5_000_000 + i * 10_000)).json().checkoutSessionId);
    }
    const status = (await ctx.app.inject({ url: `/api/v1/workspaces/${slug}/billing/status`, headers: { cookie } })).json();
    expect(status.mode).toBe('mock');
    expect(status.receipts).toHaveLength(20);
    expect(status.receipts[0]).toMatchObject({ checkoutSessionId: ids[21], amountMicrousd: 5_210_000, status: 'pending', completedAt: null });
  });
});

describe('payment webhook (local signatures)', () => {
  it('a completed event credits the receipt’s amount (not the event’s) and marks it succeeded; a replay is a duplicate', async () => {
    const slug = await newWorkspace();
    clock.advance(60_000);
    const { checkoutSessionId } = (await checkout(slug, 7_000_000)).json();
    const raw = event('checkout.session.completed', checkoutSessionId);
    expect((await deliver(raw)).json()).toEqual({ status: 'fulfilled' });
    expect(await balance(slug)).toBe(7_000_000);
    expect((await deliver(raw)).json()).toEqual({ status: 'duplicate' });
    expect((await deliver(event('checkout.session.completed', checkoutSessionId))).json()).toEqual({ status: 'duplicate' });
    expect(await balance(slug)).toBe(7_000_000);
    const receipt = (await ctx.app.inject({ url: `/api/v1/workspaces/${slug}/billing/status`, headers: { cookie } })).json().receipts[0];
    expect(receipt).toMatchObject({ status: 'succeeded', completedAt: expect.any(String) });
  });

  it('50 parallel replays credit once', async () => {
    const slug = await newWorkspace();
    clock.advance(60_000);
    const { checkoutSessionId } = (await checkout(slug, 5_000_000)).json();
    const raw = event('checkout.session.completed', checkoutSessionId);
    const results = await Promise.all(Array.from({ length: 50 }, () => deliver(raw)));
    const statuses = results.map((r) => r.json().status);
    expect(statuses.filter((s) => s === 'fulfilled')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'duplicate')).toHaveLength(49);
    expect(await balance(slug)).toBe(5_000_000);
  });

  it('expired → failed; other types and unknown sessions → ignored; unpaid completion → ignored', async () => {
    clock.advance(60_000);
    const a = (await checkout('billing', 5_000_000)).json().checkoutSessionId;
    expect((await deliver(event('checkout.session.expired', a))).json()).toEqual({ status: 'failed' });
    expect((await deliver(event('checkout.session.expired', a))).json()).toEqual({ status: 'duplicate' });
    expect((await deliver(event('checkout.session.completed', a))).json()).toEqual({ status: 'ignored' });
    expect((await deliver(event('invoice.paid', a))).json()).toEqual({ status: 'ignored' });
    expect((await deliver(event('checkout.session.completed', 'cs_unknown'))).json()).toEqual({ status: 'ignored' });
    const b = (await checkout('billing', 5_000_000)).json().checkoutSessionId;
    expect((await deliver(event('checkout.session.completed', b, { payment_status: 'unpaid' }))).json()).toEqual({ status: 'ignored' });
    expect((await deliver(event('checkout.session.async_payment_succeeded', b))).json()).toEqual({ status: 'fulfilled' });
  });

  it.each([
    ['missing', () => null],
    ['empty', () => ''],
    ['short', (raw: string) => signLocal(raw, SECRET).slice(0, 40)],
    ['non-hex', (raw: string) => `${signLocal(raw, SECRET).slice(0, 63)}g`],
    ['wrong secret', (raw: string) => signLocal(raw, 'whsec_wrong')],
    ['tampered body', (raw: string) => signLocal(raw.replace('evt_', 'evt_x'), SECRET)],
  ])('400 invalid_signature: %s', async (_name, sign) => {
    const raw = event('checkout.session.completed', 'cs_whatever');
    const res = await deliver(raw, sign(raw));
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'invalid_signature']);
  });

  it('400 invalid_request for a signed body that is not an event', async () => {
    for (const raw of ['not json', '{"type":"x"}', '[]']) {
      const res = await deliver(raw);
      expect([res.statusCode, res.json().error.code]).toEqual([400, 'invalid_request']);
    }
  });
});

describe('mock checkout page', () => {
  it('Pay sends a signed completed event; the page then shows the checkout as done', async () => {
    const slug = await newWorkspace();
    clock.advance(60_000);
    const { checkoutSessionId, url } = (await checkout(slug, 6_000_000)).json();
    const path = new URL(url).pathname;
    const pageRes = await ctx.app.inject({ url: path });
    expect(pageRes.headers['content-type']).toMatch(/text\/html/);
    expect(pageRes.body).toContain('$6.00');
    const paid = await ctx.app.inject({ method: 'POST', url: `${path}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.body).toContain('Payment received');
    expect(paid.body).toContain('fulfilled');
    expect(await balance(slug)).toBe(6_000_000);
    expect((await ctx.app.inject({ url: path })).body).toContain('already succeeded');
    expect((await ctx.app.inject({ url: '/checkout/cs_mock_unknown' })).statusCode).toBe(404);
    void checkoutSessionId;
  });

  it('Cancel marks the receipt failed', async () => {
    clock.advance(60_000);
    const { url } = (await checkout('billing', 5_000_000)).json();
    const res = await ctx.app.inject({ method: 'POST', url: `${new URL(url).pathname}/cancel` });
    expect(res.body).toContain('Payment cancelled');
    expect(res.body).toContain('failed');
  });
});

describe('processor mode (Stripe SDK against a local fake)', () => {
  let server: Server;
  const requests: Array<{ path: string; body: string; auth: string | undefined }> = [];
  let stripeApp: TestContext;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        requests.push({ path: req.url!, body, auth: req.headers.authorization });
        const id = `cs_test_${requests.length}`;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/pay/${id}` }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    stripeApp = await createTestApp({
      clock, config: testConfig({ payments: { mode: 'processor', stripeSecretKey: 'sk_test_fake', stripeApiUrl: `http://127.0.0.1:${port}`, webhookSecret: SECRET } }),
    }, ctx.database);
  });
  afterAll(async () => {
    await stripeApp.close();
    server.close();
  });

  const signed = (raw: string, offsetS = 0, secret = SECRET) =>
    Stripe.webhooks.generateTestHeaderString({ payload: raw, secret, timestamp: Math.floor(clock.now().getTime() / 1000) + offsetS });

  /** An event as Stripe sends it: the full envelope, signed by the SDK's own test signer. */
  const stripeEvent = (type: string, sessionId: string, paymentStatus = 'paid') => JSON.stringify({
    id: `evt_1Q${++n}StripeLike`, object: 'event', api_version: '2025-01-27.acacia', created: Math.floor(clock.now().getTime() / 1000), livemode: false,
    pending_webhooks: 1, request: { id: null, idempotency_key: null }, type,
    data: { object: { id: sessionId, object: 'checkout.session', mode: 'payment', payment_status: paymentStatus, status: 'complete', amount_total: 999_999, currency: 'usd' } },
  }, null, 2);

  it('creates a hosted checkout through the SDK and fulfils once on an event signed as Stripe signs, sent in Stripe-Signature', async () => {
    const slug = await newWorkspace();
    clock.advance(60_000);
    const res = await checkout(slug, 12_340_000, stripeApp.app);
    expect(res.json()).toEqual({ checkoutSessionId: expect.stringMatching(/^cs_test_/), url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//) });
    const sent = requests.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.auth).toBe('Bearer sk_test_fake');
    expect(decodeURIComponent(sent.body)).toContain('line_items[0][price_data][unit_amount]=1234');
    const raw = stripeEvent('checkout.session.completed', res.json().checkoutSessionId);
    const header = signed(raw);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(raw, header, stripeApp.app, 'Stripe-Signature')));
    const statuses = results.map((r) => r.json().status).sort();
    expect(statuses).toEqual([...Array(9).fill('duplicate'), 'fulfilled']);
    expect(await balance(slug)).toBe(12_340_000);
  });

  it('also accepts the processor scheme in payment-signature (the contract’s header)', async () => {
    const slug = await newWorkspace();
    clock.advance(60_000);
    const { checkoutSessionId } = (await checkout(slug, 5_000_000, stripeApp.app)).json();
    const raw = stripeEvent('checkout.session.completed', checkoutSessionId);
    expect((await deliver(raw, signed(raw), stripeApp.app)).json()).toEqual({ status: 'fulfilled' });
    expect((await deliver(raw, signed(raw), stripeApp.app, 'stripe-signature')).json()).toEqual({ status: 'duplicate' });
    expect(await balance(slug)).toBe(5_000_000);
  });

  it('a bad Stripe-Signature is refused even beside an empty payment-signature; an expired session fails its receipt', async () => {
    clock.advance(60_000);
    const { checkoutSessionId } = (await checkout('billing', 5_000_000, stripeApp.app)).json();
    const raw = stripeEvent('checkout.session.expired', checkoutSessionId, 'unpaid');
    const bad = await stripeApp.app.inject({
      method: 'POST', url: '/api/v1/webhooks/payment', payload: raw,
      headers: { 'content-type': 'application/json', 'stripe-signature': signed(raw, 0, 'whsec_other'), 'payment-signature': '' },
    });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'invalid_signature']);
    expect((await deliver(raw, signed(raw), stripeApp.app, 'Stripe-Signature')).json()).toEqual({ status: 'failed' });
  });

  it.each([
    ['a stale timestamp', -301, SECRET],
    ['a timestamp from the future', 301, SECRET],
    ['a wrong secret', 0, 'whsec_other'],
  ])('400 invalid_signature for %s', async (_name, offset, secret) => {
    const raw = stripeEvent('checkout.session.completed', 'cs_test_zz');
    for (const header of ['Stripe-Signature', 'payment-signature']) {
      const res = await deliver(raw, signed(raw, offset, secret), stripeApp.app, header);
      expect([res.statusCode, res.json().error.code]).toEqual([400, 'invalid_signature']);
    }
  });

  it('refuses the local hex scheme in processor mode', async () => {
    const raw = event('checkout.session.completed', 'cs_test_zz');
    expect((await deliver(raw, signLocal(raw, SECRET), stripeApp.app)).json().error.code).toBe('invalid_signature');
    expect((await deliver(raw, signLocal(raw, SECRET), stripeApp.app, 'Stripe-Signature')).json().error.code).toBe('invalid_signature');
  });
});
