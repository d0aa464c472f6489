import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { AppError } from '../../lib/errors.ts';
import { Closed, Nullable, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { actorOf, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import { MAX_SAMPLES, PRESETS } from '../runs/runs.fns.ts';
import { SamplingOption } from '../runs/sampling.schemas.ts';
import { HISTORY_LIMIT } from './schedules.fns.ts';
import type { SchedulesService } from './schedules.service.ts';

const tags = ['schedules'];
const path = '/api/v1/workspaces/:workspace/schedule';

const ScheduleBody = Closed({
  cron: Type.String({ minLength: 1, maxLength: 100, description: 'Five-field cron expression (minute hour day-of-month month day-of-week) or a macro such as `@daily`, read in `timeZone`. At most hourly: the minute field is one number.' }),
  timeZone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone name, e.g. `Europe/Paris` or `UTC`; daylight saving is followed.' }),
  preset: StringEnum(PRESETS),
  samples: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SAMPLES, default: 1, description: 'Times each engine asks each prompt (as on `POST …/runs`).' })),
  sampling: Type.Optional(SamplingOption),
  batch: Type.Optional(Type.Boolean({ default: false, description: 'Not urgent: each run starts with `batch: true` (as on `POST …/runs`): `claude`\'s calls go through Anthropic Message Batches at the batch price and the run ends when the batch has (within 24 hours); the other engines are asked live. A run still waiting for its batch at the next due time makes that due time `skipped` (`job_already_running`).' })),
});

const HistoryEntry = Type.Object({
  dueAt: Timestamp,
  status: StringEnum(['started', 'skipped'] as const),
  runId: Nullable(Type.String({ description: 'The run started for this due time' })),
  reason: Nullable(Type.String({ description: 'Why the run did not start: the error code `POST …/runs` would have answered (`insufficient_credits`, `job_already_running`, `pipeline_capacity_reached`, `invalid_request`, `internal_error`)' })),
  message: Nullable(Type.String()),
  recordedAt: Timestamp,
});

const Schedule = Type.Object({
  cron: Type.String(),
  timeZone: Type.String({ description: 'Canonical IANA name' }),
  preset: StringEnum(PRESETS),
  samples: Type.Integer({ minimum: 1, maximum: MAX_SAMPLES }),
  sampling: Nullable(SamplingOption),
  batch: Type.Boolean({ description: 'Its runs are started not urgent (batched where an engine allows it)' }),
  nextRunAt: Timestamp,
  lastRun: Nullable(HistoryEntry),
  history: Type.Array(HistoryEntry, { description: `The last ${HISTORY_LIMIT} due times, newest first` }),
});

export function schedulesRoutes(app: FastifyInstance, deps: { schedules: SchedulesService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { schedules } = deps;

  r.get(path, {
    config: { credential: ACCESS.settings.read },
    schema: {
      operationId: 'getSchedule', tags, summary: 'The workspace’s measurement schedule, its next due time and recent history',
      description: '404 `not_found` when the workspace has no schedule; with `optional=true`, 204 and no body instead (a page that only asks whether there is one then fetches no error). `history` lists what each due time did: `started` with the run’s id, or `skipped` with the reason.',
      params: WorkspaceParams,
      querystring: Closed({ optional: Type.Optional(Type.Boolean({ description: '`true`: answer 204 (no body) rather than 404 when the workspace has no schedule' })) }),
      response: { 200: Schedule, 204: Type.Null({ description: 'No schedule (only with `optional=true`)' }) },
    },
  }, async (request, reply) => {
    try {
      return await schedules.get(workspaceOf(request));
    } catch (err) {
      if (request.query.optional && err instanceof AppError && err.code === 'not_found') return reply.status(204).send(null);
      throw err;
    }
  });

  r.put(path, {
    config: { credential: ACCESS.settings.write },
    schema: {
      operationId: 'putSchedule', tags, summary: 'Set the workspace’s measurement schedule',
      description: 'Creates or replaces the schedule. At each due time one run starts, as `POST …/runs` with this preset, samples and sampling would start it (an adaptive schedule holds each run\'s ceiling; without `maxExtraMicrousd` it is that run\'s first-pass estimate), however many server or worker processes are up. A due run that cannot start (402 no credits, 409 a run already running, 429 pipeline capacity) is recorded in `history` as `skipped`, raises the internal `schedule.skipped` event (alerts) and is not retried: the schedule waits for its next due time. A cron expression that fires more than once an hour, or an unknown time zone, is 400 `invalid_request` naming the field (`details.fields`).',
      params: WorkspaceParams, body: ScheduleBody, response: { 200: Schedule },
    },
  }, async (request) => schedules.put(workspaceOf(request), actorOf(request), request.body));

  r.delete(path, {
    config: { credential: ACCESS.settings.write },
    schema: {
      operationId: 'deleteSchedule', tags, summary: 'Remove the workspace’s measurement schedule (and its history)',
      description: '404 `not_found` when the workspace has no schedule. A run already started is not affected.',
      params: WorkspaceParams, response: { 204: Type.Null() },
    },
  }, async (request, reply) => {
    await schedules.remove(workspaceOf(request));
    return reply.status(204).send(null);
  });
}
