import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { actorOf, workspaceOf } from '../../lib/http/responses.ts';
import { PUBLIC_EVENT_TYPES } from '../events/events.hub.ts';
import { WorkspaceParams, workspaceParamsWith } from '../../lib/http/params.ts';
import { DEFAULT_DELIVERY_POLICY, MAX_ENDPOINTS_PER_WORKSPACE, TEST_EVENT_TYPE } from './webhooks.fns.ts';
import { DeliveriesQuery, DeliveryPage, TestResult, WebhookCreateBody, WebhookCreated, WebhookEndpoint } from './webhooks.schemas.ts';
import type { WebhooksService } from './webhooks.service.ts';

const tags = ['webhooks'];
const Params = workspaceParamsWith('id');
const SIGNING = 'Each delivery is a POST of `{type, timestamp, data}` with the Standard Webhooks headers `webhook-id` (the event id, the same on every attempt), `webhook-timestamp` and `webhook-signature` (HMAC-SHA256 with the endpoint secret); verify it with any Standard Webhooks library.';
const { maxAttempts, disableAfter } = DEFAULT_DELIVERY_POLICY;

export function webhooksRoutes(app: FastifyInstance, deps: { webhooks: WebhooksService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { webhooks } = deps;

  r.post('/api/v1/workspaces/:workspace/webhooks', {
    config: { credential: ACCESS.settings.write },
    schema: {
      operationId: 'createWebhook', tags, summary: 'Register an endpoint for outbound events (its secret is shown only here)', params: WorkspaceParams,
      description: `Events: ${PUBLIC_EVENT_TYPES.map((e) => `\`${e}\``).join(', ')}. ${SIGNING} The address follows the fetching rules: a forbidden address (private, loopback, reserved, or a name resolving only there), a user name in the URL, or plain http in production is \`400 invalid_request\` naming \`url\`. At most ${MAX_ENDPOINTS_PER_WORKSPACE} endpoints per workspace (400).`,
      body: WebhookCreateBody, response: { 201: WebhookCreated },
    },
  }, async (request, reply) => reply.status(201).send(await webhooks.create(workspaceOf(request), actorOf(request), request.body)));

  r.get('/api/v1/workspaces/:workspace/webhooks', {
    config: { credential: ACCESS.settings.read },
    schema: { operationId: 'listWebhooks', tags, summary: 'The workspace’s webhook endpoints (never their secrets)', params: WorkspaceParams, response: { 200: Type.Array(WebhookEndpoint) } },
  }, async (request) => webhooks.list(workspaceOf(request)));

  r.delete('/api/v1/workspaces/:workspace/webhooks/:id', {
    config: { credential: ACCESS.settings.write },
    schema: {
      operationId: 'deleteWebhook', tags, summary: 'Remove an endpoint and its delivery log', params: Params,
      description: 'Deliveries still queued for it are dropped. Unknown id → 404 `not_found`.', response: { 204: Type.Null() },
    },
  }, async (request, reply) => {
    await webhooks.remove(workspaceOf(request), request.params.id);
    return reply.status(204).send(null);
  });

  r.post('/api/v1/workspaces/:workspace/webhooks/:id/test', {
    config: { credential: ACCESS.settings.write },
    schema: {
      operationId: 'testWebhook', tags, summary: `Send a \`${TEST_EVENT_TYPE}\` event now and return the attempt`, params: Params,
      description: `One signed POST of \`{type: "${TEST_EVENT_TYPE}", timestamp, data: {webhookId, message}}\`, sent at once and never retried; the answer says whether the endpoint replied 2xx, with its status or the error and the latency. It is logged among the deliveries. It works on a disabled endpoint, and a success enables it again.`,
      response: { 200: TestResult },
    },
  }, async (request) => webhooks.test(workspaceOf(request), request.params.id));

  r.get('/api/v1/workspaces/:workspace/webhooks/:id/deliveries', {
    config: { credential: ACCESS.settings.read },
    schema: {
      operationId: 'listWebhookDeliveries', tags, summary: 'The endpoint’s deliveries with every attempt, newest first', params: Params, querystring: DeliveriesQuery,
      description: `A delivery is attempted at most ${maxAttempts} times with exponential backoff (30 s, then ×3: about an hour in all); a 2xx answer delivers it, anything else (including a redirect, which is not followed, and a timeout) is retried, and after the last attempt it is \`failed\`. After ${disableAfter} consecutive failed deliveries the endpoint is disabled. Pages by \`cursor\`.`,
      response: { 200: DeliveryPage },
    },
  }, async (request) => webhooks.deliveries(workspaceOf(request), request.params.id, request.query));
}
