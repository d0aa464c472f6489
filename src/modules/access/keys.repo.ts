import { and, asc, eq, isNotNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import { apiKeys } from './access.tables.ts';

export type KeyRow = typeof apiKeys.$inferSelect;
export type KeyPatch = Partial<Omit<KeyRow, 'id' | 'workspaceId'>>;

export const keysRepo = {
  async insert(db: Db, row: typeof apiKeys.$inferInsert) {
    const [created] = await db.insert(apiKeys).values(row).returning();
    return created!;
  },
  /** One key of one workspace; `lock` takes its row lock for a read-modify-write. */
  async byId(db: Db, workspaceId: string, id: string, lock = false) {
    const query = db.select().from(apiKeys).where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },
  /** What authenticating a request reads of a key (kept in memory: never its sealed delivery). */
  async bySecretHash(db: Db, secretHash: string) {
    const k = apiKeys;
    const [row] = await db.select({
      id: k.id, workspaceId: k.workspaceId, scopes: k.scopes, state: k.state, deliveryExpiresAt: k.deliveryExpiresAt, graceUntil: k.graceUntil,
      allowedCidrs: k.allowedCidrs, lastUsedAt: k.lastUsedAt,
    }).from(k).where(eq(k.secretHash, secretHash));
    return row ?? null;
  },
  list(db: Db, workspaceId: string) {
    return db.select().from(apiKeys).where(eq(apiKeys.workspaceId, workspaceId)).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  },
  replacementsOf(db: Db, oldKeyId: string) {
    return db.select().from(apiKeys).where(eq(apiKeys.replacesKeyId, oldKeyId));
  },
  async update(db: Db, id: string, patch: KeyPatch) {
    const [row] = await db.update(apiKeys).set(patch).where(eq(apiKeys.id, id)).returning();
    return row!;
  },
  async touch(db: Db, id: string, at: Date) {
    await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
  },
  /** Makes time-driven ends durable: expired deliveries and finished graces become revoked. */
  async sweep(db: Db, now: Date) {
    const expiredDelivery = and(eq(apiKeys.state, 'pending'), lte(apiKeys.deliveryExpiresAt, now));
    const endedGrace = and(eq(apiKeys.state, 'grace'), lte(apiKeys.graceUntil, now));
    const swept = await db
      .update(apiKeys)
      .set({ state: 'revoked', revokedAt: now, deliveryCiphertext: null })
      .where(or(expiredDelivery, endedGrace))
      .returning({ id: apiKeys.id });
    // Belt and braces: no ciphertext outlives its delivery window, whatever the state says.
    await db.update(apiKeys).set({ deliveryCiphertext: null }).where(and(isNotNull(apiKeys.deliveryCiphertext), lte(apiKeys.deliveryExpiresAt, now)));
    return swept.length;
  },
};
