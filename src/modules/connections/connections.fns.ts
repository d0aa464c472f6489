import type { ProviderName } from '../engines/provider-name.ts';

// What can be stored: each connector and the keys it takes. Engines (issue: measurement runs)
// use the API keys; `google` holds the service account for Search Console and GA4.
export const CONNECTORS = {
  openai: { keys: ['api_key'], engine: 'chatgpt' },
  perplexity: { keys: ['api_key'], engine: 'perplexity' },
  gemini: { keys: ['api_key'], engine: 'gemini' },
  anthropic: { keys: ['api_key'], engine: 'claude' },
  serpapi: { keys: ['api_key'], engine: 'google-aio' },
  google: { keys: ['service_account_json'], engine: null },
  xai: { keys: ['api_key'], engine: 'grok' },
  'openai-compatible': { keys: ['api_key'], engine: 'openai-compatible' },
  // The API login and password as "login:password" (HTTP Basic).
  dataforseo: { keys: ['api_key'], engine: 'dataforseo-ai-mode' },
} as const satisfies Record<ProviderName, { keys: readonly string[]; engine: string | null }>;

export type Connector = keyof typeof CONNECTORS;
export const CONNECTOR_NAMES = Object.keys(CONNECTORS) as Connector[];
export const CREDENTIAL_KEYS = [...new Set(Object.values(CONNECTORS).flatMap((c) => c.keys))];

export function isKeyOf(connector: Connector, key: string): boolean {
  return (CONNECTORS[connector].keys as readonly string[]).includes(key);
}

/** `****` plus the last four characters, and only when the value is long enough to spare them. */
export function maskValue(value: string): string {
  return value.length >= 16 ? `****${value.slice(-4)}` : '****';
}

export interface ServiceAccount {
  client_email: string;
  private_key: string;
}

/** Checks the shape of a value before any network call; returns a problem or null. */
export function shapeProblem(key: string, value: string): string | null {
  if (key === 'api_key') {
    if (/\s/.test(value)) return 'an API key has no white space';
    if (value.length < 8) return 'too short for an API key';
    return null;
  }
  if (key === 'service_account_json') {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(value);
    } catch {
      return 'not JSON';
    }
    if (parsed?.type !== 'service_account') return 'the JSON is not a service account key (type must be "service_account")';
    if (typeof parsed.client_email !== 'string' || !parsed.client_email.includes('@')) return 'client_email is missing';
    if (typeof parsed.private_key !== 'string' || !parsed.private_key.includes('PRIVATE KEY')) return 'private_key is missing';
    return null;
  }
  return null;
}
