import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { workspaceParamsWith } from '../../lib/http/params.ts';
import { actorOf, workspaceOf } from '../../lib/http/responses.ts';
import { Closed, Nullable } from '../../lib/http/schema-helpers.ts';
import { JobStatus } from '../jobs/jobs.schemas.ts';
import { MAX_JUDGED_ANSWERS } from './judge.fns.ts';
import type { JudgeService } from './judge.service.ts';

// The model judge of brand sentiment over a run's answers (docs/analysis.md, "Model judge").

const tags = ['runs'];
const Params = workspaceParamsWith('id');
const Label = Type.Union([Type.Literal('positive'), Type.Literal('neutral'), Type.Literal('negative'), Type.Literal('mixed')], { description: '`positive`, `neutral`, `negative` or `mixed`' });
const Count = Type.Integer({ minimum: 0 });
const Row = Type.Object({ positive: Count, neutral: Count, negative: Count, mixed: Count });
const Quote = Type.Object({
  quoteId: Type.String({ description: 'Pass it to POST …/sentiment-judge within 10 minutes; used once.' }),
  runId: Type.String(), model: Type.String({ description: 'The workspace model that will judge (provider-qualified id).' }),
  answers: Type.Integer({ description: `Answers that will be judged: the run's answered results that mention the brand, at most ${MAX_JUDGED_ANSWERS}.` }),
  answersMentioningBrand: Type.Integer(),
  priceMicrousd: Type.Integer({ description: 'Price per judged answer (GEO_SENTIMENT_JUDGE_PRICE_MICROUSD, default 2,000).' }),
  amountMicrousd: Type.Integer({ description: 'answers × price: held when the job starts; only the calls that answered are charged.' }),
  availableMicrousd: Type.Integer(), balanceAfterMicrousd: Type.Integer(), expiresAt: Type.String({ format: 'date-time' }),
});
const Report = Type.Object({
  runId: Type.String(),
  job: Nullable(JobStatus),
  answers: Type.Integer({ description: 'Answered results of the run that mention the brand.' }),
  judged: Type.Integer({ description: 'Of those, answers with a stored model verdict.' }),
  agreement: Type.Object({
    n: Type.Integer({ description: 'Answers with both a lexicon and a model label.' }),
    agreed: Type.Integer(),
    percentAgreement: Nullable(Type.Number({ description: '100 · agreed / n; null when n = 0.' })),
    kappa: Nullable(Type.Number({ description: 'Cohen\'s kappa over the four labels; null when n = 0 or both sides used one same label only.' })),
    confusion: Type.Object({ positive: Row, neutral: Row, negative: Row, mixed: Row }, { description: 'Rows: the lexicon\'s label; columns: the model\'s.' }),
  }),
  results: Type.Array(Type.Object({
    resultId: Type.String(), engine: Type.String(), language: Type.String(), sample: Type.Integer(), prompt: Type.String(),
    lexiconLabel: Nullable(Label), modelLabel: Nullable(Label), rationale: Nullable(Type.String()), model: Nullable(Type.String()),
    judgedAt: Nullable(Type.String({ format: 'date-time' })), agree: Nullable(Type.Boolean()),
  })),
});

export function judgeRoutes(app: FastifyInstance, deps: { judge: JudgeService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { judge } = deps;
  const path = '/api/v1/workspaces/:workspace/runs/:id/sentiment-judge';

  r.post(`${path}/quote`, {
    config: { credential: ACCESS.runs.write },
    schema: {
      operationId: 'quoteSentimentJudge', tags, summary: 'Quote the model judge of brand sentiment over a run\'s answers', params: Params,
      description: 'Free; nothing is held. Answers a quote id to start with, valid 10 minutes and used once. 409 `model_not_configured` when the workspace has no language model with a key (the message says how to configure one); 409 `invalid_state` while the run runs or when no answer mentions the brand; 404 `not_found` for an unknown run.',
      response: { 201: Quote },
    },
  }, async (request, reply) => reply.status(201).send(await judge.quote(workspaceOf(request), request.params.id)));

  r.post(path, {
    config: { credential: ACCESS.runs.write },
    schema: {
      operationId: 'startSentimentJudge', tags, summary: 'Start the model judge with a quote (a job)', params: Params,
      description: 'Holds the quoted amount and judges each answer that mentions the brand (a few calls at once); each call leases its price and a failed call is not charged. Verdicts are stored as they arrive, each whole. 400 `invalid_quote` (unknown, another run, the model changed, used or expired: `details.reason`); 402 `insufficient_credits` and 409 `job_already_running` leave the quote usable; 409 `model_not_configured`.',
      body: Closed({ quoteId: Type.String({ minLength: 1, maxLength: 100 }) }),
      response: { 202: JobStatus },
    },
  }, async (request, reply) => reply.status(202).send(await judge.start(workspaceOf(request), request.params.id, request.body.quoteId, actorOf(request))));

  r.get(path, {
    config: { credential: ACCESS.runs.read },
    schema: {
      operationId: 'getSentimentJudge', tags, summary: 'Lexicon label beside the model judge\'s, per answer, with their agreement', params: Params,
      description: 'Every answered result of the run that mentions the brand, with the lexicon\'s brand label and the stored model verdict (label, rationale, model), the latest judge job of the run, and the agreement over answers with both labels: percent agreement, Cohen\'s kappa with n, the 4×4 confusion matrix. 404 `not_found` for an unknown run.',
      response: { 200: Report },
    },
  }, async (request) => judge.report(workspaceOf(request), request.params.id));

  r.delete(path, {
    config: { credential: ACCESS.runs.write },
    schema: {
      operationId: 'cancelSentimentJudge', tags, summary: 'Cancel the run\'s running judge job', params: Params,
      description: 'The job ends `cancelled`; calls in flight are aborted, verdicts already stored stay, and the hold settles for them only. 409 `invalid_state` when no judge job of the run is running.',
      response: { 200: JobStatus },
    },
  }, async (request) => judge.cancel(workspaceOf(request), request.params.id));
}
