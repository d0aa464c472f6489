import { describe, expect, it } from 'vitest';
import { addCreditsHint } from './credits.hint.ts';

describe('addCreditsHint', () => {
  it.each([
    [{ mockTopUp: true, checkout: true }, 'top_up', '/api/v1/workspaces/acme/credits/top-up', /local mode/],
    [{ mockTopUp: true, checkout: false }, 'top_up', '/api/v1/workspaces/acme/credits/top-up', /POST \/api\/v1\/workspaces\/acme\/credits\/top-up/],
    [{ mockTopUp: false, checkout: true }, 'checkout', '/api/v1/workspaces/acme/billing/checkout', /checkout URL/],
    [{ mockTopUp: false, checkout: false }, 'unavailable', null, /operator must configure a payment processor/],
  ])('%j → %s', (ways, kind, path, message) => {
    const hint = addCreditsHint('acme', ways);
    expect(hint.details.addCredits).toMatchObject({ kind, path, credential: 'session' });
    expect(hint.message).toMatch(message);
  });

  it('names the path with a placeholder when the workspace is unknown', () => {
    expect(addCreditsHint(undefined, { mockTopUp: false, checkout: true }).details.addCredits.path).toBe('/api/v1/workspaces/{workspace}/billing/checkout');
  });
});
