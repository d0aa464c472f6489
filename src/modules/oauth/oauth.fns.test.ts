import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../lib/http/credentials.ts';
import { bearerChallenge, checkRedirectUri, defaultTicked, offeredScopes, parseScope, pkceMatches, redirectRegistered, s256, withParams } from './oauth.fns.ts';

describe('checkRedirectUri', () => {
  it.each([
    ['https://claude.ai/api/mcp/auth_callback', true],
    ['https://chatgpt.com/connector_platform_oauth_redirect', true],
    ['http://127.0.0.1:33418/callback', true],
    ['http://[::1]:8080/cb', true],
    ['http://localhost:6274/oauth/callback', true],
    ['http://example.com/callback', false],
    ['http://127.0.0.1.evil.example/cb', false],
    ['http://localhost.evil.example/cb', false],
    ['https://app.example/cb#frag', false],
    ['https://user:pw@app.example/cb', false],
    ['javascript:alert(1)', false],
    ['custom-scheme://cb', false],
    ['/relative/cb', false],
    ['', false],
  ])('%s → %s', (uri, ok) => {
    expect(checkRedirectUri(uri).ok).toBe(ok);
  });
});

describe('redirectRegistered', () => {
  const registered = ['https://app.example/cb', 'http://127.0.0.1:5000/callback?x=1'];
  it.each([
    ['https://app.example/cb', true],
    ['https://app.example/cb/', false],
    ['https://app.example/cb?extra=1', false],
    ['https://APP.example/cb', false],
    ['https://app.example:443/cb', false],
    // RFC 8252 §7.3: a loopback redirect may name another port, nothing else may differ.
    ['http://127.0.0.1:61234/callback?x=1', true],
    ['http://127.0.0.1:61234/callback', false],
    ['http://127.0.0.1:61234/other?x=1', false],
    ['http://localhost:61234/callback?x=1', false],
    ['http://127.0.0.1:61234/callback?x=1#f', false],
    ['not a url', false],
  ])('%s → %s', (uri, ok) => {
    expect(redirectRegistered(registered, uri)).toBe(ok);
  });
});

describe('PKCE S256', () => {
  // RFC 7636 Appendix B.
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
  it.each([
    [verifier, challenge, true],
    [`${verifier}x`, challenge, false],
    ['short', s256('short'), false],
    ['a'.repeat(129), s256('a'.repeat(129)), false],
    ['a'.repeat(128), s256('a'.repeat(128)), true],
    [`${verifier.slice(0, -1)} `, challenge, false],
  ])('%s', (v, c, ok) => {
    expect(pkceMatches(v, c)).toBe(ok);
  });
  it('matches the RFC example', () => expect(s256(verifier)).toBe(challenge));
});

describe('parseScope', () => {
  it.each([
    [undefined, { ok: true, value: null }],
    ['', { ok: true, value: null }],
    ['metrics:read runs:write metrics:read', { ok: true, value: ['metrics:read', 'runs:write'] }],
    ['metrics:read admin', { ok: false, reason: 'unknown scope: admin' }],
    ['openid profile', { ok: false, reason: 'unknown scopes: openid, profile' }],
  ])('%s', (raw, expected) => {
    expect(parseScope(raw)).toEqual(expected);
  });
});

describe('offeredScopes', () => {
  it.each([
    [undefined, [...SCOPES]],
    ['', [...SCOPES]],
    ['runs:write metrics:read metrics:read', ['runs:write', 'metrics:read']],
    ['metrics:read admin', ['metrics:read']],
    ['openid offline_access', [...SCOPES]],
  ])('%s', (raw, expected) => {
    expect(offeredScopes(raw)).toEqual(expected);
  });
});

describe('defaultTicked', () => {
  it('leaves the spending scopes unticked', () => {
    expect(defaultTicked(['metrics:read', 'runs:write', 'chat:write', 'recs:write'])).toEqual(['metrics:read', 'recs:write']);
  });
});

describe('withParams', () => {
  it.each([
    ['https://app.example/cb', { code: 'c', state: 'a b&c' }, 'https://app.example/cb?code=c&state=a+b%26c'],
    ['https://app.example/cb?keep=1', { code: 'c', state: undefined }, 'https://app.example/cb?keep=1&code=c'],
  ])('%s', (uri, params, expected) => {
    expect(withParams(uri, params)).toBe(expected);
  });
});

describe('bearerChallenge', () => {
  it.each([
    [undefined, 'Bearer resource_metadata="https://geo.example/.well-known/oauth-protected-resource/mcp"'],
    ['invalid_token' as const, 'Bearer resource_metadata="https://geo.example/.well-known/oauth-protected-resource/mcp", error="invalid_token"'],
  ])('%s', (error, expected) => {
    expect(bearerChallenge('https://geo.example/.well-known/oauth-protected-resource/mcp', error)).toBe(expected);
  });
});
