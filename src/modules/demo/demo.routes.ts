import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { sessionOf } from '../../lib/http/responses.ts';
import { HISTORY_DAYS } from './demo.fns.ts';
import type { DemoService } from './demo.service.ts';

const Demo = Type.Object({
  slug: Type.String({ description: 'The demo workspace’s slug: every workspace route takes it, as for any workspace.' }),
  displayName: Type.String({ description: 'The fictional brand.' }),
  simulated: Type.Literal(true, { description: 'Always true: every answer of the demo comes from the simulated engines, and every view says so.' }),
  historyDays: Type.Integer({ description: `Days of daily runs (${HISTORY_DAYS}), the last of them the day the demo was made.` }),
  from: Type.String({ format: 'date', description: 'The first day of the history (UTC).' }),
  to: Type.String({ format: 'date', description: 'The last day of the history: the day the demo was made (UTC).' }),
  languages: Type.Array(Type.String()),
  competitors: Type.Array(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  dashboardPath: Type.String({ description: 'Where the dashboard shows it.' }),
}, { additionalProperties: false });

export function demoRoutes(app: FastifyInstance, deps: { demo: DemoService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post('/api/v1/demo-workspace', {
    config: { credential: ACCESS.account },
    schema: {
      operationId: 'createDemoWorkspace', tags: ['workspaces'], summary: 'Your demo workspace: a fictional brand with 90 days of simulated history',
      description: `A session only; no body. Makes, for the signed-in person, a workspace for a fictional coffee-equipment brand (Brewline) with four competitors, 14 prompts in English and Spanish, ${HISTORY_DAYS} days of daily measurement runs on the five simulated engines (stored as real runs are, so the score, time series, answers, runs, reports and portfolio read them as any other data, every one labelled simulated), an access log of AI crawlers (ingested as an upload, a few seconds after the answer) and recommendations in each state. It costs no credit: no grant, no hold, no charge. One per person: 201 the first time, then 200 with the same body naming the same workspace (also to a second request sent while the first is being made). Delete it as any workspace (\`DELETE /api/v1/workspaces/{workspace}\`); asking again then makes a new one. Ready in a few seconds (docs/demo.md gives the measured time).`,
      response: { 200: Demo, 201: Demo },
    },
  }, async (request, reply) => {
    const { created, demo } = await deps.demo.ensure(sessionOf(request).userId);
    return reply.status(created ? 201 : 200).send(demo);
  });
}
