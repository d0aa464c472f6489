import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signLocal, verifyLocalSignature, verifyStripeSignature } from './signatures.fns.ts';

const secret = 'whsec_local_test';
const body = Buffer.from('{"id":"evt_1","type":"checkout.session.completed","data":{"object":{"id":"cs_1"}}}');
const good = signLocal(body, secret);

describe('verifyLocalSignature', () => {
  it.each([
    ['the right signature', good, body, secret, true],
    ['missing', undefined, body, secret, false],
    ['empty', '', body, secret, false],
    ['short', good.slice(0, 63), body, secret, false],
    ['long', `${good}0`, body, secret, false],
    ['non-hex', `${good.slice(0, 63)}z`, body, secret, false],
    ['uppercase hex', good.toUpperCase(), body, secret, false],
    ['wrong secret', signLocal(body, 'other'), body, secret, false],
    ['tampered body', good, Buffer.from(body.toString().replace('cs_1', 'cs_2')), secret, false],
    ['a whitespace-padded body', good, Buffer.from(`${body.toString()} `), secret, false],
  ])('%s', (_name, header, raw, key, ok) => {
    expect(verifyLocalSignature(raw, header, key)).toBe(ok);
  });
});

describe('verifyStripeSignature', () => {
  const now = new Date('2026-07-01T12:00:00Z');
  const at = (offsetS: number, key = secret, payload = body.toString()) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: key, timestamp: Math.floor(now.getTime() / 1000) + offsetS });

  it.each([
    ['now', at(0), true],
    ['299 s old', at(-299), true],
    ['301 s old', at(-301), false],
    ['299 s ahead', at(299), true],
    ['301 s ahead', at(301), false],
    ['wrong secret', at(0, 'whsec_other'), false],
    ['signed over another body', at(0, secret, '{}'), false],
    ['missing', undefined, false],
    ['garbage', 't=abc,v1=xyz', false],
    ['local-style hex', good, false],
  ])('%s', (_name, header, ok) => {
    expect(verifyStripeSignature(body, header, secret, now)).toBe(ok);
  });
});
