import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid, workspaceNotFound } from '../../lib/errors.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { newId } from '../../lib/ids.ts';
import { claimIdempotencyKey, requestFingerprint } from '../../lib/idempotency/idempotency.ts';
import { allocate, isMicros } from './credits.fns.ts';
import { creditsRepo as repo } from './credits.repo.ts';
import type { CreditsService } from './credits.service.ts';

// Credit moved between two workspaces of one owner: an agency pays for its clients from one
// purchase (docs/credits.md, "Moving credit between clients"). One transaction locks both
// accounts in id order (two opposite transfers never deadlock), takes the source's unpinned,
// unexpired credit earliest-expiring first, and gives the target one grant per source grant
// with the same expiry: moving credit never makes it last longer. Each side's ledger names the
// transfer, and through it the other workspace.

export interface TransferInput { from: string; amountMicrousd: number; idempotencyKey: string }

/** Who may move credit: an owner of both workspaces (there is no admin role; members may not). */
const OWNER = 'owner';

export function createTransferService(deps: {
  db: Db; clock: Clock; credits: Pick<CreditsService, 'lowAfter' | 'announceLow' | 'balance'>;
  /** The caller's membership of a workspace by slug; null when they cannot see it. */
  membership: (slug: string, userId: string) => Promise<WorkspaceContext | null>;
}) {
  const { db, clock, credits } = deps;

  async function view(id: string, replayed: boolean) {
    const t = (await repo.transferById(db, id))!;
    return { transferId: t.id, from: t.fromSlug, to: t.toSlug, amountMicrousd: t.amount, createdAt: t.createdAt.toISOString(), replayed };
  }

  return {
    async transfer(to: WorkspaceContext, userId: string, input: TransferInput) {
      if (!isMicros(input.amountMicrousd) || input.amountMicrousd === 0) throw invalid('body.amountMicrousd must be a positive whole number of micro-USD');
      if (input.from === to.slug) throw invalid('body.from must be another workspace than the one credit is moved to');
      const from = await deps.membership(input.from, userId);
      // A workspace the caller is not a member of does not exist for them (spec: never reveal it).
      if (!from) throw workspaceNotFound();
      if (to.role !== OWNER || from.role !== OWNER) throw new AppError('forbidden', 'Only an owner of both workspaces moves credit between them.');
      const id = newId('trf');
      const done = await db.transaction(async (tx) => {
        const now = clock.now();
        const claim = await claimIdempotencyKey(tx, {
          workspaceId: to.id, scope: 'credits.transfer', key: input.idempotencyKey,
          requestHash: requestFingerprint({ from: from.id, amountMicrousd: input.amountMicrousd }), resourceId: id, now,
        });
        if (!claim.fresh) return { id: claim.resourceId, replayed: true, low: null };
        for (const ws of [from.id, to.id].sort()) await repo.lockAccount(tx, ws, now);
        const live = (await repo.grantsWithPins(tx, from.id)).filter((g) => g.expiresAt > now)
          .map((g) => ({ id: g.id, unpinned: g.remaining - g.pinned, expiresAt: g.expiresAt }));
        const available = live.reduce((sum, g) => sum + g.unpinned, 0);
        const parts = available >= input.amountMicrousd ? allocate(live, input.amountMicrousd) : null;
        if (!parts) {
          throw new AppError('insufficient_credits', `Moving ${input.amountMicrousd} micro-USD needs that much available in ${from.slug}; ${available} are available.`, {
            requiredMicrousd: input.amountMicrousd, availableMicrousd: available, workspace: from.slug,
          });
        }
        await repo.insertTransfer(tx, { id, fromWorkspaceId: from.id, fromSlug: from.slug, toWorkspaceId: to.id, toSlug: to.slug, amount: input.amountMicrousd, userId, createdAt: now });
        for (const part of parts) {
          await repo.takeFromGrant(tx, { workspaceId: from.id, grantId: part.grantId, amount: part.amount, kind: 'transfer_out', transferId: id, now });
          await repo.insertGrant(tx, {
            id: newId('grt'), workspaceId: to.id, kind: 'transfer', amount: part.amount, source: `transfer:${id}`, createdAt: now, expiresAt: part.expiresAt,
          }, id);
        }
        const low = await credits.lowAfter(tx, { workspaceId: from.id, operation: 'transfer', before: available, after: available - input.amountMicrousd });
        return { id, replayed: false, low };
      });
      await credits.announceLow(done.low);
      const result = await view(done.id, done.replayed);
      return { ...result, balances: { from: await credits.balance(from), to: await credits.balance(to) } };
    },
  };
}
export type TransferService = ReturnType<typeof createTransferService>;
