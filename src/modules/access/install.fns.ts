// The text an AI coding agent (Claude Code, Cursor, Codex…) needs to connect to this server:
// where it is, how to get a key without copy-paste, how to send it, where the reference is.

export interface InstallPromptInput {
  baseUrl: string;
  workspace: string;
  scopes: string[];
  setupToken?: { token: string; expiresAt: string };
}

export function installPrompt({ baseUrl, workspace, scopes, setupToken }: InstallPromptInput): string {
  const api = `${baseUrl}/api/v1`;
  const auth = setupToken
    ? [
        `1. Exchange this one-time setup token (valid until ${setupToken.expiresAt}) for an API key:`,
        `   curl -s -X POST ${api}/setup-tokens/exchange -H 'content-type: application/json' \\`,
        `     -d '{"token": "${setupToken.token}", "clientName": "<your agent name>"}'`,
        '   The answer is {"apiKey", "keyId", "workspace", "scopes"}. The token works once.',
      ]
    : [
        '1. Get an API key through device authorization:',
        `   curl -s -X POST ${api}/device-authorizations -H 'content-type: application/json' \\`,
        `     -d '{"clientName": "<your agent name>", "workspace": "${workspace}", "scopes": ${JSON.stringify(scopes)}}'`,
        '   Show the user `verificationUriComplete` (or `verificationUri` and `userCode`) and ask them to approve it.',
        `   Then poll POST ${api}/device-authorizations/<deviceCode>/token every \`interval\` seconds:`,
        '   400 authorization_pending means keep waiting, 400 slow_down means add 5 seconds to the interval,',
        '   400 access_denied or expired_token means stop. The 200 answer is {"apiKey", "keyId", "workspace", "scopes"}.',
      ];
  return [
    `Connect to the GEO visibility service for the workspace "${workspace}".`,
    '',
    `Base URL: ${baseUrl}`,
    `API reference (OpenAPI 3.1): ${api}/openapi.json`,
    `Scopes: ${scopes.join(', ')}`,
    '',
    ...auth,
    '2. Keep the key secret: store it in the environment as GEO_API_KEY, never in a file under version control.',
    `3. Send it on every request as "Authorization: Bearer $GEO_API_KEY". Workspace routes live under ${api}/workspaces/${workspace}/…`,
    `4. Check the connection: curl -s ${api}/workspaces -H "Authorization: Bearer $GEO_API_KEY"`,
    '',
    ...mcpSection(baseUrl, workspace),
    '',
    'Errors come as {"error": {"code", "message", "requestId"}}. 401 invalid_key: the key is wrong or revoked;',
    '403 insufficient_scope: ask the user for a key with that scope; 429: wait for Retry-After seconds.',
  ].join('\n');
}

/** How an agent host connects the MCP server (docs/mcp.md): Streamable HTTP with the key, or stdio through the CLI. */
export function mcpSection(baseUrl: string, workspace: string): string[] {
  return [
    'MCP (Model Context Protocol): the same key gives an agent host tools for this workspace (only those its scopes allow).',
    `- Streamable HTTP: URL ${baseUrl}/mcp with the header "Authorization: Bearer $GEO_API_KEY", for example`,
    `    claude mcp add --transport http geo ${baseUrl}/mcp --header "Authorization: Bearer $GEO_API_KEY"`,
    `- stdio: sign in once with \`npx geo login --server ${baseUrl} --workspace ${workspace}\`, then register \`npx geo mcp\` as the server command:`,
    '    {"mcpServers": {"geo": {"command": "npx", "args": ["geo", "mcp"]}}}',
    '- Tools that spend credits (start_run, start_page_evaluation) first answer a quote (calls, micro-USD, balance after, expiry);',
    '  show it to the user and call the tool again with the same arguments and its quoteId only once they agree.',
  ];
}
