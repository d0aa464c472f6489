import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { createJudgeService } from './judge.service.ts';
import { judgeRoutes } from './judge.routes.ts';

/** The model judge of brand sentiment (docs/analysis.md, "Model judge"), quoted before it is charged. */
export function judgeModule(needs: Parameters<typeof createJudgeService>[0]) {
  const judge = createJudgeService(needs);
  return {
    name: 'judge', judge,
    http(app: FastifyInstance) {
      judgeRoutes(app, { judge });
    },
    sweeps: [() => judge.sweepQuotes()],
  } satisfies ModuleParts & Record<string, unknown>;
}
