import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { createSchedulesService } from './schedules.service.ts';
import { schedulesRoutes } from './schedules.routes.ts';

/** Measurement schedules: due runs start on the minute, once for the whole fleet. */
export function schedulesModule(needs: Parameters<typeof createSchedulesService>[0]) {
  const schedules = createSchedulesService(needs);
  return {
    name: 'schedules', schedules,
    http(app: FastifyInstance) {
      schedulesRoutes(app, { schedules });
    },
    // Offered on the minute by every process as well (jobs.timers.ts): due runs start ~0.3 s after their time.
    timers: [{ name: 'schedules_tick', cron: '* * * * *', onTheMinute: true, run: () => schedules.tick() }],
  } satisfies ModuleParts & Record<string, unknown>;
}
