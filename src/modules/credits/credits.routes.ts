import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.ts';
import { ACCESS } from '../../lib/http/credentials.ts';
import { Closed, Nullable, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { WorkspaceParams } from '../../lib/http/params.ts';
import type { CreditsService } from './credits.service.ts';
import { addCreditsHint } from './credits.hint.ts';
import type { TransferService } from './transfer.ts';

const tags = ['credits'];
const Micros = (description?: string) => Type.Integer({ minimum: 0, ...(description ? { description } : {}) });

export const Balance = Type.Object({
  workspace: Type.String(),
  state: Type.String({ description: '`active`' }),
  postedMicrousd: Micros('Unexpired credits on the ledger'),
  heldMicrousd: Micros('Reserved by operations in progress'),
  availableMicrousd: Micros('posted − held'),
  nextExpiryAt: Nullable({ ...Timestamp, description: 'Expiry of the earliest grant that still has credits' }),
});

const Usage = Type.Object({
  workspace: Type.String(),
  periods: Type.Array(Type.Object({
    day: Type.String({ description: 'UTC day (YYYY-MM-DD)' }),
    creditsMicrousd: Micros('Credits debited that day, every metered operation (runs, chat, generation)'),
    providerCostMicrousd: Micros('What the providers billed the operator for the runs started that day: the sum of their real calls\' recorded cost (usage from each answer × the model price table, GEO_MODEL_PRICES); simulated calls cost 0'),
    providerCostUsd: Type.String({ description: 'The same in USD (four decimals below $1)' }),
    engines: Type.Array(Type.Object({
      engine: Type.String(), calls: Type.Integer({ minimum: 0 }), answered: Type.Integer({ minimum: 0, description: 'Calls that answered (failed calls are not charged)' }),
      simulated: Type.Integer({ minimum: 0 }), providerCostMicrousd: Micros(),
    })),
  }), { description: 'Newest day first, over the last `days` UTC days (today included); a day is listed when it debited credits or ran calls.' }),
  ledger: Type.Array(Type.Object({
    entryId: Type.String(),
    kind: StringEnum(['grant', 'debit', 'expiry', 'transfer_out', 'transfer_in'] as const, { description: '`transfer_out`: credit moved to another workspace (one entry per grant it came from); `transfer_in`: credit moved here, as a grant that keeps the source grant\'s expiry' }),
    amountMicrousd: Type.Integer({ description: 'Positive for grants and credit moved in, negative otherwise' }),
    grantId: Type.String(), reservationId: Nullable(Type.String()),
    transferId: Nullable(Type.String({ description: 'The transfer a `transfer_in` or `transfer_out` entry belongs to; null otherwise' })),
    counterpartWorkspace: Nullable(Type.String({ description: 'For a transfer: the other workspace\'s slug as it was then; null for every other entry' })),
    createdAt: Timestamp,
  })),
  operations: Type.Array(Type.Object({
    reservationId: Type.String(), operation: Type.String(), status: StringEnum(['held', 'settled', 'released', 'expired'] as const),
    reservedMicrousd: Micros(), leasedMicrousd: Micros(), settledMicrousd: Nullable(Micros()),
    metadata: Nullable(Type.Object({}, { additionalProperties: true })), createdAt: Timestamp, expiresAt: Timestamp, closedAt: Nullable(Timestamp),
    leases: Type.Array(Type.Object({ amountMicrousd: Type.Integer({ description: "Positive: a call authorised; negative: a failed call's lease returned (not charged)" }), createdAt: Timestamp })),
  })),
}, { description: 'Newest first; `limit` applies to the ledger and the operations, `days` to the periods.' });

export function creditsRoutes(app: FastifyInstance, deps: { credits: CreditsService; transfers: TransferService; mockTopUpAllowed: boolean; checkoutAvailable?: boolean }) {
  // Every 402, whichever module raised it, says how to add credits here.
  const ways = { mockTopUp: deps.mockTopUpAllowed, checkout: deps.checkoutAvailable ?? false };
  app.errorHints.insufficient_credits = (request) => addCreditsHint(request.workspace?.slug, ways);
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { credits } = deps;

  r.get('/api/v1/workspaces/:workspace/credits/balance', {
    config: { credential: ACCESS.credits.read },
    schema: { operationId: 'getCreditBalance', tags, summary: 'Posted, held and available credits (micro-USD)', params: WorkspaceParams, response: { 200: Balance } },
  }, async (request) => credits.balance(workspaceOf(request)));

  r.get('/api/v1/workspaces/:workspace/credits/usage', {
    config: { credential: ACCESS.credits.read },
    schema: {
      operationId: 'getCreditUsage', tags, summary: 'Ledger entries and metered operations with their leases and settlement', params: WorkspaceParams,
      description: '`periods` shows, per UTC day, the credits debited beside the provider cost in USD of that day\'s runs, engine by engine.',
      querystring: Type.Object({
        limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
        days: Type.Integer({ minimum: 1, maximum: 366, default: 30, description: 'UTC days of `periods`, today included' }),
      }, { additionalProperties: false }),
      response: { 200: Usage },
    },
  }, async (request) => credits.usage(workspaceOf(request), request.query.limit, request.query.days));

  r.post('/api/v1/workspaces/:workspace/credits/top-up', {
    config: { credential: ACCESS.credits.topUp },
    schema: {
      operationId: 'mockTopUp', tags, summary: 'Add credits without payment (local and test mode only)', params: WorkspaceParams,
      description: '409 `mock_topup_disabled` in production or when a payment processor is configured. The same `idempotencyKey` credits once; with another amount it is 409 `idempotency_conflict`.',
      body: Closed({
        amountMicrousd: Type.Integer({ minimum: 1, maximum: 500_000_000 }),
        idempotencyKey: Type.String({ minLength: 1, maxLength: 200 }),
      }),
      response: {
        200: Type.Object({
          workspace: Type.String(), grantId: Type.String(), amountMicrousd: Micros(), expiresAt: Timestamp,
          replayed: Type.Boolean({ description: 'True when this answers an earlier request with the same key.' }), balance: Balance,
        }),
      },
    },
  }, async (request) => {
    if (!deps.mockTopUpAllowed) throw new AppError('mock_topup_disabled', 'Mock top-up is disabled: a payment processor is configured or the server runs in production. Use billing/checkout.');
    const ws = workspaceOf(request);
    const result = await credits.mockTopUp(ws, request.body);
    return { ...result, balance: await credits.balance(ws) };
  });

  r.post('/api/v1/workspaces/:workspace/credits/transfer', {
    config: { credential: ACCESS.credits.transfer },
    schema: {
      operationId: 'transferCredits', tags, summary: 'Move credit here from another workspace you own (an agency\'s clients)', params: WorkspaceParams,
      description: [
        'Moves `amountMicrousd` of posted, available credit from workspace `from` to this one, in one transaction: a `transfer_out` ledger entry in the source per grant it takes from (earliest-expiring first) and a `transfer_in` grant here with the same expiry, each naming the transfer and the other workspace. A session that owns both workspaces only.',
        'The same `idempotencyKey` answers the same transfer (`replayed: true`); with another body it is 409 `idempotency_conflict`. 402 `insufficient_credits` when the source\'s available balance (posted − held) is short; 404 `workspace_not_found` for a `from` you are not a member of; 403 `forbidden` unless you own both; 400 for `from` equal to this workspace.',
      ].join(' '),
      body: Closed({
        from: Type.String({ minLength: 1, maxLength: 200, description: 'The slug of the workspace the credit comes from' }),
        amountMicrousd: Type.Integer({ minimum: 1, maximum: 1_000_000_000_000, description: 'Whole micro-USD, at least 1' }),
        idempotencyKey: Type.String({ minLength: 1, maxLength: 200 }),
      }),
      response: {
        200: Type.Object({
          transferId: Type.String(), from: Type.String(), to: Type.String(), amountMicrousd: Micros(), createdAt: Timestamp,
          replayed: Type.Boolean({ description: 'True when this answers an earlier request with the same key.' }),
          balances: Type.Object({ from: Balance, to: Balance }, { description: 'Both workspaces\' balances after the transfer' }),
        }),
      },
    },
  }, async (request) => {
    const principal = request.principal;
    if (principal?.kind !== 'session') throw new AppError('forbidden', 'Only a signed-in person moves credit.');
    return deps.transfers.transfer(workspaceOf(request), principal.userId, request.body);
  });
}
