import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// One row per (workspace, scope, key): the first request's fingerprint and the resource it made.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    workspaceId: text('workspace_id').notNull(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    resourceId: text('resource_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.scope, t.key] })],
);
