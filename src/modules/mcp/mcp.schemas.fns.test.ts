import { describe, expect, it } from 'vitest';
import { findOperation, httpCallOf, inputSchemaOf, responseSchemaOf, withoutExtensions, type OpenApiDocument } from './mcp.schemas.fns.ts';
import { bareMessage } from './mcp.results.ts';

const doc: OpenApiDocument = {
  paths: {
    '/api/v1/workspaces/{workspace}/runs': {
      get: {
        operationId: 'listRuns',
        parameters: [
          { in: 'query', name: 'limit', required: true, schema: { type: 'integer', default: 20 } },
          { in: 'path', name: 'workspace', required: true, schema: { type: 'string' } },
        ],
        responses: { 200: { content: { 'application/json': { schema: { type: 'object', properties: { runs: { type: 'array' } } } } } }, 400: {} },
      },
      post: {
        operationId: 'startRun',
        parameters: [{ in: 'path', name: 'workspace', required: true, schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['preset'], properties: { preset: { type: 'string' }, samples: { type: 'integer' } } } } } },
        responses: { 202: { content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
    '/api/v1/workspaces/{workspace}/runs/{id}': {
      get: {
        operationId: 'getRun',
        parameters: [
          { in: 'path', name: 'workspace', required: true, schema: { type: 'string' } },
          { in: 'path', name: 'id', required: true, description: 'Run id', schema: { type: 'string', maxLength: 100 } },
          { in: 'query', name: 'date', required: false, schema: { type: 'string', format: 'date' } },
        ],
        responses: { 200: { content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
};

describe('inputSchemaOf', () => {
  it.each([
    ['listRuns', { limit: { type: 'integer', default: 20 } }, undefined, { limit: 'query' }],
    ['startRun', { preset: { type: 'string' }, samples: { type: 'integer' } }, ['preset'], { preset: 'body', samples: 'body' }],
    ['getRun', { id: { type: 'string', maxLength: 100, description: 'Run id' }, date: { type: 'string', format: 'date' } }, ['id'], { id: 'path', date: 'query' }],
  ])('%s: the workspace left out, defaults optional, fields located', (operationId, properties, required, locations) => {
    const input = inputSchemaOf(findOperation(doc, operationId).operation);
    expect(input.schema).toEqual({ type: 'object', properties, ...(required ? { required } : {}), additionalProperties: false });
    expect(input.locations).toEqual(locations);
  });
});

describe('responseSchemaOf', () => {
  it('takes the first 2xx JSON answer', () => {
    expect(responseSchemaOf(findOperation(doc, 'listRuns').operation)).toEqual({ type: 'object', properties: { runs: { type: 'array' } } });
    expect(responseSchemaOf(findOperation(doc, 'startRun').operation)).toEqual({ type: 'object' });
  });
  it('an unknown operation is a programming error', () => {
    expect(() => findOperation(doc, 'nope')).toThrow('No operation nope');
  });
});

describe('httpCallOf', () => {
  const callOf = (operationId: string, args: Record<string, unknown>) => {
    const found = findOperation(doc, operationId);
    return httpCallOf(found, inputSchemaOf(found.operation).locations, args, { workspace: 'acme' });
  };
  it.each([
    ['listRuns', { limit: 5 }, { method: 'GET', url: '/api/v1/workspaces/acme/runs', query: { limit: '5' }, body: undefined }],
    ['startRun', { preset: 'smoke' }, { method: 'POST', url: '/api/v1/workspaces/acme/runs', query: {}, body: { preset: 'smoke' } }],
    ['getRun', { id: 'a/b', date: '2026-01-01' }, { method: 'GET', url: '/api/v1/workspaces/acme/runs/a%2Fb', query: { date: '2026-01-01' }, body: undefined }],
  ])('%s', (operationId, args, expected) => {
    expect(callOf(operationId, args)).toEqual(expected);
  });
  it('refuses an argument the operation does not have', () => {
    expect(() => callOf('listRuns', { workspace: 'other' })).toThrow('Unknown argument "workspace"');
  });
});

describe('withoutExtensions', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['words without a description', { type: 'string', pattern: '^[0-9]+$', 'x-expected': 'digits' }, { type: 'string', pattern: '^[0-9]+$', description: 'Must be digits.' }],
    ['words after a description', { type: 'string', description: 'The slug.', 'x-expected': 'lowercase' }, { type: 'string', description: 'The slug. Must be lowercase.' }],
    ['other x- keywords dropped', { type: 'string', 'x-credential': 'public' }, { type: 'string' }],
    ['nested in properties and items', { type: 'object', properties: { ids: { type: 'array', items: { type: 'string', 'x-expected': 'an id' } } } },
      { type: 'object', properties: { ids: { type: 'array', items: { type: 'string', description: 'Must be an id.' } } } }],
    ['in anyOf', { anyOf: [{ type: 'string', 'x-expected': 'a URL' }, { type: 'null' }] }, { anyOf: [{ type: 'string', description: 'Must be a URL.' }, { type: 'null' }] }],
    ['a field named x-… is a field, not a keyword', { type: 'object', properties: { 'x-id': { type: 'string' } } }, { type: 'object', properties: { 'x-id': { type: 'string' } } }],
  ])('%s', (_name, schema, expected) => {
    expect(withoutExtensions(schema)).toEqual(expected);
  });
});

describe('bareMessage', () => {
  it.each([
    ['Unknown resource: geo://x', 'Unknown resource: geo://x'],
    ['MCP error -32602: Unknown resource: geo://x', 'Unknown resource: geo://x'],
    ['MCP error -32603: MCP error -32602: invalid_key: revoked', 'invalid_key: revoked'],
    ['invalid_key: MCP error -1: kept inside', 'invalid_key: MCP error -1: kept inside'],
  ])('%s', (message, bare) => {
    expect(bareMessage(message)).toBe(bare);
  });
});
