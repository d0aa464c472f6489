import { createHash } from 'node:crypto';
import { isScope, SCOPES, type Scope } from '../../lib/http/credentials.ts';

// The pure rules of the authorization server (docs/mcp.md, "OAuth"): which redirect addresses a
// public client may register, how they are matched, PKCE, scope lists and the Bearer challenge.

/** Scopes that spend credits (start paid runs, chat with a paid model): offered, never ticked by default. */
export const SPENDING_SCOPES: readonly Scope[] = ['runs:write', 'chat:write'];

export const ACCESS_TOKEN_PREFIX = 'gp_oat_';
export const REFRESH_TOKEN_PREFIX = 'gp_ort_';
export const TOKEN_PATTERN = /^gp_o[ar]t_[A-Za-z0-9_-]{43}$/;
export const CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;
/** The S256 challenge of a 32-byte hash: 43 base64url characters. */
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * A redirect URI a public client may register (RFC 8252, OAuth 2.1 §2.3.1): https anywhere, or
 * plain http to the loopback interface only; absolute, no fragment, no user information.
 */
export function checkRedirectUri(raw: string): Checked<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'is not an absolute URL' };
  }
  if (url.hash || raw.includes('#')) return { ok: false, reason: 'must not contain a fragment' };
  if (url.username || url.password) return { ok: false, reason: 'must not contain user information' };
  if (url.protocol === 'https:') return { ok: true, value: raw };
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return { ok: true, value: raw };
  return { ok: false, reason: 'must use https, or http to a loopback address (127.0.0.1, [::1], localhost)' };
}

/**
 * Whether a redirect URI in a request is one the client registered: the exact string, except
 * that a loopback http address may name any port (RFC 8252 §7.3: native apps pick one at run time).
 */
export function redirectRegistered(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  let asked: URL;
  try {
    asked = new URL(requested);
  } catch {
    return false;
  }
  if (asked.protocol !== 'http:' || !LOOPBACK_HOSTS.has(asked.hostname) || requested.includes('#') || asked.username || asked.password) return false;
  return registered.some((r) => {
    const reg = new URL(r);
    return reg.protocol === 'http:' && reg.hostname === asked.hostname && reg.pathname === asked.pathname && reg.search === asked.search;
  });
}

export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
export const verifierWellFormed = (verifier: string) => VERIFIER_PATTERN.test(verifier);
export const challengeWellFormed = (challenge: string) => CHALLENGE_PATTERN.test(challenge);

/** PKCE S256 (RFC 7636 §4.6): the verifier hashes to the challenge stored with the code. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  return verifierWellFormed(verifier) && s256(verifier) === challenge;
}

/** A space-separated scope parameter: every entry a known API key scope, none repeated in the answer. */
export function parseScope(raw: string | undefined): Checked<Scope[] | null> {
  if (raw === undefined || raw.trim() === '') return { ok: true, value: null };
  const parts = raw.split(' ').filter(Boolean);
  const unknown = parts.filter((p) => !isScope(p));
  if (unknown.length) return { ok: false, reason: `unknown scope${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 5).join(', ')}` };
  return { ok: true, value: [...new Set(parts as Scope[])] };
}

/**
 * What the consent page offers for a requested `scope`: its API key scopes, in the catalogue's
 * order. Others (`openid`, `offline_access`…) are ignored, as RFC 6749 §3.3 allows, so that an agent
 * asking for more than exists still connects; asking for none of ours (or nothing) offers them all.
 */
export function offeredScopes(raw: string | undefined): Scope[] {
  const asked = new Set((raw ?? '').split(' '));
  const known = SCOPES.filter((s) => asked.has(s));
  return known.length ? known : [...SCOPES];
}

/** The scopes ticked when the consent page opens: what was asked for, less what spends credits. */
export function defaultTicked(offered: readonly Scope[]): Scope[] {
  return offered.filter((s) => !SPENDING_SCOPES.includes(s));
}

/** Adds the answer's parameters to a registered redirect URI, keeping its own query. */
export function withParams(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** RFC 6750 §3 with RFC 9728 §5.1: where to find out how to get a token, and what went wrong. */
export function bearerChallenge(resourceMetadataUrl: string, error?: 'invalid_token' | 'insufficient_scope', description?: string): string {
  const parts = [`resource_metadata="${resourceMetadataUrl}"`];
  if (error) parts.push(`error="${error}"`);
  if (description) parts.push(`error_description="${description.replace(/["\\]/g, '')}"`);
  return `Bearer ${parts.join(', ')}`;
}

/** The origin a consent form may be redirected to: CSP form-action covers the redirect too. */
export const redirectOrigin = (redirectUri: string) => new URL(redirectUri).origin;
