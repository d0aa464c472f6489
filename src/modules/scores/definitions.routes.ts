import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { actorOf, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import { Closed, StringEnum } from '../../lib/http/schema-helpers.ts';
import { JobStatus } from '../jobs/jobs.schemas.ts';
import { METRIC_VERSIONS, type MetricVersion } from './definitions.fns.ts';
import type { Rederivation } from './rederive.ts';

// The metric definitions (a versioned registry) and the re-derivation of a workspace's snapshots
// under one of them (docs/methodology.md, "Metric definitions").

const tags = ['scores'];
const Day = Type.String({ format: 'date', description: 'UTC day, inclusive' });

export function definitionsRoutes(app: FastifyInstance, deps: { rederivation: Rederivation }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/api/v1/workspaces/:workspace/scores/definitions', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'listMetricDefinitions', tags, summary: 'The versioned metric definitions, and the days of this workspace under each',
      params: WorkspaceParams,
      response: {
        200: Type.Object({
          current: Type.String({ description: 'The definition of snapshots never re-derived' }),
          definitions: Type.Array(Type.Object({
            version: Type.String(), summary: Type.String(),
            analysis: StringEnum(['stored', 'reanalysed'] as const, { description: '`stored`: each answer as analysed when measured; `reanalysed`: the stored raw answer analysed again with today\'s analyser and settings' }),
            days: Type.Integer({ minimum: 0, description: 'Days of this workspace\'s composite snapshots under it' }),
          })),
        }),
      },
    },
  }, async (request) => deps.rederivation.definitions(workspaceOf(request)));

  r.post('/api/v1/workspaces/:workspace/scores/rederive', {
    config: { credential: ACCESS.runs.write },
    schema: {
      operationId: 'rederiveScores', tags, summary: 'Recompute the snapshots from the stored raw answers under a metric definition (a job)',
      description: 'Free (no engine is called). Day by day from the oldest in `from`..`to` (default: every day measured), the day\'s runs\' stored answers are pooled again under `metricVersion` and the snapshots rewritten with it; the time series then marks the days where the definition changes (`definitionChanged`). Poll the job at `GET …/jobs/{id}` (progress counts `days`). 404 `score_not_available` when there is no snapshot in the range; one at a time per workspace (409 `job_already_running`).',
      params: WorkspaceParams,
      body: Closed({ metricVersion: StringEnum(METRIC_VERSIONS, { description: 'A version of `listMetricDefinitions`' }), from: Type.Optional(Day), to: Type.Optional(Day) }),
      response: { 202: JobStatus },
    },
  }, async (request, reply) => {
    const body = request.body as { metricVersion: MetricVersion; from?: string; to?: string };
    return reply.status(202).send(await deps.rederivation.start(workspaceOf(request), actorOf(request), body));
  });
}
