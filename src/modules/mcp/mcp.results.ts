import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AppError } from '../../lib/errors.ts';
import { english } from '../../lib/format/english.ts';

// The shapes a tool answers besides the API's own: a quote, and an error in the API's terms.

export const QUOTE_SCHEMA = {
  type: 'object',
  description: 'Nothing has been done yet: call the tool again with the same arguments and this quoteId before expiresAt.',
  required: ['quoteId', 'tool', 'arguments', 'calls', 'amountMicrousd', 'availableMicrousd', 'balanceAfterMicrousd', 'expiresAt'],
  properties: {
    quoteId: { type: 'string', description: '`mcq_…`, usable once, by this key, for this tool and exactly these arguments' },
    tool: { type: 'string' },
    arguments: { type: 'object', additionalProperties: true },
    calls: { type: 'integer', minimum: 0, description: 'Paid calls the action makes' },
    amountMicrousd: { type: 'integer', minimum: 0, description: 'Credits it holds, in micro-USD (1,000,000 = 1 USD)' },
    availableMicrousd: { type: 'integer', description: 'Available credits now' },
    balanceAfterMicrousd: { type: 'integer', description: 'Available credits after the hold; negative means the action would be refused (402 insufficient_credits)' },
    expiresAt: { type: 'string', format: 'date-time' },
  },
} as const;

export interface Quote {
  quoteId: string;
  tool: string;
  calls: number;
  amountMicrousd: number;
  availableMicrousd: number;
  balanceAfterMicrousd: number;
  expiresAt: string;
}

const usd = (micros: number) => english.usd(micros);

export function quoteText(q: Quote): string {
  return `Quote ${q.quoteId}: ${q.tool} would make ${q.calls} call(s) holding ${q.amountMicrousd} micro-USD (${usd(q.amountMicrousd)}); `
    + `available ${q.availableMicrousd} (${usd(q.availableMicrousd)}), after: ${q.balanceAfterMicrousd} (${usd(q.balanceAfterMicrousd)}). `
    + `Nothing was done. To proceed, call ${q.tool} again with the same arguments and quoteId "${q.quoteId}" before ${q.expiresAt}.`;
}

/** An MCP tool error carrying the API's code and message (and details, when there are any). */
export function toolError(err: Pick<AppError, 'code' | 'message' | 'details'>): CallToolResult {
  const details = err.details && Object.keys(err.details).length ? ` ${JSON.stringify(err.details)}` : '';
  return { isError: true, content: [{ type: 'text', text: `${err.code}: ${err.message}${details}` }] };
}

/**
 * A JSON-RPC error whose message is sent as is. The SDK's McpError puts "MCP error <code>: " in
 * front of its message, the SDK sends that message, and the client's SDK puts the prefix in front
 * again: through the stdio relay a client read the same prefix three times.
 */
export class RpcError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
    this.name = 'RpcError';
  }
}

/** A message without the "MCP error <code>: " prefixes the SDKs put in front of it. */
export const bareMessage = (message: string) => message.replace(/^(MCP error -?\d+: )+/, '');
