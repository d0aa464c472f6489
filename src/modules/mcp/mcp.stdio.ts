import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema, ErrorCode, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ListToolsRequestSchema, McpError, ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_SERVER_INFO } from './mcp.server.ts';
import { bareMessage, RpcError } from './mcp.results.ts';

// `geo mcp`: the MCP server over stdio for a local agent host. It is a relay to the server's own
// Streamable HTTP endpoint (POST {baseUrl}/mcp) with the stored key, so the tools, their scopes,
// the quotes (kept in the server's database) and the errors are exactly those of the HTTP
// transport; nothing is re-implemented on this side.

/** The server refused or could not be reached; `code` is the API's error code when it sent one. */
export class McpUpstreamError extends Error {
  constructor(readonly code: string, message: string, readonly status?: number) {
    super(message);
    this.name = 'McpUpstreamError';
  }
}

/** Turns a transport failure into the API's `code: message` when the body is our error envelope. */
export function upstreamError(err: unknown): McpUpstreamError {
  if (err instanceof McpUpstreamError) return err;
  const text = err instanceof Error ? err.message : String(err);
  const status = err instanceof StreamableHTTPError ? err.code : undefined;
  // From the first { to the last }: two index scans (a /\{.*\}/s scan was quadratic on a message of many {).
  const open = text.indexOf('{');
  const close = text.lastIndexOf('}');
  const json = open !== -1 && close > open ? text.slice(open, close + 1) : undefined;
  try {
    const error = json ? JSON.parse(json).error : undefined;
    if (error?.code && error.message) return new McpUpstreamError(error.code, `${error.code}: ${error.message}`, status);
  } catch { /* not our envelope */ }
  if (/fetch failed|ECONNREFUSED|ENOTFOUND|EAI_AGAIN/i.test(text) || (err as { cause?: unknown })?.cause) {
    return new McpUpstreamError('server_unreachable', `server_unreachable: ${text}`, status);
  }
  return new McpUpstreamError('upstream_error', text, status);
}

export async function serveMcpOverStdio(opts: { baseUrl: string; apiKey: string }): Promise<void> {
  const upstream = new Client({ name: 'geo-mcp-stdio', version: MCP_SERVER_INFO.version });
  const endpoint = new URL(opts.baseUrl);
  endpoint.pathname = `${endpoint.pathname.replace(/\/$/, '')}/mcp`;
  const transport = new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { authorization: `Bearer ${opts.apiKey}` } } });
  // Connecting first checks the key and the server before the agent host is told anything.
  try {
    await upstream.connect(transport);
  } catch (err) {
    await upstream.close().catch(() => {});
    throw upstreamError(err);
  }

  // The server's JSON-RPC error passes on with its code and its message as the server wrote it.
  const relay = <T>(call: () => Promise<T>) => call().catch((err: unknown) => {
    if (err instanceof McpError) throw new RpcError(err.code, bareMessage(err.message), err.data);
    throw new RpcError(ErrorCode.InternalError, upstreamError(err).message);
  });
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
    instructions: upstream.getInstructions(),
  });
  server.setRequestHandler(ListToolsRequestSchema, (request) => relay(() => upstream.listTools(request.params)));
  server.setRequestHandler(CallToolRequestSchema, (request) => relay(() => upstream.callTool(request.params)));
  server.setRequestHandler(ListResourcesRequestSchema, (request) => relay(() => upstream.listResources(request.params)));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => relay(() => upstream.readResource(request.params)));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (request) => relay(() => upstream.listResourceTemplates(request.params)));

  const closed = new Promise<void>((resolve) => { server.onclose = resolve; });
  await server.connect(new StdioServerTransport());
  // The host closing our stdin ends the session (the SDK's stdio transport does not watch for it).
  process.stdin.once('end', () => void server.close());
  await closed;
  await upstream.close();
}
