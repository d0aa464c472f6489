import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.ts';
import { ACCESS } from '../../lib/http/credentials.ts';
import { ErrorBody } from '../../lib/http/responses.ts';
import type { Metrics } from './metrics.service.ts';

// `GET /metrics` (docs/operations.md, "Observability"): Prometheus text for a scraper that
// presents `Authorization: Bearer <METRICS_TOKEN>`. Without a configured token the route does
// not exist for anyone (404), so a deployment never exposes its internals by default. The
// token is compared by digest in constant time; a wrong or missing token is also 404, so the
// route's existence is not revealed to someone who guesses.

const digest = (value: string) => createHash('sha256').update(value).digest();

export function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/.exec(header ?? '');
  return Boolean(match) && timingSafeEqual(digest(match![1]!), digest(token));
}

export function metricsRoutes(app: FastifyInstance, deps: { metrics: Metrics; token?: string }) {
  app.get('/metrics', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'metricsScrape', tags: ['operations'],
      summary: 'Prometheus metrics (needs `Authorization: Bearer <METRICS_TOKEN>`; 404 when not configured or the token is wrong)',
      description: 'HTTP latency by route, engine calls and errors by engine, jobs by kind and status, credit holds, and Node process metrics, in the Prometheus text format 0.0.4.',
      produces: ['text/plain'],
      response: {
        200: { description: 'Prometheus text exposition', content: { 'text/plain': { schema: Type.String() } } },
        404: { ...ErrorBody, description: 'not_found: no METRICS_TOKEN is configured, or the bearer token is not it' },
      },
    },
  }, async (request, reply) => {
    if (!deps.token || !tokenMatches(request.headers.authorization, deps.token)) throw new AppError('not_found', 'Not found.');
    const { contentType, body } = await deps.metrics.render();
    return reply.type(contentType).send(body);
  });
}
