import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { answersRoutes } from './answers.routes.ts';
import { createAnswersService, type AnswersDeps } from './answers.service.ts';

/**
 * What the engines said: every answer in full, searched in its language, with its mentions,
 * citations, sentiment evidence and the answer before it (docs/answers.md).
 */
export function answersModule(needs: AnswersDeps) {
  const answers = createAnswersService(needs);
  return {
    name: 'answers', answers,
    http(app: FastifyInstance) {
      answersRoutes(app, { answers });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
