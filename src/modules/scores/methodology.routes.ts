import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Clock } from '../../lib/clock.ts';
import { ACCESS } from '../../lib/http/credentials.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import { Closed, Nullable, StringEnum } from '../../lib/http/schema-helpers.ts';
import { INTENTS } from '../workspaces/workspaces.schemas.ts';
import { stamp, THRESHOLDS } from './methodology.fns.ts';
import type { ScoresService } from './scores.service.ts';
import { stampFacts, type StampAnswer } from './stamp-facts.fns.ts';

// The methodology stamp of a score (docs/methodology.md): how the figure of a day was made —
// surface, engines and the model versions their providers reported, answers, samples per prompt,
// prompts per intent, cadence, simulated share, metric version — and its grade, exploratory or
// decision-grade, with every failed rule as a sentence.

const DAY = 86_400_000;
const CADENCE_DAYS = 7;

export interface MethodologyDeps {
  clock: Clock;
  scores: Pick<ScoresService, 'score'>;
  answers(ws: WorkspaceContext, from: Date, to: Date, engine?: string): Promise<StampAnswer[]>;
  intents(workspaceId: string, promptIds: string[]): Promise<Array<{ id: string; intent: string }>>;
}

export async function methodologyOf(deps: MethodologyDeps, ws: WorkspaceContext, q: { date?: string; engine?: string }) {
  const engine = q.engine && q.engine !== 'composite' ? q.engine : undefined;
  const score = await deps.scores.score(ws, q.date);
  const day = score.date;
  const end = new Date(Date.parse(`${day}T00:00:00Z`) + DAY);
  const start = new Date(end.getTime() - CADENCE_DAYS * DAY);
  const window = await deps.answers(ws, start, end, engine);
  const answers = window.filter((a) => a.day === day);
  const intents = await deps.intents(ws.id, [...new Set(answers.map((a) => a.promptId))]);
  const facts = stampFacts(answers, {
    intentOf: new Map(intents.map((p) => [p.id, p.intent])), intents: INTENTS, windowDays: window.map((a) => a.day),
    from: start.toISOString().slice(0, 10), to: day,
  });
  return { date: day, engine: engine ?? 'composite', cadenceDays: CADENCE_DAYS, thresholds: { ...THRESHOLDS }, ...stamp(facts), metricVersion: score.version, intents: [...INTENTS] };
}

const Stamp = Type.Object({
  date: Type.String({ format: 'date', description: 'The figure\'s day: the latest snapshot on or before `date`, as `GET …/score` has it' }),
  engine: Type.String({ description: '`composite` (all engines) or one engine' }),
  cadenceDays: Type.Integer({ description: 'The window, in days ending on `date`, in which cadence counts days with answers' }),
  surface: Nullable(StringEnum(['api', 'product', 'mixed'] as const, { description: '`mixed`: the figure pools API and consumer-product answers' })),
  engines: Type.Array(Type.Object({ engine: Type.String(), modelVersions: Type.Array(Type.String(), { description: 'As the provider reported them on the day\'s answers' }) })),
  answers: Type.Integer({ minimum: 0, description: 'n: the day\'s answers behind the figure' }),
  samplesPerPrompt: Type.Number({ description: 'Median answers per run, engine and prompt' }),
  prompts: Type.Integer({ minimum: 0 }),
  intentCoverage: Type.Record(Type.String(), Type.Integer(), { description: 'Distinct prompts per intent' }),
  intents: Type.Array(Type.String()),
  runDays: Type.Integer({ minimum: 0, description: 'Days with answers in the cadence window' }),
  dateRange: Type.Object({ from: Nullable(Type.String()), to: Type.String() }),
  simulatedShare: Type.Number({ minimum: 0, maximum: 1 }),
  unversionedShare: Type.Number({ minimum: 0, maximum: 1, description: 'Share of answers whose provider reported no model version' }),
  metricVersion: Type.String(),
  grade: StringEnum(['exploratory', 'decision-grade'] as const),
  reasons: Type.Array(Type.String(), { description: 'Each failed rule in a sentence; empty when decision-grade' }),
  thresholds: Type.Record(Type.String(), Type.Number(), { description: 'The rules\' thresholds (docs/methodology.md)' }),
});

export function methodologyRoutes(app: FastifyInstance, deps: MethodologyDeps) {
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
      response: { 200: Stamp },
    },
  }, async (request) => methodologyOf(deps, workspaceOf(request), request.query));
}
