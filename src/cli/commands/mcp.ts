import type { Command } from 'commander';
import { contextOf } from '../context.ts';
import { CliError, EXIT, exitForHttp } from '../exit.fns.ts';

// `geo mcp`: the MCP server over stdio for a local agent, acting with the stored key
// (src/modules/mcp). stdout is the protocol channel, so nothing else may be printed there.

// The relay is imported when this command runs, so the rest of the CLI never pays for the MCP
// SDK: compiled (scripts/build.mjs), it is a chunk of its own that only this import loads.

export function registerMcp(program: Command) {
  program.command('mcp')
    .description('Serve the MCP tools over stdio with the stored key (for agents: "command": "geo", "args": ["mcp"])')
    .action(async (_opts: unknown, cmd: Command) => {
      const ctx = await contextOf(cmd);
      const apiKey = ctx.profile?.apiKey ?? process.env.GEO_API_KEY;
      if (!apiKey) throw new CliError('not_logged_in: run "geo login" first.', EXIT.auth, 'not_logged_in');
      let mod: typeof import('../../modules/mcp/mcp.stdio.ts');
      try {
        mod = await import('../../modules/mcp/mcp.stdio.ts');
      } catch (err) {
        throw new CliError(`mcp_unavailable: the MCP server module could not be loaded (${(err as Error).message}).`, EXIT.server, 'mcp_unavailable');
      }
      try {
        await mod.serveMcpOverStdio({ baseUrl: ctx.api.server, apiKey });
      } catch (err) {
        // The module reports the server's refusal as {code, status, message} (McpUpstreamError).
        const { code, status, message } = err as { code?: unknown; status?: unknown; message?: string };
        if (typeof code !== 'string') throw err;
        const exit = code === 'server_unreachable' ? EXIT.server : exitForHttp(typeof status === 'number' ? status : code === 'invalid_key' ? 401 : 500, code);
        throw new CliError(message?.startsWith(`${code}:`) ? message : `${code}: ${message}`, exit, code);
      }
    });
}
