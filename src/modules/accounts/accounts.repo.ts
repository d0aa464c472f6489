import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import { emailVerifications, sessions, users } from './accounts.tables.ts';

export type UserRow = typeof users.$inferSelect;

export function createAccountsRepo(db: Db) {
  return {
    /** Inserts the user unless the email is taken; returns null when it is. */
    async insertUser(row: typeof users.$inferInsert): Promise<UserRow | null> {
      const [created] = await db.insert(users).values(row).onConflictDoNothing({ target: users.email }).returning();
      return created ?? null;
    },
    async userByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row ?? null;
    },
    async userById(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },
    async setLanguage(id: string, language: string | null) {
      const [row] = await db.update(users).set({ language }).where(eq(users.id, id)).returning();
      return row ?? null;
    },
    usersByIds(ids: string[]) {
      return ids.length ? db.select().from(users).where(inArray(users.id, ids)) : Promise.resolve([]);
    },
    async insertSession(row: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(row);
    },
    async activeSession(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      return row ?? null;
    },
    async revokeSession(id: string, now: Date) {
      await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
    async insertVerification(row: typeof emailVerifications.$inferInsert) {
      await db.insert(emailVerifications).values(row);
    },
    /** Whether the email is verified, reading the row under a share lock held to the end of `tx`. */
    async emailVerifiedLocked(tx: Db, userId: string) {
      const [row] = await tx.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).for('share');
      return Boolean(row?.verifiedAt);
    },
    /** Swaps the stored hash only if it is still `current`; false when it changed meanwhile. */
    async replacePasswordHash(userId: string, current: string, next: string) {
      const rows = await db.update(users).set({ passwordHash: next }).where(and(eq(users.id, userId), eq(users.passwordHash, current))).returning({ id: users.id });
      return rows.length > 0;
    },
    /**
     * Marks a live token used and the user verified, in one transaction; null for a bad token.
     * `alsoInTransaction` runs after the user row is updated (and so locked) in that transaction.
     */
    async consumeVerification(tokenHash: string, now: Date, alsoInTransaction?: (tx: Db, userId: string) => Promise<void>): Promise<UserRow | null> {
      return db.transaction(async (tx) => {
        const [token] = await tx
          .update(emailVerifications)
          .set({ usedAt: now })
          .where(and(eq(emailVerifications.tokenHash, tokenHash), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, now)))
          .returning();
        if (!token) return null;
        const [user] = await tx
          .update(users)
          .set({ emailVerifiedAt: now })
          .where(and(eq(users.id, token.userId), eq(users.email, token.email)))
          .returning();
        if (user) await alsoInTransaction?.(tx, user.id);
        return user ?? null;
      });
    },
  };
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
