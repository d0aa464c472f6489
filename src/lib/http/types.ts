import type { Credential, Scope } from './credentials.ts';

export interface SessionPrincipal {
  kind: 'session';
  userId: string;
  sessionId: string;
}
export interface KeyPrincipal {
  kind: 'key';
  keyId: string;
  workspaceId: string;
  scopes: Scope[];
}
export type Principal = SessionPrincipal | KeyPrincipal;

/** The workspace a request addresses, resolved for its principal. `role` is null for keys. */
export interface WorkspaceContext {
  id: string;
  slug: string;
  role: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    workspace: WorkspaceContext | null;
  }
  interface FastifyContextConfig {
    credential?: Credential;
    /** The workspace is named by a `workspace` field of the query or body instead of the path. */
    workspaceIn?: 'query' | 'body';
  }
}
