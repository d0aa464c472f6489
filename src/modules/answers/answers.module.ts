import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { answersRoutes } from './answers.routes.ts';
import { createAnswersService, type AnswersDeps } from './answers.service.ts';
import { createRecognition } from './recognition.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * What the engines said: every answer in full, searched in its language, with its mentions,
 * citations, sentiment evidence and the answer before it (docs/answers.md).
 */
export function answersModule(needs: AnswersDeps & { clock: Clock }) {
  const answers = createAnswersService(needs);
  const recognition = createRecognition(needs);
  return {
    name: 'answers', answers,
    http(app: FastifyInstance) {
      answersRoutes(app, { answers, recognition });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
