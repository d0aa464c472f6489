import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

/**
 * A chat thread. `activeMessageId` is the assistant message of the turn streaming now (one turn
 * at a time per thread): set and checked under the row's lock; a turn whose process died is
 * taken over once `activeSince` is older than the longest a turn may last.
 */
export const chatThreads = pgTable(
  'chat_threads',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** `default` until the first exchange names it (`auto`) or a user does (`user`). */
    titleSource: text('title_source').$type<'default' | 'auto' | 'user'>().notNull(),
    pinned: boolean('pinned').notNull().default(false),
    messageCount: integer('message_count').notNull().default(0),
    activeMessageId: text('active_message_id'),
    activeSince: ts('active_since'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('chat_threads_workspace_idx').on(t.workspaceId, t.pinned, t.updatedAt)],
);

/** Messages in the AI SDK's UI shape: `{id, role, parts[], metadata}`; `seq` orders a thread. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    threadId: text('thread_id').notNull().references(() => chatThreads.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    seq: integer('seq').notNull(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    parts: jsonb('parts').$type<Array<Record<string, unknown>>>().notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.id] }), index('chat_messages_thread_seq_idx').on(t.threadId, t.seq)],
);
