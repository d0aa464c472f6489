import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import { chatMessages, chatThreads } from './chat.tables.ts';

export type ThreadRow = typeof chatThreads.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

// Threads and messages; every function takes the database or the transaction it runs in.
export const chatRepo = {
  async insertThread(db: Db, row: typeof chatThreads.$inferInsert) {
    const [created] = await db.insert(chatThreads).values(row).returning();
    return created!;
  },

  async thread(db: Db, workspaceId: string, id: string, lock = false) {
    const query = db.select().from(chatThreads).where(and(eq(chatThreads.workspaceId, workspaceId), eq(chatThreads.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** Pinned first, then the most recently updated. */
  threads: (db: Db, workspaceId: string) =>
    db.select().from(chatThreads).where(eq(chatThreads.workspaceId, workspaceId))
      .orderBy(desc(chatThreads.pinned), desc(chatThreads.updatedAt), desc(chatThreads.id)),

  async updateThread(db: Db, id: string, patch: Partial<typeof chatThreads.$inferInsert>) {
    const [row] = await db.update(chatThreads).set(patch).where(eq(chatThreads.id, id)).returning();
    return row ?? null;
  },

  async deleteThread(db: Db, workspaceId: string, id: string) {
    const rows = await db.delete(chatThreads).where(and(eq(chatThreads.workspaceId, workspaceId), eq(chatThreads.id, id))).returning({ id: chatThreads.id });
    return rows.length > 0;
  },

  messages: (db: Db, threadId: string) => db.select().from(chatMessages).where(eq(chatMessages.threadId, threadId)).orderBy(asc(chatMessages.seq)),

  /** The thread's latest `limit` messages, oldest first. */
  async latestMessages(db: Db, threadId: string, limit: number) {
    const rows = await db.select().from(chatMessages).where(eq(chatMessages.threadId, threadId)).orderBy(desc(chatMessages.seq)).limit(limit);
    return rows.reverse();
  },

  async messageIds(db: Db, threadId: string) {
    return new Set((await db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.threadId, threadId))).map((r) => r.id));
  },

  async message(db: Db, threadId: string, id: string) {
    const [row] = await db.select().from(chatMessages).where(and(eq(chatMessages.threadId, threadId), eq(chatMessages.id, id)));
    return row ?? null;
  },

  insertMessages: (db: Db, rows: Array<typeof chatMessages.$inferInsert>) => db.insert(chatMessages).values(rows),

  /** Writes the answer; false when the thread was deleted meanwhile. */
  async saveMessage(db: Db, threadId: string, id: string, patch: Pick<MessageRow, 'parts' | 'metadata'>) {
    const rows = await db.update(chatMessages).set(patch).where(and(eq(chatMessages.threadId, threadId), eq(chatMessages.id, id))).returning({ id: chatMessages.id });
    return rows.length > 0;
  },

  /** Names a thread from its first exchange, unless someone named it meanwhile. */
  autoTitle: (db: Db, id: string, title: string) =>
    db.update(chatThreads).set({ title, titleSource: 'auto' }).where(and(eq(chatThreads.id, id), eq(chatThreads.titleSource, 'default'))),

  /** A turn left unfinished by a process that died: its message says so. */
  markInterrupted: (db: Db, threadId: string, id: string) =>
    db.update(chatMessages).set({ metadata: sql`${chatMessages.metadata} || '{"finishReason":"error","interrupted":true}'::jsonb` })
      .where(and(eq(chatMessages.threadId, threadId), eq(chatMessages.id, id), sql`${chatMessages.metadata}->>'finishReason' is null`)),
};
