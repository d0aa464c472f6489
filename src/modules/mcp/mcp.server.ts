import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema, ErrorCode, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema,
  type CallToolResult, type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../../lib/errors.ts';
import type { Scope } from '../../lib/http/credentials.ts';
import { describeValidationError } from '../../lib/http/validation.ts';
import { findOperation, httpCallOf, inputSchemaOf, responseSchemaOf, withoutExtensions, type FoundOperation, type JsonSchema, type Location, type OpenApiDocument } from './mcp.schemas.fns.ts';
import { TOOLS, type ToolSpec } from './mcp.tools.ts';
import type { Quotes } from './mcp.quotes.ts';
import { QUOTE_SCHEMA, quoteText, RpcError, toolError } from './mcp.results.ts';

// One MCP server per request (stateless Streamable HTTP) for one caller: the tools its key's
// scopes allow, each carried out by the API route it names through `app.inject` with the
// caller's own Authorization header, so validation, scopes and errors are the API's own.

export const MCP_SERVER_INFO = { name: 'geo', version: '1.0.0' };
const SCORING_MD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/scoring.md');

export interface Caller {
  keyId: string;
  workspaceId: string;
  slug: string;
  scopes: readonly Scope[];
  authorization: string;
  remoteAddress: string;
}

export interface Estimate {
  calls: number;
  amountMicrousd: number;
}
/** What a metered tool would spend, computed by the module that spends it (no guessing here). */
export type Estimator = (ws: { id: string; slug: string }, args: Record<string, unknown>) => Promise<Estimate>;

export interface McpCoreDeps {
  app: FastifyInstance;
  quotes: Quotes;
  estimators: Record<string, Estimator>;
  availableMicrousd(ws: { id: string; slug: string }): Promise<number>;
}

interface CatalogTool {
  spec: ToolSpec;
  found: FoundOperation;
  locations: Record<string, Location>;
  scope: Scope;
  tool: Tool;
  validate: ValidateFunction;
}

function makeAjv() {
  const ajv = new Ajv({ strict: false, allErrors: false });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

/** The tools with their schemas, read once from the app's OpenAPI document and route table. */
function buildCatalog(app: FastifyInstance): CatalogTool[] {
  const doc = app.swagger() as unknown as OpenApiDocument;
  const ajv = makeAjv();
  return TOOLS.map((spec) => {
    const found = findOperation(doc, spec.operationId);
    const route = app.registeredRoutes.find((r) => r.operationId === spec.operationId);
    if (!route || typeof route.credential !== 'string' || !route.credential.includes(':')) throw new Error(`Tool ${spec.name}: ${spec.operationId} is not a scoped route`);
    // `format` is left out: a tool always answers JSON (the CSV a route also offers would not parse as a tool result).
    const { schema, locations } = inputSchemaOf(found.operation, ['workspace', 'format']);
    const validate = ajv.compile(schema);
    let output = responseSchemaOf(found.operation);
    if (spec.first) output = (output.items ?? {}) as JsonSchema;
    else if (output.type === 'array') output = { type: 'object', properties: { items: output }, required: ['items'] };
    const inputSchema = spec.metered
      ? { ...schema, properties: { ...(schema.properties as object), quoteId: { type: 'string', description: 'The quoteId of a quote for exactly these arguments; without it the tool only answers a quote.' } } }
      : schema;
    const outputSchema = spec.metered
      ? { type: 'object', properties: { quote: QUOTE_SCHEMA, result: output }, additionalProperties: false, description: 'Either `quote` (nothing done yet) or `result` (the API’s answer).' }
      : output;
    // Validated against the API's schema (words for patterns included); published without its `x-` keywords.
    const tool = {
      name: spec.name, title: spec.title, description: spec.description,
      inputSchema: withoutExtensions(inputSchema), outputSchema: withoutExtensions(outputSchema), annotations: { title: spec.title, ...spec.annotations },
      _meta: { 'geo/scope': route.credential, 'geo/operationId': spec.operationId },
    } as unknown as Tool;
    return { spec, found, locations, scope: route.credential as Scope, tool, validate };
  });
}

export function createMcpCore(deps: McpCoreDeps) {
  let catalog: CatalogTool[] | undefined;
  const tools = () => (catalog ??= buildCatalog(deps.app));

  async function callApi(caller: Caller, entry: CatalogTool, args: Record<string, unknown>) {
    const call = httpCallOf(entry.found, entry.locations, args, { workspace: caller.slug });
    const res = await deps.app.inject({
      method: call.method as 'GET', url: call.url, query: call.query, remoteAddress: caller.remoteAddress,
      headers: { authorization: caller.authorization, ...(call.body ? { 'content-type': 'application/json' } : {}) },
      ...(call.body ? { payload: JSON.stringify(call.body) } : {}),
    });
    const body = res.body ? JSON.parse(res.body) : null;
    if (res.statusCode >= 400) {
      const error = body?.error ?? {};
      throw new AppError((error.code ?? 'internal_error') as never, error.message ?? `HTTP ${res.statusCode}`, error.details);
    }
    return body;
  }

  async function quote(caller: Caller, entry: CatalogTool, args: Record<string, unknown>): Promise<CallToolResult> {
    const ws = { id: caller.workspaceId, slug: caller.slug };
    const estimator = deps.estimators[entry.spec.name];
    if (!estimator) throw new Error(`No estimator for metered tool ${entry.spec.name}`);
    const estimate = await estimator(ws, args);
    const available = await deps.availableMicrousd(ws);
    const row = await deps.quotes.issue({ keyId: caller.keyId, workspaceId: ws.id, tool: entry.spec.name, args, ...estimate });
    const q = {
      quoteId: row.id, tool: row.tool, arguments: args, calls: row.calls, amountMicrousd: row.amountMicrousd,
      availableMicrousd: available, balanceAfterMicrousd: available - row.amountMicrousd, expiresAt: row.expiresAt.toISOString(),
    };
    return { content: [{ type: 'text', text: quoteText(q) }], structuredContent: { quote: q } };
  }

  async function callTool(caller: Caller, name: string, rawArgs: Record<string, unknown> | undefined): Promise<CallToolResult> {
    const entry = tools().find((t) => t.spec.name === name);
    if (!entry) throw new RpcError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    try {
      // Refused exactly as the route would refuse it, before anything else is looked at.
      if (!caller.scopes.includes(entry.scope)) throw new AppError('insufficient_scope', `This API key lacks the "${entry.scope}" scope.`, { requiredScope: entry.scope });
      const { quoteId, ...args } = rawArgs ?? {};
      if (!entry.validate(args)) throw new AppError('invalid_request', describeValidationError(entry.validate.errors![0]!, 'arguments'));
      if (entry.spec.metered) {
        if (quoteId === undefined) return await quote(caller, entry, args);
        if (typeof quoteId !== 'string') throw new AppError('invalid_request', 'arguments.quoteId must be a string');
        await deps.quotes.redeem({ quoteId, keyId: caller.keyId, tool: name, args });
      }
      let result = await callApi(caller, entry, args);
      if (entry.spec.first) {
        result = Array.isArray(result) ? result[0] : result;
        if (!result) throw new AppError('workspace_not_found', 'Workspace not found.');
      } else if (Array.isArray(result)) result = { items: result };
      const structured = entry.spec.metered ? { result } : result;
      const said = !entry.spec.metered && structured && typeof structured === 'object' ? entry.spec.say?.(structured as Record<string, unknown>) : null;
      return { content: [...(said ? [{ type: 'text' as const, text: said }] : []), { type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
    } catch (err) {
      if (err instanceof AppError) return toolError(err);
      throw err;
    }
  }

  const settingsUri = (caller: Caller) => `geo://workspaces/${caller.slug}/settings`;
  const SCORING_URI = 'geo://docs/scoring';

  function listResources(caller: Caller) {
    return [
      ...(caller.scopes.includes('settings:read')
        ? [{ uri: settingsUri(caller), name: 'workspace-settings', title: 'Workspace settings', mimeType: 'application/json', description: 'Brand, domains, languages, regions, competitors, quotas and model of the workspace.' }]
        : []),
      { uri: SCORING_URI, name: 'scoring-method', title: 'Scoring method', mimeType: 'text/markdown', description: 'How the GEO and SEO scores, intervals and recommendation priorities are computed (docs/scoring.md).' },
    ];
  }

  async function readResource(caller: Caller, uri: string) {
    if (uri === SCORING_URI) return { contents: [{ uri, mimeType: 'text/markdown', text: await readFile(SCORING_MD, 'utf8') }] };
    if (uri === settingsUri(caller)) {
      const res = await deps.app.inject({ method: 'GET', url: `/api/v1/workspaces/${caller.slug}/settings`, headers: { authorization: caller.authorization }, remoteAddress: caller.remoteAddress });
      if (res.statusCode >= 400) throw new RpcError(ErrorCode.InvalidRequest, `${res.json().error?.code}: ${res.json().error?.message}`);
      return { contents: [{ uri, mimeType: 'application/json', text: res.body }] };
    }
    throw new RpcError(ErrorCode.InvalidParams, `Unknown resource: ${uri}`);
  }

  /** The MCP server one request is answered by. */
  function serverFor(caller: Caller): Server {
    const server = new Server(MCP_SERVER_INFO, {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
      instructions: `Tools for the GEO visibility workspace "${caller.slug}". Tools that spend credits (start_run, start_page_evaluation) first answer a quote; call again with the same arguments and its quoteId to act.`,
    });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools().filter((t) => caller.scopes.includes(t.scope)).map((t) => t.tool) }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => callTool(caller, request.params.name, request.params.arguments));
    server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: listResources(caller) }));
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => readResource(caller, request.params.uri));
    // Both resources have fixed addresses (the settings' is the key's own workspace): no templates.
    server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: [] }));
    return server;
  }

  return { serverFor, tools: () => tools().map((t) => t.tool) };
}
export type McpCore = ReturnType<typeof createMcpCore>;
