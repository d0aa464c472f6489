import type { FastifyInstance } from 'fastify';
import { EngineChange } from '../canaries/canaries.schemas.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ENGINE_IDS } from '../engines/catalogue.ts';
import { ACCESS } from '../../lib/http/credentials.ts';
import { Closed, Nullable, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { actorOf, ErrorBody, workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import { DIRECTIONS, MAX_RULES_PER_WORKSPACE, MAX_THRESHOLD_MICROUSD, METRICS, RULE_KINDS } from './alerts.fns.ts';
import type { AlertsService } from './alerts.service.ts';

const tags = ['alerts'];
const Alert = Type.Object({
  id: Type.String({ description: '`alr_…`' }),
  kind: StringEnum(RULE_KINDS),
  name: Nullable(Type.String()),
  metric: Nullable(Type.String({ description: '`score` rules: `score` or one component' })),
  direction: Nullable(Type.String({ description: '`score` rules: `drop`, `rise` or `any`' })),
  engine: Nullable(Type.String({ description: '`score` and `competitor_overtakes` rules: one engine, or null for the composite across engines' })),
  competitor: Nullable(Type.String({ description: '`competitor_overtakes` rules: one competitor, or null for any' })),
  thresholdMicrousd: Nullable(Type.Integer({ description: '`credits_low` rules' })),
  createdAt: Timestamp,
});
const Firing = Type.Object({
  id: Type.String({ description: '`alf_…`' }),
  alertId: Type.String(),
  eventId: Type.String({ description: 'The domain event that fired the rule (`evt_…`)' }),
  eventType: Type.String(),
  reason: Type.String({ description: 'Why, in words, with the figures, their 95% intervals and n' }),
  figures: Type.Object({}, { additionalProperties: true }),
  mailStatus: StringEnum(['pending', 'sent', 'failed', 'no_recipients'] as const),
  mailedAt: Nullable(Timestamp),
  firedAt: Timestamp,
  possibleEngineChange: Type.Array(EngineChange, { description: 'Score and overtake firings: engine changes the canary prompts flag within 2 days of the move (read now, so a flag after the firing shows too); non-empty means the move may be the engine\'s, not the brand\'s. Empty otherwise.' }),
});
const AlertParams = workspaceParamsWith('alertId');

const DESCRIPTION = `Rule kinds and their fields (any other field is a 400 naming it):
- \`score\`: \`metric\` (\`score\` (default) or a component: ${METRICS.slice(1).join(', ')}), \`direction\` (\`drop\` (default), \`rise\`, \`any\`), \`engine\` (optional; the composite across engines without it). Fires when the run's snapshot moves the metric and the before/after 95% intervals do not overlap.
- \`competitor_overtakes\`: \`competitor\` (optional, one of the workspace's competitors), \`engine\` (optional). Fires when a competitor newly ranks above the brand on the scoreboard with its mention-rate interval wholly above the brand's.
- \`run_failed\`: fires on every failed measurement run.
- \`credits_low\`: \`thresholdMicrousd\` (required). Fires when a credit hold takes the available balance from at or above the threshold to below it (once per crossing).
- \`schedule_skipped\`: fires when a scheduled run's due time passes without a run (no credits, one running, capacity).
Each rule fires at most once per run or event. A firing is recorded (\`GET …/alerts/{alertId}/firings\`), published as the \`alert.fired\` webhook event and mailed to the workspace's members. At most ${MAX_RULES_PER_WORKSPACE} rules per workspace (409 \`invalid_state\` beyond).`;

export function alertsRoutes(app: FastifyInstance, deps: { alerts: AlertsService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { alerts } = deps;

  r.get('/api/v1/workspaces/:workspace/alerts', {
    config: { credential: ACCESS.settings.read },
    schema: {
      operationId: 'listAlerts', tags, summary: 'The workspace’s alert rules', params: WorkspaceParams,
      description: 'Oldest first, with the per-workspace `limit`. Each rule’s firings: `GET …/alerts/{alertId}/firings`.',
      response: { 200: Type.Object({ workspace: Type.String(), limit: Type.Integer(), alerts: Type.Array(Alert) }) },
    },
  }, async (request) => alerts.list(workspaceOf(request)));

  r.post('/api/v1/workspaces/:workspace/alerts', {
    config: { credential: ACCESS.settings.write },
    schema: {
      operationId: 'createAlert', tags, summary: 'Add an alert rule', params: WorkspaceParams, description: DESCRIPTION,
      body: Closed({
        kind: StringEnum(RULE_KINDS),
        name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        metric: Type.Optional(StringEnum(METRICS)),
        direction: Type.Optional(StringEnum(DIRECTIONS)),
        engine: Type.Optional(StringEnum(ENGINE_IDS)),
        competitor: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        thresholdMicrousd: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_THRESHOLD_MICROUSD })),
      }),
      response: { 201: Alert, 409: { ...ErrorBody, description: `invalid_state: the workspace already has ${MAX_RULES_PER_WORKSPACE} rules` } },
    },
  }, async (request, reply) => reply.status(201).send(await alerts.create(workspaceOf(request), actorOf(request), request.body)));

  r.delete('/api/v1/workspaces/:workspace/alerts/:alertId', {
    config: { credential: ACCESS.settings.write },
    schema: { operationId: 'deleteAlert', tags, summary: 'Delete an alert rule and its firings', params: AlertParams, response: { 204: Type.Null() } },
  }, async (request, reply) => {
    await alerts.remove(workspaceOf(request), request.params.alertId);
    return reply.status(204).send(null);
  });

  r.get('/api/v1/workspaces/:workspace/alerts/:alertId/firings', {
    config: { credential: ACCESS.settings.read },
    schema: {
      operationId: 'listAlertFirings', tags, summary: 'A rule’s recent firings', params: AlertParams,
      description: 'The 50 most recent, newest first: the reason in words, the figures (values with their 95% intervals and n), the source event and whether the mail went out.',
      response: { 200: Type.Object({ alertId: Type.String(), firings: Type.Array(Firing) }) },
    },
  }, async (request) => alerts.firings(workspaceOf(request), request.params.alertId));
}
