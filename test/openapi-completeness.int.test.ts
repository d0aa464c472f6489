import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { documentedCodes } from '../src/lib/http/conventions.ts';
import { ERROR_STATUS } from '../src/lib/errors.ts';
import { createTestApp, signup, testConfig, type TestContext } from './helpers/app.ts';

// Every operation of the generated OpenAPI document has a described 2xx schema and
// lists the error statuses its declaration implies; routes added later are caught here too.

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; additionalProperties?: unknown; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] };
type Operation = {
  operationId: string; description?: string; security?: unknown[]; parameters?: unknown[]; requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: Schema }>; headers?: Record<string, unknown> }>;
};

// Free-form by nature, each with its reason.
const FREE_FORM = new Set([
  'getOpenApi', // the OpenAPI document itself
  'getReport', // a report's JSON body differs per report kind (its catalog entry describes it)
]);

// Operations that answer no success by design, each with its reason.
const NO_SUCCESS = new Set([
  'mcpStream', // GET /mcp: 405, the MCP server is stateless and offers no server-to-client stream
  'mcpEndSession', // DELETE /mcp: 405, no session to end
  'oauthConsent', // POST /oauth/authorize: 303 back to the OAuth client (code or access_denied), or an error page
]);
// Success statuses that carry no body by design (as 204 does everywhere).
const BODYLESS = new Set([
  'mcp 202', // POST /mcp with only notifications or responses: accepted, nothing to answer (MCP Streamable HTTP)
  'oauthRevoke 200', // RFC 7009 §2.2: 200 and nothing to say, for a known token or not
]);
// Errors answered as an HTML page for the person in the browser: the OAuth authorization endpoint
// must not redirect to a redirect URI it cannot trust (RFC 6749 §4.1.2.1), so it shows why instead.
const HTML_ERRORS = new Set(['oauthAuthorize 400', 'oauthConsent 400']);

/** Paths inside a JSON schema where an object says nothing about its fields. */
function undescribed(schema: Schema | undefined, at: string): string[] {
  if (!schema) return [at];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (nested.length) return nested.flatMap((s, i) => undescribed(s, `${at}|${i}`)).length === nested.length ? [at] : [];
  if (schema.type === 'array') return undescribed(schema.items, `${at}[]`);
  if (schema.type === 'object' && !Object.keys(schema.properties ?? {}).length && typeof schema.additionalProperties !== 'object') return [at];
  return [];
}

const METRICS_TOKEN = 'metrics-token-for-tests';
type Doc = { info: { license?: { name: string } }; paths: Record<string, Record<string, Operation>> };
let ctx: TestContext;
let doc: Doc;
let operations: Array<[string, Operation]>;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ metricsToken: METRICS_TOKEN }) });
  doc = ctx.app.swagger() as unknown as Doc;
  operations = Object.entries(doc.paths).flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => [`${m.toUpperCase()} ${p}`, op] as [string, Operation]));
});
afterAll(() => ctx.close());

describe('OpenAPI completeness', () => {
  it('every operation has a 2xx response with a schema that describes its fields', () => {
    const missing: string[] = [];
    for (const [key, op] of operations) {
      const ok = Object.entries(op.responses).filter(([status]) => /^2/.test(status));
      if (!ok.length && !NO_SUCCESS.has(op.operationId)) missing.push(`${key}: no 2xx response`);
      for (const [status, response] of ok) {
        if (status === '204' || BODYLESS.has(`${op.operationId} ${status}`)) continue;
        const json = response.content?.['application/json'];
        if (!response.content || !Object.keys(response.content).length) missing.push(`${key} ${status}: no schema`);
        else if (json && !FREE_FORM.has(op.operationId)) missing.push(...undescribed(json.schema, `${key} ${status}`).map((p) => `${p}: undescribed object`));
      }
    }
    expect(missing).toEqual([]);
  });

  it('every operation lists the error statuses its declaration implies', () => {
    const missing: string[] = [];
    for (const [key, op] of operations) {
      const statuses = new Set(Object.keys(op.responses));
      const need = new Set<string>();
      if (op.security?.length) ['401', '403'].forEach((s) => need.add(s));
      if (op.requestBody || op.parameters?.length) need.add('400');
      for (const code of documentedCodes(op.description ?? '')) need.add(String(ERROR_STATUS[code]));
      for (const status of need) if (!statuses.has(status)) missing.push(`${key}: ${status}`);
    }
    expect(missing).toEqual([]);
  });

  it('startRun lists 402, 409 and 429 with their codes', () => {
    const [, op] = operations.find(([, o]) => o.operationId === 'startRun')!;
    for (const status of ['402', '409', '429']) expect(Object.keys(op.responses)).toContain(status);
    expect(JSON.stringify(op.responses['429'])).toContain('pipeline_capacity_reached');
  });
});

describe('documents over HTTP', () => {
  it('lists scoring, analysis and runs and serves each as markdown', async () => {
    const index = (await ctx.app.inject({ url: '/api/v1/docs' })).json() as Array<{ name: string; url: string }>;
    expect(index.map((d) => d.name)).toEqual(expect.arrayContaining(['scoring', 'analysis', 'runs', 'api-keys']));
    const res = await ctx.app.inject({ url: '/api/v1/docs/scoring' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.body).toBe(readFileSync(path.resolve('docs/scoring.md'), 'utf8'));
  });

  it.each([['no-such-doc', 404], ['..%2Fpackage', 400], ['Scoring', 400]])('%s → %i', async (name, status) => {
    const res = await ctx.app.inject({ url: `/api/v1/docs/${name}` });
    expect([res.statusCode, res.headers['content-type']]).toEqual([status, 'application/json; charset=utf-8']);
  });

  it('the /docs page links them (through the OpenAPI description it shows)', () => {
    const info = (ctx.app.swagger() as unknown as { info: { description: string } }).info.description;
    expect(info).toContain('(/api/v1/docs/scoring)');
    expect(info).toContain('(/api/v1/docs/analysis)');
    expect(info).toContain('(/api/v1/docs/runs)');
  });
});

// Outside /api/v1 a document could declare text/plain, text/html or text/css errors while the
// server sends the JSON envelope. Each answer here is checked against the document: its status
// is declared, its media type is one declared for that status, and a JSON body fits the schema.
describe('the document says what the server sends', () => {
  const ajv = new Ajv({ strict: false });
  addFormats.default(ajv);

  /** The operation a concrete path answers to (templates `{x}` match one segment). */
  function operationFor(method: string, url: string): Operation {
    const path = url.split('?')[0]!;
    const match = Object.entries(doc.paths)
      .filter(([template]) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path))
      // The most literal template wins (`/checkout/complete` over `/checkout/{id}`).
      .sort(([a], [b]) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
    const op = match?.[1][method.toLowerCase()];
    if (!op) throw new Error(`no operation for ${method} ${path}`);
    return op;
  }

  /** What the document lacks to describe this answer; empty when it describes it. */
  function undeclared(method: string, url: string, res: LightMyRequestResponse): string[] {
    const op = operationFor(method, url);
    const status = String(res.statusCode);
    const declared = op.responses[status] ?? op.responses[`${status[0]}XX`];
    if (!declared) return [`${method} ${url}: ${status} not declared (${Object.keys(op.responses).join(', ')})`];
    const mediaType = String(res.headers['content-type'] ?? '').split(';')[0]!;
    if (!declared.content) return mediaType && res.body ? [`${method} ${url} ${status}: declares no body, sends ${mediaType}`] : [];
    const content = declared.content[mediaType];
    if (!content) return [`${method} ${url} ${status}: sends ${mediaType}, declares ${Object.keys(declared.content).join(', ')}`];
    if (mediaType === 'application/json' && content.schema && !ajv.validate(content.schema, res.json())) {
      return [`${method} ${url} ${status}: body does not fit the schema: ${ajv.errorsText()}`];
    }
    return [];
  }

  const html = { accept: 'text/html' };
  const cases: Array<[string, string, string, Record<string, string>, number]> = [
    ['metrics with its token', 'GET', '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` }, 200],
    ['metrics without it', 'GET', '/metrics', {}, 404],
    ['metrics without it, from a browser', 'GET', '/metrics', html, 404],
    ['a dashboard script', 'GET', '/assets/dashboard/app.js', {}, 200],
    ['a dashboard style sheet', 'GET', '/assets/dashboard/app.css', {}, 200],
    ['an unknown dashboard file', 'GET', '/assets/dashboard/nope.js', {}, 404],
    ['an unknown dashboard file, from a browser', 'GET', '/assets/dashboard/nope.js', html, 404],
    ['a malformed file name', 'GET', '/assets/dashboard/NOPE.exe', {}, 400],
    ['a malformed file name, from a browser', 'GET', '/assets/dashboard/NOPE.exe', html, 404],
    ['a workspace page without a session', 'GET', '/w/acme', html, 303],
    ['an unknown section', 'GET', '/w/acme/nosuch', html, 404],
    ['a malformed workspace, from a browser', 'GET', '/w/ACME', html, 404],
    ['a malformed workspace', 'GET', '/w/ACME', {}, 400],
    ['the checkout return page', 'GET', '/checkout/complete', html, 200],
    ['an unknown checkout session', 'GET', '/checkout/cs_nope', html, 404],
    ['paying an unknown checkout session', 'POST', '/checkout/cs_nope/pay', {}, 404],
    ['the API without a credential', 'GET', '/api/v1/workspaces', {}, 401],
    ['an unknown workspace', 'GET', '/api/v1/workspaces/nope/settings', {}, 404],
  ];

  it.each(cases)('%s', async (_name, method, url, headers, status) => {
    const cookie = url.startsWith('/api/v1/workspaces/') ? (await signup(ctx.app)).cookie : undefined;
    const res = await ctx.app.inject({ method: method as 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    expect(res.statusCode).toBe(status);
    expect(undeclared(method, url, res)).toEqual([]);
  });

  it('a workspace page with a session', async () => {
    const { cookie } = await signup(ctx.app);
    const res = await ctx.app.inject({ url: '/w/acme', headers: { ...html, cookie } });
    expect(res.statusCode).toBe(200);
    expect(undeclared('GET', '/w/acme', res)).toEqual([]);
  });

  it('a 401 names its challenge, as declared on every 401', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/workspaces' });
    expect(res.headers['www-authenticate']).toBe('Bearer realm="geo"');
    const missing = operations.filter(([, op]) => op.responses['401'] && !op.responses['401'].headers?.['www-authenticate']).map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it('every operation declares a 5XX in the envelope and every error as JSON (a page may add its HTML 404)', () => {
    const off: string[] = [];
    for (const [key, op] of operations) {
      if (!op.responses['5XX']?.content?.['application/json']) off.push(`${key}: no 5XX envelope`);
      for (const [status, response] of Object.entries(op.responses)) {
        if (!/^[45]/.test(status)) continue;
        const types = Object.keys(response.content ?? {});
        if (HTML_ERRORS.has(`${op.operationId} ${status}`) && types.join() === 'text/html') continue;
        const ok = status === '404' ? types.every((t) => t === 'application/json' || t === 'text/html') && types.length > 0 : types.join() === 'application/json';
        if (!ok) off.push(`${key} ${status}: ${types.join(', ') || 'no body'}`);
      }
    }
    expect(off).toEqual([]);
  });

  it('closed sets are enums, and the document names its licence', () => {
    const schemaAt = (path: string, method: string, status: string) => doc.paths[path]![method]!.responses[status]!.content!['application/json']!.schema as Record<string, any>;
    const errorCode = schemaAt('/api/v1/workspaces', 'get', '401').properties.error.properties.code;
    expect(errorCode.enum).toEqual(Object.keys(ERROR_STATUS));
    const key = schemaAt('/api/v1/workspaces/{workspace}/api-keys/{keyId}', 'post', '200');
    expect(key.properties.state.enum).toEqual(['pending', 'active', 'grace', 'revoked']);
    const run = schemaAt('/api/v1/workspaces/{workspace}/runs/{id}', 'get', '200');
    expect(run.properties.progress.properties.source.enum).toEqual(['calls', 'batches', 'pages', 'kilobytes', 'items', 'report', 'days']);
    expect(doc.info.license?.name).toBeTruthy();
  });
});
