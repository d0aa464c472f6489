import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, envelope, workspaceNotFound, type ErrorCode } from '../errors.ts';
import { describeValidationErrors, invalidFields } from './validation.ts';
import { WWW_AUTHENTICATE } from './error-responses.ts';
import { notFoundPage, PAGE_CSP } from './html.ts';

// One envelope for every failure: validation, malformed JSON, unknown routes, oversized bodies,
// our own AppErrors, and anything unexpected (logged, answered as a bare 500).

function send(reply: FastifyReply, request: FastifyRequest, status: number, code: string, message: string, details?: Record<string, unknown>) {
  // A route with a challenge of its own (/mcp names its OAuth metadata) keeps it.
  if (status === 401 && !reply.hasHeader('www-authenticate')) reply.header('www-authenticate', WWW_AUTHENTICATE);
  return reply.status(status).type('application/json; charset=utf-8').send(envelope(code, message, request.id, details));
}

const FRAMEWORK_CODES: Record<string, [number, ErrorCode, string?]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The request body is larger than the 1 MiB limit.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'Send the body as application/json.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_request', 'The body is empty but the content type says JSON.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_request', 'Content-Length does not match the body.'],
};

/** What a module adds to every answer of one error code: a sentence and machine-readable details. */
export type ErrorHint = (request: FastifyRequest) => { message: string; details: Record<string, unknown> } | undefined;

declare module 'fastify' {
  interface FastifyInstance {
    /** Hints by error code, e.g. how to add credits on a 402 wherever it is raised. */
    errorHints: Partial<Record<ErrorCode, ErrorHint>>;
  }
}

export function toErrorReply(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    const hint = request.server.errorHints?.[error.code]?.(request);
    if (hint) return send(reply, request, error.statusCode, error.code, `${error.message} ${hint.message}`, { ...error.details, ...hint.details });
    return send(reply, request, error.statusCode, error.code, error.message, error.details);
  }
  const fe = error as FastifyError;
  // A page address with an impossible part (say an upper-case workspace) is an unknown page.
  if (fe.validation?.[0] && fe.validationContext === 'params' && wantsPage(request)) return notFoundHtml(reply);
  if (fe.validation?.[0]) {
    // Every failure at once: the message lists them all, `details.errors` names each field.
    return toErrorReply(invalidFields(describeValidationErrors(fe.validation as never, fe.validationContext ?? 'request')), request, reply);
  }
  const known = fe.code ? FRAMEWORK_CODES[fe.code] : undefined;
  if (known) return send(reply, request, known[0], known[1], known[2] ?? fe.message);
  if (error instanceof SyntaxError || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return send(reply, request, 400, 'invalid_request', `Malformed JSON body: ${error.message}`);
  }
  const status = fe.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = status === 404 ? 'not_found' : status === 413 ? 'payload_too_large' : status === 429 ? 'rate_limited' : 'invalid_request';
    return send(reply, request, status === 404 || status === 413 || status === 429 ? status : 400, code, fe.message);
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, request, 500, 'internal_error', 'Something went wrong on our side; the request id identifies it in our logs.');
}

/** Faults found before routing (bad URL encoding, an over-long path segment). */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id);
  reply.header('x-content-type-options', 'nosniff'); // these replies skip the onSend hooks (security-headers.ts)
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // An absurdly long slug is just another malformed slug: the same 404 as any unreachable workspace.
    const inWorkspace = /^\/api\/v1\/(workspaces|w)\/[^/]+/.test(request.url);
    return inWorkspace ? toErrorReply(workspaceNotFound(), request, reply) : send(reply, request, 404, 'not_found', 'No such route.');
  }
  return send(reply, request, 400, 'invalid_request', error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL.' : error.message);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.decorate('errorHints', {});
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler((error, request, reply) => toErrorReply(error as FastifyError, request, reply));
  app.setNotFoundHandler((request, reply) => {
    // A person who mistyped a dashboard address gets a page, not the API's JSON.
    if (wantsPage(request)) return notFoundHtml(reply);
    return send(reply, request, 404, 'not_found', `No route ${request.method} ${request.url.split('?')[0]}.`);
  });
}

/** A browser navigating (GET/HEAD, HTML accepted) outside the JSON API. */
export function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  return (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && /text\/html/.test(request.headers.accept ?? '');
}

export function notFoundHtml(reply: FastifyReply) {
  return reply.status(404).header('content-security-policy', PAGE_CSP).header('x-content-type-options', 'nosniff').header('cache-control', 'no-store')
    .type('text/html; charset=utf-8').send(notFoundPage());
}
