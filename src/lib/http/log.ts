import type { FastifyRequest } from 'fastify';
import { requestIdMixin } from './log-context.ts';

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

/**
 * The app's logger: JSON lines, or for a person at a terminal (config.logPretty) the same lines
 * through pino-pretty. pino-pretty is named here, never imported: pino loads it (in its transport
 * thread) only when it is asked for, so a server writing JSON never loads it.
 */
export function loggerOptions(config: { logLevel: string; logPretty?: boolean }) {
  return {
    level: config.logLevel, serializers: { req: requestForLog }, mixin: requestIdMixin,
    ...(config.logPretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } } : {}),
  };
}
