import { invalid } from '../../lib/errors.ts';

// A tool's input and output JSON Schemas are read from the OpenAPI operation it calls, so the
// tool and the route cannot drift apart: path (minus the workspace the key is bound to), query
// and body fields become one flat argument object, the 2xx answer becomes the output schema.

export type JsonSchema = Record<string, unknown>;
export type Location = 'path' | 'query' | 'body';

export interface OpenApiOperation {
  operationId?: string;
  parameters?: Array<{ in: string; name: string; required?: boolean; description?: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface FoundOperation {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

export function findOperation(doc: OpenApiDocument, operationId: string): FoundOperation {
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (operation?.operationId === operationId) return { method: method.toUpperCase(), path, operation };
    }
  }
  throw new Error(`No operation ${operationId} in the OpenAPI document`);
}

export interface ToolInput {
  schema: JsonSchema;
  /** Where each argument goes in the HTTP request. */
  locations: Record<string, Location>;
}

/** One flat object schema over the operation's path, query and JSON body fields, `omit` left out. */
export function inputSchemaOf(operation: OpenApiOperation, omit: readonly string[] = ['workspace']): ToolInput {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const locations: Record<string, Location> = {};
  for (const p of operation.parameters ?? []) {
    if ((p.in !== 'path' && p.in !== 'query') || omit.includes(p.name)) continue;
    const schema: JsonSchema = { ...(p.schema ?? {}), ...(p.description ? { description: p.description } : {}) };
    properties[p.name] = schema;
    locations[p.name] = p.in;
    // Fastify fills a query default in, so such a field is optional to the caller.
    if (p.in === 'path' || (p.required && schema.default === undefined)) required.push(p.name);
  }
  const body = operation.requestBody?.content?.['application/json']?.schema;
  if (body && body.type === 'object') {
    for (const [name, schema] of Object.entries((body.properties ?? {}) as Record<string, JsonSchema>)) {
      properties[name] = schema;
      locations[name] = 'body';
    }
    required.push(...((body.required ?? []) as string[]));
  }
  return { schema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false }, locations };
}

// Keys whose values are maps of names to schemas: their keys are field names, not keywords.
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/**
 * A schema as strict JSON Schema validators accept it: the API's own `x-…` keywords are dropped
 * (ajv in strict mode and some agent hosts refuse unknown keywords). `x-expected`, the words for
 * what a pattern accepts, moves into the description, where an agent reads it.
 */
export function withoutExtensions(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-')) continue;
    if (SCHEMA_MAPS.has(key) && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, isObject(s) ? withoutExtensions(s) : s]));
    else if (Array.isArray(value)) out[key] = value.map((item) => (isObject(item) ? withoutExtensions(item) : item));
    else out[key] = isObject(value) ? withoutExtensions(value) : value;
  }
  const words = schema['x-expected'];
  if (typeof words === 'string') out.description = [out.description, `Must be ${words}.`].filter(Boolean).join(' ');
  return out;
}
const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema of the first 2xx JSON answer. */
export function responseSchemaOf(operation: OpenApiOperation): JsonSchema {
  const status = Object.keys(operation.responses ?? {}).filter((s) => /^2\d\d$/.test(s)).sort()[0];
  const schema = status ? operation.responses![status]!.content?.['application/json']?.schema : undefined;
  if (!schema) throw new Error(`Operation ${operation.operationId} has no 2xx JSON answer`);
  return schema;
}

export interface HttpCall {
  method: string;
  url: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

/** The HTTP request for validated arguments: path fields into the URL, the rest to query or body. */
export function httpCallOf(found: FoundOperation, locations: Record<string, Location>, args: Record<string, unknown>, fixed: Record<string, string>): HttpCall {
  const pathValues: Record<string, string> = { ...fixed };
  const query: Record<string, string> = {};
  let body: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(args)) {
    const where = locations[name];
    if (!where) throw invalid(`Unknown argument "${name}".`);
    if (where === 'path') pathValues[name] = String(value);
    else if (where === 'query') query[name] = String(value);
    else (body ??= {})[name] = value;
  }
  const url = found.path.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const value = pathValues[name];
    if (value === undefined) throw invalid(`Missing argument "${name}".`);
    return encodeURIComponent(value);
  });
  if (!body && found.method !== 'GET' && found.method !== 'DELETE' && found.operation.requestBody) body = {};
  return { method: found.method, url, query, body };
}
