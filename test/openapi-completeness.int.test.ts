import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedCodes } from '../src/lib/http/conventions.ts';
import { ERROR_STATUS } from '../src/lib/errors.ts';
import { createTestApp, type TestContext } from './helpers/app.ts';

// Issue 14: every operation of the generated OpenAPI document has a described 2xx schema and
// lists the error statuses its declaration implies; routes added later are caught here too.

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; additionalProperties?: unknown; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] };
type Operation = {
  operationId: string; description?: string; security?: unknown[]; parameters?: unknown[]; requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
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
]);
// Success statuses that carry no body by design (as 204 does everywhere).
const BODYLESS = new Set([
  'mcp 202', // POST /mcp with only notifications or responses: accepted, nothing to answer (MCP Streamable HTTP)
]);

/** Paths inside a JSON schema where an object says nothing about its fields. */
function undescribed(schema: Schema | undefined, at: string): string[] {
  if (!schema) return [at];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (nested.length) return nested.flatMap((s, i) => undescribed(s, `${at}|${i}`)).length === nested.length ? [at] : [];
  if (schema.type === 'array') return undescribed(schema.items, `${at}[]`);
  if (schema.type === 'object' && !Object.keys(schema.properties ?? {}).length && typeof schema.additionalProperties !== 'object') return [at];
  return [];
}

let ctx: TestContext;
let operations: Array<[string, Operation]>;
beforeAll(async () => {
  ctx = await createTestApp();
  const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
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

describe('documents over HTTP (issue 14)', () => {
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
