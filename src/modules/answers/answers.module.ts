import type { FastifyInstance } from 'fastify';
import { answersRoutes } from './answers.routes.ts';
import { createAnswersService, type AnswersDeps } from './answers.service.ts';

// The answers module wired in one call: what it needs is handed in (the database, the
// workspaces' settings for the names to mark, the methodology stamps), and it gives its service
// and the registration of its routes, for processes that serve HTTP.
export function answersModule(needs: AnswersDeps) {
  const answers = createAnswersService(needs);
  return {
    answers,
    http(app: FastifyInstance): void {
      answersRoutes(app, { answers });
    },
  };
}
