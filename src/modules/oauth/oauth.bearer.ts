import { AppError } from '../../lib/errors.ts';
import { randomToken } from '../../lib/crypto.ts';
import type { KeyPrincipal } from '../../lib/http/types.ts';
import { ACCESS_TOKEN_PREFIX } from './oauth.fns.ts';
import type { TokenService } from './oauth.tokens.ts';

// Who is calling /mcp: an API key (as before) or an OAuth access token. The MCP tools run
// through the API's own routes (`app.inject`), but an access token is meant for /mcp only
// (its audience, RFC 8707), so the REST API never accepts one. Instead, while one MCP request
// runs, its inner calls carry a relay credential: a random name for the token's grant that lives
// in this process's memory for that request only and is forgotten when it ends.

const RELAY_PREFIX = 'gp_mcr_';

export interface McpBearer {
  principal: KeyPrincipal;
  /** The Authorization header the tools' inner API calls carry. */
  authorization: string;
  release(): void;
}

export const invalidToken = () => new AppError('invalid_key', 'The access token is invalid, expired or revoked.');

export function createBearers(deps: { tokens: TokenService; verifyApiKey(secret: string, ip: string): Promise<KeyPrincipal> }) {
  const relays = new Map<string, KeyPrincipal>();

  return {
    async authenticate(secret: string, ip: string): Promise<McpBearer> {
      if (!secret.startsWith(ACCESS_TOKEN_PREFIX)) {
        return { principal: await deps.verifyApiKey(secret, ip), authorization: `Bearer ${secret}`, release: () => {} };
      }
      const grant = await deps.tokens.verifyAccess(secret);
      if (!grant) throw invalidToken();
      // keyId names the grant: the MCP quotes a grant obtains are bound to it as a key's are to the key.
      const principal: KeyPrincipal = { kind: 'key', keyId: grant.grantId, workspaceId: grant.workspaceId, scopes: grant.scopes };
      const relay = `${RELAY_PREFIX}${randomToken(32)}`;
      relays.set(relay, principal);
      return { principal, authorization: `Bearer ${relay}`, release: () => void relays.delete(relay) };
    },

    /** The API's own authentication asks here first: is this bearer an MCP request's relay? */
    relayed(secret: string): KeyPrincipal | null {
      return secret.startsWith(RELAY_PREFIX) ? (relays.get(secret) ?? null) : null;
    },
  };
}
export type Bearers = ReturnType<typeof createBearers>;
