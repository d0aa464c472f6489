import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.ts';
import { ACCESS } from '../../lib/http/credentials.ts';

const tags = ['discovery'];

export function healthRoutes(app: FastifyInstance, deps: { version: string; ping(): Promise<void> }) {
  app.get('/api/v1/health', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'health', tags, summary: 'Liveness: the process answers',
      response: { 200: Type.Object({ status: Type.Literal('ok'), version: Type.String() }) },
    },
  }, async () => ({ status: 'ok' as const, version: deps.version }));

  app.get('/api/v1/health/ready', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'ready', tags, summary: 'Readiness: the database answers (503 `not_ready` when it does not)',
      response: { 200: Type.Object({ status: Type.Literal('ready'), version: Type.String() }) },
    },
  }, async () => {
    try {
      await deps.ping();
    } catch {
      throw new AppError('not_ready', 'The database is not reachable.');
    }
    return { status: 'ready' as const, version: deps.version };
  });
}
