// Credentials as data. Every route declares one of these in `config.credential`; the scope
// matrix of spec 5.1 and the session-only actions of 5.2 are written here once and the
// routes pick their entry, so the rule and the OpenAPI document cannot drift apart.

export const SCOPES = [
  'workspace:read', 'settings:read', 'settings:write', 'connections:read', 'connections:write',
  'connections:test', 'prompts:read', 'prompts:write', 'runs:read', 'runs:write', 'recs:read',
  'recs:write', 'reports:read', 'reports:write', 'metrics:read', 'chat:read', 'chat:write', 'credits:read',
] as const;
export type Scope = (typeof SCOPES)[number];

/** `public`: anyone; `session`: a browser session only; a scope: a session, or a key holding it. */
export type Credential = 'public' | 'session' | Scope;

// Spec 5.1, route group -> credential for reading and for writing.
export const ACCESS = {
  workspaceSummary: { read: 'workspace:read', write: 'session' },
  settings: { read: 'settings:read', write: 'settings:write' },
  connections: { read: 'connections:read', write: 'connections:write', test: 'connections:test', secret: 'session' },
  prompts: { read: 'prompts:read', write: 'prompts:write' },
  runs: { read: 'runs:read', write: 'runs:write' },
  seo: { read: 'metrics:read', write: 'runs:write' },
  metrics: { read: 'metrics:read' },
  recs: { read: 'recs:read', write: 'recs:write' },
  // reports:write: make a report on demand (it costs a job, so reading reports is not enough). Sessions (owners, members) have it; keys that ask for it.
  reports: { read: 'reports:read', write: 'reports:write', settings: 'settings:write' },
  pageEvaluations: { read: 'reports:read', write: 'runs:write' },
  chat: { read: 'chat:read', write: 'chat:write' },
  credits: { read: 'credits:read', topUp: 'session', transfer: 'session' },
  team: { read: 'workspace:read', write: 'session' },
  email: { read: 'settings:read', backfill: 'session' },
  // Spec 5.2: never allowed with a key.
  apiKeys: 'session',
  account: 'session',
  public: 'public',
} as const satisfies Record<string, Credential | Record<string, Credential>>;

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export function isCredential(value: unknown): value is Credential {
  return value === 'public' || value === 'session' || (typeof value === 'string' && isScope(value));
}
