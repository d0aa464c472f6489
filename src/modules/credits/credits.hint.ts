// How a 402 `insufficient_credits` tells its reader to add credits, so that a refusal is never a
// dead end: a sentence in the message and `details.addCredits` for programs. Local and test servers offer the mock top-up;
// servers with a payment processor offer checkout; a production server with neither says so.

export interface AddCredits {
  method: 'POST' | null;
  path: string | null;
  credential: 'session';
  kind: 'top_up' | 'checkout' | 'unavailable';
  body?: Record<string, string>;
}

export function addCreditsHint(slug: string | undefined, ways: { mockTopUp: boolean; checkout: boolean }): { message: string; details: { addCredits: AddCredits } } {
  const base = `/api/v1/workspaces/${slug ?? '{workspace}'}`;
  if (ways.mockTopUp) {
    const path = `${base}/credits/top-up`;
    return {
      message: `Add credits with POST ${path} {"amountMicrousd", "idempotencyKey"} from a browser session (local mode, no payment).`,
      details: { addCredits: { method: 'POST', path, credential: 'session', kind: 'top_up', body: { amountMicrousd: 'integer', idempotencyKey: 'string' } } },
    };
  }
  if (ways.checkout) {
    const path = `${base}/billing/checkout`;
    return {
      message: `Buy credits with POST ${path} {"amountMicrousd"} from a browser session, then pay at the returned checkout URL.`,
      details: { addCredits: { method: 'POST', path, credential: 'session', kind: 'checkout', body: { amountMicrousd: 'integer' } } },
    };
  }
  return {
    message: 'This server has no way to add credits yet: its operator must configure a payment processor (STRIPE_SECRET_KEY).',
    details: { addCredits: { method: null, path: null, credential: 'session', kind: 'unavailable' } },
  };
}
