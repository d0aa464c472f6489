import type { FastifyRequest } from 'fastify';

// What a request log line carries: no headers at all (no cookies, no keys), and the URL with
// secrets that travel in paths or queries masked (device codes, user codes).
const SECRET_PATHS = /(\/device-authorizations\/)[^/?]+/;
const SECRET_QUERY = /([?&](?:code|token)=)[^&]*/g;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATHS, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

export function requestForLog(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip, requestId: request.id };
}
