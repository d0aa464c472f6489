import { serveMcpOverStdio, McpUpstreamError } from './mcp.stdio.ts';

// Entry for `node dist/mcp.stdio.main.js` (compiled by scripts/build.mjs; from the sources,
// `node --import tsx src/modules/mcp/mcp.stdio.main.ts`) with GEO_SERVER and
// GEO_API_KEY set: the stdio MCP server without the CLI's stored profiles (tests, hosts that
// pass the key in the environment). stdout carries the protocol; messages go to stderr.

const baseUrl = process.env.GEO_SERVER;
const apiKey = process.env.GEO_API_KEY;
if (!baseUrl || !apiKey) {
  process.stderr.write('geo mcp: set GEO_SERVER (the server URL) and GEO_API_KEY (an API key)\n');
  process.exit(2);
}
serveMcpOverStdio({ baseUrl, apiKey }).then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`geo mcp: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(err instanceof McpUpstreamError && err.code === 'invalid_key' ? 3 : 1);
  },
);
