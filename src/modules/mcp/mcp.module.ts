import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { createMcpCore, type McpCoreDeps } from './mcp.server.ts';
import { createQuotes } from './mcp.quotes.ts';
import { mcpRoutes, type McpRoutesDeps } from './mcp.routes.ts';

/** MCP (docs/mcp.md): tools carried out through the API's own routes; metered ones quote first. */
export function mcpModule(needs: Omit<McpCoreDeps, 'app' | 'quotes'> & Omit<McpRoutesDeps, 'core'> & { db: Db; clock: Clock }) {
  const quotes = createQuotes({ db: needs.db, clock: needs.clock });
  return {
    name: 'mcp',
    http(app: FastifyInstance) {
      mcpRoutes(app, { ...needs, core: createMcpCore({ ...needs, app, quotes }) });
    },
    sweeps: [() => quotes.sweep()],
  } satisfies ModuleParts & Record<string, unknown>;
}
