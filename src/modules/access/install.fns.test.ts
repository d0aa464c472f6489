import { describe, expect, it } from 'vitest';
import { installPrompt } from './install.fns.ts';

describe('installPrompt', () => {
  it('explains the device flow with the base URL, workspace and scopes', () => {
    const text = installPrompt({ baseUrl: 'https://geo.example', workspace: 'acme', scopes: ['runs:read', 'metrics:read'] });
    expect(text).toContain('Base URL: https://geo.example');
    expect(text).toContain('https://geo.example/api/v1/device-authorizations');
    expect(text).toContain('"workspace": "acme", "scopes": ["runs:read","metrics:read"]');
    expect(text).toContain('slow_down');
    expect(text).toContain('Authorization: Bearer $GEO_API_KEY');
    expect(text).not.toContain('setup-tokens');
  });

  it('tells the agent how to connect the MCP server over HTTP and stdio', () => {
    const text = installPrompt({ baseUrl: 'https://geo.example', workspace: 'acme', scopes: ['runs:read'] });
    expect(text).toContain('https://geo.example/mcp');
    expect(text).toContain('"Authorization: Bearer $GEO_API_KEY"');
    expect(text).toContain('npx geo login --server https://geo.example --workspace acme');
    expect(text).toContain('"args": ["geo", "mcp"]');
    expect(text).toContain('quoteId');
  });

  it('embeds a setup token when given one', () => {
    const text = installPrompt({ baseUrl: 'http://127.0.0.1:3000', workspace: 'acme', scopes: ['workspace:read'], setupToken: { token: 'gp_setup_abc', expiresAt: '2026-01-01T00:15:00.000Z' } });
    expect(text).toContain('/api/v1/setup-tokens/exchange');
    expect(text).toContain('"token": "gp_setup_abc"');
    expect(text).toContain('2026-01-01T00:15:00.000Z');
    expect(text).not.toContain('device-authorizations');
  });
});
