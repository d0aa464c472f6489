import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import { Closed } from '../../lib/http/schema-helpers.ts';
import { DayStamp } from './methodology.schema.ts';
import type { Stamps } from './stamps.ts';

// The methodology stamp of a score (docs/methodology.md): how the figure of a day was made —
// surface, engines and the model versions their providers reported, answers, samples per prompt,
// prompts per intent, cadence, simulated share, metric version — and its grade, exploratory or
// decision-grade, with every failed rule as a sentence.

export function methodologyRoutes(app: FastifyInstance, deps: { stamps: Stamps }) {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/v1/workspaces/:workspace/methodology', {
    config: { credential: ACCESS.metrics.read },
    schema: {
      operationId: 'getMethodology', tags: ['scores'], summary: 'How a day\'s score was made, and whether it is decision-grade',
      description: 'The methodology stamp of the score `GET …/score?date=` answers (or of one engine\'s): surface, engines with the model versions their providers reported, answers, samples per prompt, prompts per intent, days with answers in the 7 days ending on it, simulated share, metric version, and a grade — `exploratory` or `decision-grade` — with every failed rule (docs/methodology.md). 404 `score_not_available` before any measurement.',
      params: WorkspaceParams,
      querystring: Closed({
        date: Type.Optional(Type.String({ format: 'date' })),
        engine: Type.Optional(Type.String({ maxLength: 64, description: '`composite` (default) or an engine id' })),
      }),
      response: { 200: DayStamp },
    },
  }, async (request) => deps.stamps.forScore(workspaceOf(request), request.query));
}
