import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { createDemoService, type DemoDeps } from './demo.service.ts';
import { demoRoutes } from './demo.routes.ts';

/** The demo workspace: a fictional brand with simulated history, one per person (docs/demo.md). */
export function demoModule(needs: DemoDeps) {
  const demo = createDemoService(needs);
  return {
    name: 'demo', demo,
    http(app: FastifyInstance) {
      demoRoutes(app, { demo });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
