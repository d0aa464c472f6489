// The credential every route must demand, written out from the documents, NOT read from the
// routes' own declarations: a route that declares the wrong credential fails the matrix test.
// Sources: interface-spec 4.1-4.8 (credential column), 5.1 (scope matrix), 5.2 (session-only
// actions); routes the spec does not show come from the pages of docs/ (named below).
// A route missing here fails the test: add it with the document line that gives its credential.

const W = '/api/v1/workspaces/:workspace';

export const SPEC_CREDENTIALS: Record<string, string> = {
  // 4.1 Workspaces
  'GET /api/v1/workspaces': 'workspace:read',
  'POST /api/v1/workspaces': 'session',
  // docs/dashboard.md: the proposal step before creation, like creation a session's.
  'POST /api/v1/workspace-proposals': 'session',
  [`GET ${W}/settings`]: 'settings:read',
  [`PATCH ${W}/settings`]: 'settings:write',
  [`GET ${W}/profile`]: 'settings:read',
  [`PATCH ${W}/profile`]: 'settings:write',
  [`GET ${W}/model`]: 'settings:read',
  [`PUT ${W}/model`]: 'settings:write',
  [`GET ${W}/competitors`]: 'settings:read',
  [`POST ${W}/competitors`]: 'settings:write',
  [`PUT ${W}/competitors`]: 'settings:write',
  [`DELETE ${W}/competitors`]: 'settings:write',
  [`PUT ${W}/profile/icon`]: 'settings:write',
  [`POST ${W}/profile/icon/refresh`]: 'settings:write',
  [`POST ${W}/profile/design/import`]: 'settings:write',
  [`POST ${W}/profile/design/extract`]: 'settings:write',
  // 4.2 API keys and credentials (all session-only; 5.2), configure is connections:write (5.1)
  [`POST ${W}/api-keys`]: 'session',
  [`POST ${W}/api-keys/:keyId`]: 'session',
  [`POST ${W}/credentials`]: 'session',
  [`POST ${W}/connections/configure`]: 'connections:write',
  // 4.3 Device authorization
  'POST /api/v1/device-authorizations': 'public',
  'GET /api/v1/device-authorizations/:code': 'session',
  'POST /api/v1/device-authorizations/:code/token': 'public',
  // 4.4 Runs
  [`GET ${W}/runs`]: 'runs:read',
  [`POST ${W}/runs`]: 'runs:write',
  [`GET ${W}/runs/:id`]: 'runs:read',
  [`DELETE ${W}/runs/:id`]: 'runs:write',
  [`GET ${W}/runs/:id/detail`]: 'runs:read',
  // docs/analysis.md ("Model judge"): quoting and starting spend like a run (runs:write), reading is runs:read.
  [`POST ${W}/runs/:id/sentiment-judge/quote`]: 'runs:write',
  [`POST ${W}/runs/:id/sentiment-judge`]: 'runs:write',
  [`GET ${W}/runs/:id/sentiment-judge`]: 'runs:read',
  [`DELETE ${W}/runs/:id/sentiment-judge`]: 'runs:write',
  // 4.5 Scores and metrics
  [`GET ${W}/score`]: 'metrics:read',
  'GET /api/v1/w/:brand/score': 'metrics:read',
  [`GET ${W}/scoreboard`]: 'metrics:read',
  [`GET ${W}/timeseries`]: 'metrics:read',
  'GET /api/v1/w/:brand/timeseries': 'metrics:read',
  [`GET ${W}/metrics`]: 'metrics:read',
  [`GET ${W}/seo`]: 'metrics:read',
  [`POST ${W}/seo`]: 'runs:write',
  [`GET ${W}/page-evaluation`]: 'reports:read',
  [`POST ${W}/page-evaluation`]: 'runs:write',
  // 4.6 Recommendations
  [`GET ${W}/recs`]: 'recs:read',
  [`POST ${W}/recs/generate`]: 'recs:write',
  [`POST ${W}/recs/:id/transition`]: 'recs:write',
  [`POST ${W}/recs/:id/status`]: 'recs:write',
  [`POST ${W}/recs/:id/draft`]: 'recs:write',
  // 4.7 Chat
  'POST /api/v1/chat': 'chat:write',
  'GET /api/v1/threads': 'chat:read',
  'POST /api/v1/threads': 'chat:write',
  'GET /api/v1/threads/:id': 'chat:read',
  'PATCH /api/v1/threads/:id': 'chat:write',
  'DELETE /api/v1/threads/:id': 'chat:write',
  // 4.8 Credits and billing
  [`GET ${W}/credits/balance`]: 'credits:read',
  [`GET ${W}/credits/usage`]: 'credits:read',
  [`POST ${W}/credits/top-up`]: 'session',
  // Issue 44: moving credit between an owner's workspaces (docs/credits.md).
  [`POST ${W}/credits/transfer`]: 'session',
  [`POST ${W}/billing/checkout`]: 'session',
  [`GET ${W}/billing/status`]: 'session',
  'POST /api/v1/webhooks/payment': 'public',
  // 5 item 6: health and API-description discovery are public
  'GET /api/v1/health': 'public',
  'GET /api/v1/health/ready': 'public',
  'GET /api/v1/openapi.json': 'public',
};

export const DECISION_CREDENTIALS: Record<string, string> = {
  // docs/access.md "Accounts and sessions": sign-up, login and e-mail verification are public; the rest needs the session
  'POST /api/v1/auth/signup': 'public',
  'POST /api/v1/auth/login': 'public',
  'POST /api/v1/auth/verify-email': 'public',
  'POST /api/v1/auth/verify-email/resend': 'session',
  'POST /api/v1/auth/logout': 'session',
  'GET /api/v1/auth/session': 'session',
  // docs/access.md "Device authorization": the browser approves or denies with its session
  'POST /api/v1/device-authorizations/:code/approve': 'session',
  'POST /api/v1/device-authorizations/:code/deny': 'session',
  // docs/access.md "Setup tokens and the install prompt": minting is a key-creating action (5.2), exchange is public
  [`POST ${W}/setup-tokens`]: 'session',
  'POST /api/v1/setup-tokens/exchange': 'public',
  [`GET ${W}/install-prompt`]: 'workspace:read',
  [`POST ${W}/install-prompt`]: 'session',
  // API key list (5.2: keys are session-only)
  [`GET ${W}/api-keys`]: 'session',
  // 5.1 Connections read/test; reveal is session-only (5.1, 5.2)
  [`GET ${W}/connections`]: 'connections:read',
  [`POST ${W}/connections/test`]: 'connections:test',
  [`POST ${W}/connections/reveal`]: 'session',
  // docs/profile.md: the stored icon is read with settings:read
  [`GET ${W}/profile/icon`]: 'settings:read',
  // 5.1 Prompts
  [`GET ${W}/prompts`]: 'prompts:read',
  [`POST ${W}/prompts`]: 'prompts:write',
  [`PATCH ${W}/prompts/:id`]: 'prompts:write',
  [`DELETE ${W}/prompts/:id`]: 'prompts:write',
  [`POST ${W}/prompts/generate`]: 'prompts:write',
  // docs/prompts.md: categories, proposals and coverage are the prompt set's (5.1 Prompts)
  [`GET ${W}/prompts/categories`]: 'prompts:read',
  [`PUT ${W}/prompts/categories`]: 'prompts:write',
  [`GET ${W}/prompts/proposals`]: 'prompts:read',
  [`POST ${W}/prompts/proposals/rewrite`]: 'prompts:write',
  [`GET ${W}/prompts/coverage`]: 'prompts:read',
  // 5.1 Runs and research; accepting findings writes the prompt set or the competitors (settings)
  [`GET ${W}/research`]: 'runs:read',
  [`GET ${W}/research/:id`]: 'runs:read',
  [`POST ${W}/research`]: 'runs:write',
  [`POST ${W}/research/:id/accept-prompts`]: 'prompts:write',
  [`POST ${W}/research/:id/accept-competitors`]: 'settings:write',
  // docs/runs.md "Starting any job": GET …/jobs/{id} reads any job (runs:read)
  [`GET ${W}/jobs/:id`]: 'runs:read',
  // 5.1 Recommendations (read one)
  [`GET ${W}/recs/:id`]: 'recs:read',
  // 5.1 Reports and catalog
  [`GET ${W}/reports`]: 'reports:read',
  [`GET ${W}/reports/:id`]: 'reports:read',
  [`GET ${W}/reports/catalog`]: 'reports:read',
  [`POST ${W}/reports`]: 'reports:write',
  [`GET ${W}/reports/settings`]: 'settings:read',
  [`PUT ${W}/reports/settings`]: 'settings:write',
  [`GET ${W}/reports/automatic`]: 'settings:read',
  [`PUT ${W}/reports/automatic`]: 'settings:write',
  // Issue 44: a person's agency settings, inherited by the workspaces they create (docs/reports.md).
  'GET /api/v1/account/agency': 'session',
  'PUT /api/v1/account/agency': 'session',
  'PUT /api/v1/account/preferences': 'session',
  // Issue 44: a person's demo workspace (docs/demo.md), an account-level action like creation; and
  // deleting a workspace, session-only as every workspace-summary write (5.1), owners only.
  'POST /api/v1/demo-workspace': 'session',
  [`DELETE ${W}`]: 'session',
  // 5.1 Team: read workspace:read, writes session-only (5.2: invite, change, remove members)
  [`GET ${W}/members`]: 'workspace:read',
  [`POST ${W}/members`]: 'session',
  [`PATCH ${W}/members/:userId`]: 'session',
  [`DELETE ${W}/members/:userId`]: 'session',
  [`DELETE ${W}/members/invitations/:invitationId`]: 'session',
  'POST /api/v1/invitations/accept': 'session',
  // docs/profile.md "Inbox and outgoing mail": the inbox is read with settings:read; backfill is session-only (5.2)
  [`GET ${W}/email`]: 'settings:read',
  [`POST ${W}/email/backfill`]: 'session',
  'POST /api/v1/email/backfill': 'session',
  // Browser pages: the device approval page (5.4: "the user approves it in a browser session",
  // which the page obtains itself) and the local-mode mock checkout with its return page
  'GET /device': 'public',
  'GET /device/device.js': 'public',
  'GET /device/device.css': 'public',
  'GET /checkout/complete': 'public',
  'GET /checkout/:id': 'public',
  'POST /checkout/:id/pay': 'public',
  'POST /checkout/:id/cancel': 'public',
  // docs/api.md "Documents over HTTP": the service's documents are public
  'GET /api/v1/docs': 'public',
  'GET /api/v1/docs/:name': 'public',
  // docs/runs.md "Schedules", docs/monitoring.md: schedule, webhooks and alerts read with
  // settings:read and written with settings:write; /metrics checks its own token (404 without it)
  [`GET ${W}/schedule`]: 'settings:read',
  [`PUT ${W}/schedule`]: 'settings:write',
  [`DELETE ${W}/schedule`]: 'settings:write',
  [`GET ${W}/webhooks`]: 'settings:read',
  [`POST ${W}/webhooks`]: 'settings:write',
  [`DELETE ${W}/webhooks/:id`]: 'settings:write',
  [`POST ${W}/webhooks/:id/test`]: 'settings:write',
  [`GET ${W}/webhooks/:id/deliveries`]: 'settings:read',
  [`GET ${W}/alerts`]: 'settings:read',
  [`POST ${W}/alerts`]: 'settings:write',
  [`DELETE ${W}/alerts/:alertId`]: 'settings:write',
  [`GET ${W}/alerts/:alertId/firings`]: 'settings:read',
  'GET /metrics': 'public',
  // docs/sources.md: what the engines searched and read, read like metrics; classes like settings
  [`GET ${W}/sources/fanout`]: 'metrics:read',
  [`GET ${W}/sources/domains`]: 'metrics:read',
  [`GET ${W}/sources/urls`]: 'metrics:read',
  [`GET ${W}/sources/owned`]: 'metrics:read',
  [`GET ${W}/sources/gaps`]: 'metrics:read',
  [`GET ${W}/sources/answers/:id`]: 'metrics:read',
  // docs/answers.md: the stored answers, read like run detail.
  [`GET ${W}/answers`]: 'runs:read',
  [`GET ${W}/answers/:id`]: 'runs:read',
  [`GET ${W}/answers/export`]: 'runs:read',
  // docs/analysis.md, "Answers that do not know the brand": a count of those same answers.
  [`GET ${W}/answers/recognition`]: 'runs:read',
  // docs/scoring.md, "Export": the daily figures, read like the series.
  [`GET ${W}/metrics/export`]: 'metrics:read',
  [`GET ${W}/sources/classes`]: 'settings:read',
  [`PUT ${W}/sources/classes`]: 'settings:write',
  [`DELETE ${W}/sources/classes`]: 'settings:write',
  [`GET ${W}/engines`]: 'runs:read',
  // docs/mcp.md: /mcp authenticates the Bearer key itself and
  // lists only the tools of its scopes; a key may revoke itself (`geo logout`), checked in the route
  'POST /mcp': 'public',
  'GET /mcp': 'public',
  'DELETE /mcp': 'public',
  'DELETE /api/v1/api-keys/self': 'public',
  // docs/mcp.md, "OAuth": the discovery documents, registration, token and revocation endpoints are
  // public (OAuth clients authenticate by PKCE and client_id, checked in the service); the
  // authorization endpoint and its consent form check the session themselves (sign-in without one);
  // Connected apps are like API keys: a browser session's only (5.2).
  'GET /.well-known/oauth-protected-resource': 'public',
  'GET /.well-known/oauth-protected-resource/mcp': 'public',
  'GET /.well-known/oauth-authorization-server': 'public',
  'GET /.well-known/openid-configuration': 'public',
  'POST /oauth/register': 'public',
  'GET /oauth/authorize': 'public',
  'POST /oauth/authorize': 'public',
  'POST /oauth/token': 'public',
  'POST /oauth/revoke': 'public',
  [`GET ${W}/connected-apps`]: 'session',
  [`DELETE ${W}/connected-apps/:grantId`]: 'session',
  // docs/runs.md "Starting a run", docs/dashboard.md: the quote a run would make, and the pages, which check the
  // session themselves (sign-in without one) and call the API with it
  [`GET ${W}/runs/quote`]: 'runs:read',
  'GET /': 'public',
  'GET /signin': 'public',
  'GET /signup': 'public',
  'GET /new': 'public',
  'GET /invite': 'public',
  'GET /verify-email': 'public',
  'GET /w/:workspace': 'public',
  'GET /w/:workspace/:section': 'public',
  'GET /w/:workspace/runs/:id': 'public',
  'GET /assets/dashboard/:file': 'public',
  // docs/traffic.md: uploading logs and drains are settings, like webhooks; the views are
  // metrics; a drain push authenticates by its own signature
  [`POST ${W}/traffic/logs`]: 'settings:write',
  [`GET ${W}/traffic/uploads`]: 'settings:read',
  [`GET ${W}/traffic/uploads/:id`]: 'settings:read',
  [`GET ${W}/traffic/settings`]: 'settings:read',
  [`PUT ${W}/traffic/settings`]: 'settings:write',
  [`POST ${W}/traffic/drains`]: 'settings:write',
  [`GET ${W}/traffic/drains`]: 'settings:read',
  [`DELETE ${W}/traffic/drains/:id`]: 'settings:write',
  [`PATCH ${W}/traffic/drains/:id`]: 'settings:write',
  'POST /api/v1/traffic/drains/:id/push': 'public',
  'GET /api/v1/traffic/drains/:id/push': 'public',
  [`GET ${W}/traffic/agents`]: 'metrics:read',
  [`GET ${W}/traffic/pages`]: 'metrics:read',
  [`GET ${W}/traffic/referrals`]: 'metrics:read',
  [`GET ${W}/traffic/referrals/ga4`]: 'metrics:read',
  [`GET ${W}/methodology`]: 'metrics:read',
  [`GET ${W}/traffic/robots`]: 'metrics:read',
  [`GET ${W}/traffic/unfetched`]: 'metrics:read',
  [`GET ${W}/traffic/chain`]: 'metrics:read',
  // docs/dashboard.md: the dashboard's icon
  'GET /favicon.ico': 'public',
  // docs/security.md: a job's whole log, read like the job itself
  [`GET ${W}/jobs/:id/log`]: 'runs:read',
  // docs/reports.md: the delivery schedule is a setting like the report settings; its log is
  // read like the reports; a mail's links (the report, unsubscribe) are signed and need no account
  [`GET ${W}/reports/delivery`]: 'settings:read',
  [`PUT ${W}/reports/delivery`]: 'settings:write',
  [`GET ${W}/reports/deliveries`]: 'reports:read',
  'GET /r/report': 'public',
  'GET /r/unsubscribe': 'public',
  'POST /r/unsubscribe': 'public',
  // docs/reports.md, "Agency portfolio": a person's, not a workspace's (keys belong to one
  // workspace), so a session; the mailed document's signed link needs no account
  'GET /api/v1/reports/portfolio': 'session',
  'GET /api/v1/reports/portfolio/delivery': 'session',
  'PUT /api/v1/reports/portfolio/delivery': 'session',
  'GET /api/v1/reports/portfolio/deliveries': 'session',
  'GET /r/portfolio': 'public',
  // docs/scoring.md and docs/sources.md: read like the time series they annotate
  [`GET ${W}/timeseries/entities`]: 'metrics:read',
  [`GET ${W}/timeseries/engines`]: 'metrics:read',
  [`GET ${W}/engine-changes`]: 'metrics:read',
  // docs/methodology.md: the metric definitions, read like the figures; re-deriving is a job like a run
  [`GET ${W}/scores/definitions`]: 'metrics:read',
  [`POST ${W}/scores/rederive`]: 'runs:write',
  [`GET ${W}/model-versions`]: 'metrics:read',
  // docs/research.md: the quote of research, read like research itself
  [`GET ${W}/research/quote`]: 'runs:read',
};

export const EXPECTED_CREDENTIALS: Record<string, string> = { ...SPEC_CREDENTIALS, ...DECISION_CREDENTIALS };
