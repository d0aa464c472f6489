import { and, eq } from 'drizzle-orm';
import stringify from 'safe-stable-stringify';
import type { Db } from '../db.ts';
import { AppError } from '../errors.ts';
import { sha256 } from '../crypto.ts';
import { idempotencyKeys } from './idempotency.tables.ts';

// Idempotency is a unique row in the database, never a map in memory: a replay from another
// process, or one racing the first request, finds the same row.

export function requestFingerprint(body: unknown): string {
  return sha256(stringify(body) ?? '');
}

export type Claim = { fresh: true } | { fresh: false; resourceId: string };

/**
 * Claims (workspace, scope, key) for a new resource inside the caller's transaction. A replay
 * with the same fingerprint gets the first resource's id; another fingerprint is a 409.
 * A concurrent claim of the same key waits on the unique index until the first commits.
 */
export async function claimIdempotencyKey(
  tx: Db,
  claim: { workspaceId: string; scope: string; key: string; requestHash: string; resourceId: string; now: Date },
): Promise<Claim> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ ...claim, createdAt: claim.now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length) return { fresh: true };
  const [existing] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.workspaceId, claim.workspaceId), eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)));
  if (!existing) throw new AppError('idempotency_conflict', 'The idempotency key is in use by a request that did not finish; retry.');
  if (existing.requestHash !== claim.requestHash) {
    throw new AppError('idempotency_conflict', 'This idempotency key was already used with a different request body.');
  }
  return { fresh: false, resourceId: existing.resourceId };
}
