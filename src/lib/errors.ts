// One error type for the whole service: a stable machine code, a human message, optional details.
// The HTTP status is derived from the code so that the same condition always answers the same way.

export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_token: 400,
  invalid_quote: 400,
  invalid_signature: 400,
  authorization_pending: 400,
  slow_down: 400,
  expired_token: 400,
  access_denied: 400,
  // OAuth (RFC 6749 §5.2, 7591 §3.2.2, 8707): answered in the RFCs' shape by the OAuth endpoints.
  invalid_grant: 400,
  invalid_scope: 400,
  invalid_target: 400,
  unsupported_grant_type: 400,
  invalid_client_metadata: 400,
  invalid_redirect_uri: 400,
  invalid_client: 401,
  invalid_key: 401,
  invalid_credentials: 401,
  insufficient_credits: 402,
  csrf_rejected: 403,
  ip_forbidden: 403,
  insufficient_scope: 403,
  session_required: 403,
  forbidden: 403,
  not_found: 404,
  workspace_not_found: 404,
  score_not_available: 404,
  email_taken: 409,
  slug_taken: 409,
  credential_exists: 409,
  last_owner: 409,
  already_member: 409,
  invalid_state: 409,
  model_not_configured: 409,
  stale_state: 409,
  idempotency_conflict: 409,
  job_already_running: 409,
  mock_topup_disabled: 409,
  invalid_transition: 409,
  compliance_approval_required: 409,
  topic_open: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  pipeline_capacity_reached: 429,
  internal_error: 500,
  upstream_error: 502,
  billing_unavailable: 503,
  pdf_unavailable: 503,
  not_ready: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export interface ErrorEnvelope {
  error: { code: string; message: string; requestId: string; details?: Record<string, unknown> };
}

export function envelope(code: string, message: string, requestId: string, details?: Record<string, unknown>): ErrorEnvelope {
  return { error: { code, message, requestId, ...(details ? { details } : {}) } };
}

// Shared answers, defined once so that every place that gives them gives the same bytes.
export const workspaceNotFound = () => new AppError('workspace_not_found', 'Workspace not found.');
export const notFound = (what: string) => new AppError('not_found', `${what} not found.`);
export const invalid = (message: string, details?: Record<string, unknown>) => new AppError('invalid_request', message, details);
