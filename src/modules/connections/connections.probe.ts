import { createSign } from 'node:crypto';
import type { ProviderConfig } from '../engines/catalogue.ts';
import type { Connector, ServiceAccount } from './connections.fns.ts';

// Asks the provider whether it accepts a credential, with the cheapest call that needs it and
// spends nothing. Addresses come from configuration only, never from the stored value (the
// service account's own token_uri is ignored), so a credential cannot point us elsewhere.

export interface ProbeResult {
  status: 'passed' | 'failed' | 'skipped';
  message: string;
}

const TIMEOUT_MS = 10_000;
const GOOGLE_SCOPES = 'https://www.googleapis.com/auth/webmasters.readonly https://www.googleapis.com/auth/analytics.readonly';

function verdict(name: string, status: number): ProbeResult {
  if (status >= 200 && status < 300) return { status: 'passed', message: `${name} accepted the credential.` };
  if (status === 401 || status === 403) return { status: 'failed', message: `${name} rejected the credential (HTTP ${status}).` };
  return { status: 'failed', message: `${name} answered HTTP ${status}; the credential could not be confirmed.` };
}

function googleAssertion(account: ServiceAccount, audience: string, nowSeconds: number): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({
    iss: account.client_email, scope: GOOGLE_SCOPES, aud: audience, iat: nowSeconds, exp: nowSeconds + 3600,
  })}`;
  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(account.private_key).toString('base64url')}`;
}

export async function probeProvider(connector: Connector, value: string, provider: ProviderConfig, now: Date): Promise<ProbeResult> {
  const base = provider.baseUrl;
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  try {
    switch (connector) {
      case 'openai':
        return verdict('OpenAI', (await fetch(`${base}/models`, { headers: { authorization: `Bearer ${value}` }, signal })).status);
      case 'anthropic':
        return verdict('Anthropic', (await fetch(`${base}/models`, { headers: { 'x-api-key': value, 'anthropic-version': '2023-06-01' }, signal })).status);
      case 'gemini':
        return verdict('Gemini', (await fetch(`${base}/models`, { headers: { 'x-goog-api-key': value }, signal })).status);
      case 'serpapi':
        return verdict('SerpApi', (await fetch(`${base}/account.json?api_key=${encodeURIComponent(value)}`, { signal })).status);
      case 'xai':
        return verdict('xAI', (await fetch(`${base}/models`, { headers: { authorization: `Bearer ${value}` }, signal })).status);
      case 'openai-compatible':
        if (!base) return { status: 'skipped', message: 'OPENAI_COMPATIBLE_BASE_URL is not set: the key is checked once the server has an address.' };
        return verdict('The OpenAI-compatible server', (await fetch(`${base}/models`, { headers: { authorization: `Bearer ${value}` }, signal })).status);
      case 'dataforseo':
        // The account's own data: free, and it needs the login.
        return verdict('DataForSEO', (await fetch(`${base}/v3/appendix/user_data`, { headers: { authorization: `Basic ${Buffer.from(value).toString('base64')}` }, signal })).status);
      case 'perplexity':
        return { status: 'skipped', message: 'Perplexity has no free endpoint to confirm a key; it is checked on the first run.' };
      case 'google': {
        let assertion: string;
        try {
          assertion = googleAssertion(JSON.parse(value) as ServiceAccount, base, Math.floor(now.getTime() / 1000));
        } catch {
          return { status: 'failed', message: 'The service account private key cannot sign a token.' };
        }
        const res = await fetch(base, {
          method: 'POST', signal,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
        });
        return verdict('Google', res.status);
      }
    }
  } catch (err) {
    const error = err as Error & { cause?: { code?: string } };
    const reason = error.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : (error.cause?.code ?? error.message);
    return { status: 'failed', message: `Could not reach the provider: ${reason}.` };
  }
}
