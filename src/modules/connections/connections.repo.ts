import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import { storedCredentials } from './connections.tables.ts';

export type CredentialRow = typeof storedCredentials.$inferSelect;

export const credentialsRepo = {
  async get(db: Db, workspaceId: string, connector: string, key: string, lock = false) {
    const query = db.select().from(storedCredentials).where(and(
      eq(storedCredentials.workspaceId, workspaceId), eq(storedCredentials.connector, connector), eq(storedCredentials.key, key),
    ));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },
  list(db: Db, workspaceId: string) {
    return db.select().from(storedCredentials).where(eq(storedCredentials.workspaceId, workspaceId))
      .orderBy(asc(storedCredentials.connector), asc(storedCredentials.key));
  },
  /** Inserts unless the slot is taken; null when it is. */
  async insert(db: Db, row: typeof storedCredentials.$inferInsert) {
    const [created] = await db.insert(storedCredentials).values(row).onConflictDoNothing().returning();
    return created ?? null;
  },
  async replace(db: Db, id: string, patch: Pick<CredentialRow, 'ciphertext' | 'maskedValue' | 'updatedAt' | 'updatedBy'>) {
    const [row] = await db.update(storedCredentials).set(patch).where(eq(storedCredentials.id, id)).returning();
    return row!;
  },
};
