import http from 'node:http';
import { createVerify, generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { periods } from '../../src/modules/seo/seo.service.ts';
import { DEFAULT_SEO_CONFIG } from '../../src/modules/pages/pages.service.ts';
import type { Config } from '../../src/config.ts';
import type { SeoConfig } from '../../src/modules/pages/pages.config.ts';
import { testConfig } from './app.ts';

// Google's token endpoint, Search Console's searchAnalytics.query and GA4's runReport on
// loopback, speaking their wire format, so that the real googleapis clients are exercised.
// The token endpoint checks the JWT assertion's signature with the service account's public key.

export interface FakeGoogle {
  origin: string;
  tokenUrl: string;
  serviceAccountJson: string;
  requests: Array<{ path: string; body: Record<string, unknown>; authorization: string }>;
  close(): Promise<void>;
}

export const GSC_ROWS = {
  current: [
    { keys: ['best dashboards', 'https://acme.com/'], clicks: 40, impressions: 1000, ctr: 0.04, position: 6 },
    { keys: ['acme pricing', 'https://acme.com/pricing'], clicks: 10, impressions: 1000, ctr: 0.01, position: 12 },
  ],
  previous: [{ keys: ['best dashboards', 'https://acme.com/'], clicks: 50, impressions: 1200, ctr: 0.04, position: 7 }],
};
export const GA4_ROWS = [['google', '9000'], ['chatgpt.com', '270'], ['perplexity.ai', '90'], ['(direct)', '640']];
/** The AI-referral report (date, source, landing page, channel → sessions, key events), dated in the current period. */
export function ga4AiRows(now = new Date()) {
  const last = periods(now).current[1].replaceAll('-', '');
  return [
    [last, 'chatgpt.com', '/pricing', 'Referral', '12', '2'],
    [last, 'chatgpt.com', '/pricing/', 'Referral', '3', '0'],
    [last, 'perplexity', '/blog?utm_source=perplexity', 'AI Assistant', '5', '0'],
    [last, 'assistant.example', '/', 'AI Assistant', '2', '1'],
  ];
}

/** `gscRows` replaces the Search Analytics rows answered (default GSC_ROWS). */
export async function startFakeGoogle(options: { gscRows?: typeof GSC_ROWS } = {}): Promise<FakeGoogle> {
  const gscRows = options.gscRows ?? GSC_ROWS;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const requests: FakeGoogle['requests'] = [];
  let origin = '';
  const json = (res: http.ServerResponse, status: number, body: unknown) => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const path = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
      const authorization = req.headers.authorization ?? '';
      if (path === '/token') {
        const form = new URLSearchParams(raw);
        const [head, claims, signature] = (form.get('assertion') ?? '').split('.');
        const valid = form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' && Boolean(signature)
          && createVerify('RSA-SHA256').update(`${head}.${claims}`).verify(publicKey, Buffer.from(signature!, 'base64url'))
          && JSON.parse(Buffer.from(claims!, 'base64url').toString()).aud === `${origin}/token`;
        requests.push({ path, body: Object.fromEntries(form), authorization });
        if (!valid) return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
        return json(res, 200, { access_token: 'ya29.fake-token', expires_in: 3599, token_type: 'Bearer' });
      }
      const body = raw ? JSON.parse(raw) : {};
      requests.push({ path, body, authorization });
      if (authorization !== 'Bearer ya29.fake-token') return json(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
      const gsc = /^\/webmasters\/v3\/sites\/(.+)\/searchAnalytics\/query$/.exec(path);
      if (gsc && req.method === 'POST') {
        const isCurrent = body.startDate === periods(new Date()).current[0];
        return json(res, 200, { rows: isCurrent ? gscRows.current : gscRows.previous, responseAggregationType: 'byPage' });
      }
      if (/^\/v1beta\/properties\/\d+:runReport$/.test(path) && req.method === 'POST' && (body.dimensions as unknown[]).length === 4) {
        const rows = ga4AiRows();
        return json(res, 200, {
          dimensionHeaders: (body.dimensions as Array<{ name: string }>).map((d) => ({ name: d.name })),
          metricHeaders: [{ name: 'sessions', type: 'TYPE_INTEGER' }, { name: 'keyEvents', type: 'TYPE_FLOAT' }],
          rows: rows.map((r) => ({ dimensionValues: r.slice(0, 4).map((value) => ({ value })), metricValues: r.slice(4).map((value) => ({ value })) })),
          rowCount: rows.length, kind: 'analyticsData#runReport',
        });
      }
      if (/^\/v1beta\/properties\/\d+:runReport$/.test(path) && req.method === 'POST') {
        return json(res, 200, {
          dimensionHeaders: [{ name: 'sessionSource' }], metricHeaders: [{ name: 'sessions', type: 'TYPE_INTEGER' }],
          rows: GA4_ROWS.map(([source, sessions]) => ({ dimensionValues: [{ value: source }], metricValues: [{ value: sessions }] })),
          rowCount: GA4_ROWS.length, kind: 'analyticsData#runReport',
        });
      }
      return json(res, 404, { error: { code: 404, message: `not found: ${path}`, status: 'NOT_FOUND' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin, tokenUrl: `${origin}/token`, requests,
    serviceAccountJson: JSON.stringify({ type: 'service_account', client_email: 'geo@test-project.iam.gserviceaccount.com', private_key: pem, token_uri: 'https://evil.example/token' }),
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** A test configuration whose Google token endpoint and APIs are this fake. */
export function configWithGoogle(google: FakeGoogle, seo: Partial<SeoConfig> = {}): Config {
  const config = testConfig();
  return {
    ...config,
    providers: { ...config.providers, google: { apiKey: undefined, baseUrl: google.tokenUrl } },
    seo: { ...DEFAULT_SEO_CONFIG, googleApiRootUrl: `${google.origin}/`, ...seo },
  };
}
