import { createSign } from 'node:crypto';
import type { GscRow } from './seo.fns.ts';

// Search Console (Search Analytics) and GA4 (Data API) through Google's official Node clients,
// with the workspace's stored service account. The access token is obtained at the configured
// token endpoint (GOOGLE_TOKEN_URL), never at the `token_uri` written in the stored credential,
// so a credential cannot send us elsewhere; google-auth-library's JWT client has that URL fixed.
// Each API's own package (@googleapis/searchconsole, @googleapis/analyticsdata) rather than the
// whole `googleapis` bundle of every Google API; still loaded on first use, as few processes call Google.

const SCOPES = 'https://www.googleapis.com/auth/webmasters.readonly https://www.googleapis.com/auth/analytics.readonly';
const TIMEOUT_MS = 20_000;

export interface GoogleEndpoints {
  tokenUrl: string;
  /** null: each API's own host. */
  rootUrl: string | null;
}

export class GoogleError extends Error {}

export async function googleAccessToken(serviceAccountJson: string, tokenUrl: string, now: Date): Promise<string> {
  let account: { client_email: string; private_key: string };
  try {
    account = JSON.parse(serviceAccountJson);
  } catch {
    throw new GoogleError('the stored Google credential is not JSON');
  }
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const iat = Math.floor(now.getTime() / 1000);
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({ iss: account.client_email, scope: SCOPES, aud: tokenUrl, iat, exp: iat + 3600 })}`;
  let assertion: string;
  try {
    assertion = `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(account.private_key).toString('base64url')}`;
  } catch {
    throw new GoogleError('the service account private key cannot sign a token');
  }
  const res = await fetch(tokenUrl, {
    method: 'POST', signal: AbortSignal.timeout(TIMEOUT_MS), headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
  }).catch((err: Error) => {
    throw new GoogleError(`the Google token endpoint did not answer (${err.message})`);
  });
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; error?: string; error_description?: string };
  if (!res.ok || !body.access_token) throw new GoogleError(`Google refused the service account (HTTP ${res.status}${body.error ? `: ${body.error}` : ''})`);
  return body.access_token;
}

async function clients(accessToken: string, rootUrl: string | null) {
  const [{ searchconsole, auth }, { analyticsdata }] = await Promise.all([
    import('@googleapis/searchconsole'),
    import('@googleapis/analyticsdata'),
  ]);
  const client = new auth.OAuth2();
  client.setCredentials({ access_token: accessToken });
  const options = { auth: client, timeout: TIMEOUT_MS, retry: false, ...(rootUrl ? { rootUrl } : {}) };
  return { gsc: searchconsole({ version: 'v1', ...options }), ga4: analyticsdata({ version: 'v1beta', ...options }) };
}
export type GoogleClients = Awaited<ReturnType<typeof clients>>;
export const googleClients = clients;

const describe = (err: unknown) => {
  const e = err as { code?: number | string; status?: number; message?: string };
  return `${e.status ?? e.code ?? ''} ${e.message ?? ''}`.trim();
};

/** Search Analytics rows by query and page for one period (dates inclusive, YYYY-MM-DD). */
export async function searchAnalytics(gsc: GoogleClients['gsc'], siteUrl: string, startDate: string, endDate: string): Promise<GscRow[]> {
  try {
    const res = await gsc.searchanalytics.query({ siteUrl, requestBody: { startDate, endDate, dimensions: ['query', 'page'], rowLimit: 1000, type: 'web' } });
    return (res.data.rows ?? []).map((r) => ({
      keys: r.keys ?? [], clicks: r.clicks ?? 0, impressions: r.impressions ?? 0, ctr: r.ctr ?? 0, position: r.position ?? 0,
    }));
  } catch (err) {
    throw new GoogleError(`Search Console searchAnalytics.query failed: ${describe(err)}`);
  }
}

/** Sessions per source over one period (GA4 runReport). */
export async function sessionsBySource(ga4: GoogleClients['ga4'], propertyId: string, startDate: string, endDate: string) {
  try {
    const res = await ga4.properties.runReport({
      property: `properties/${propertyId}`,
      requestBody: { dateRanges: [{ startDate, endDate }], dimensions: [{ name: 'sessionSource' }], metrics: [{ name: 'sessions' }], limit: '1000' },
    });
    return (res.data.rows ?? []).map((r) => ({ source: r.dimensionValues?.[0]?.value ?? '', sessions: Number(r.metricValues?.[0]?.value ?? 0) || 0 }));
  } catch (err) {
    throw new GoogleError(`GA4 runReport failed: ${describe(err)}`);
  }
}

export interface Ga4ReferralRow { date: string; source: string; landingPage: string; channel: string; sessions: number; keyEvents: number }

/**
 * Sessions and key events (GA4's conversions) per day, session source and landing page, for the
 * sessions whose source matches `sourcePattern` (a full RE2 regular expression of the AI answer
 * engines' hosts) or whose default channel group is "AI Assistant" — filtered by GA4, so a large
 * site's other sources never come back.
 */
export async function aiReferralsByLanding(ga4: GoogleClients['ga4'], propertyId: string, startDate: string, endDate: string, sourcePattern: string): Promise<Ga4ReferralRow[]> {
  try {
    const res = await ga4.properties.runReport({
      property: `properties/${propertyId}`,
      requestBody: {
        dateRanges: [{ startDate, endDate }],
        dimensions: [{ name: 'date' }, { name: 'sessionSource' }, { name: 'landingPage' }, { name: 'sessionDefaultChannelGroup' }],
        metrics: [{ name: 'sessions' }, { name: 'keyEvents' }],
        dimensionFilter: {
          orGroup: {
            expressions: [
              { filter: { fieldName: 'sessionSource', stringFilter: { matchType: 'FULL_REGEXP', value: sourcePattern, caseSensitive: false } } },
              { filter: { fieldName: 'sessionDefaultChannelGroup', stringFilter: { matchType: 'EXACT', value: 'AI Assistant', caseSensitive: false } } },
            ],
          },
        },
        limit: '10000',
      },
    });
    return (res.data.rows ?? []).map((r) => {
      const d = r.dimensionValues ?? [];
      const m = r.metricValues ?? [];
      const raw = d[0]?.value ?? '';
      return {
        date: /^\d{8}$/.test(raw) ? `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}` : raw,
        source: d[1]?.value ?? '', landingPage: d[2]?.value ?? '', channel: d[3]?.value ?? '',
        sessions: Number(m[0]?.value ?? 0) || 0, keyEvents: Math.round(Number(m[1]?.value ?? 0) || 0),
      };
    });
  } catch (err) {
    throw new GoogleError(`GA4 runReport (AI referrals) failed: ${describe(err)}`);
  }
}
