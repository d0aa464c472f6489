import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

// A quote an MCP tool that spends credits hands out before it acts. It is a row, never memory,
// so a quote made by one server process is honoured (once) by any other: the key (or OAuth grant), the tool and
// the fingerprint of the exact arguments are bound here, and `used_at` is set by one UPDATE.
export const mcpQuotes = pgTable(
  'mcp_quotes',
  {
    id: text('id').primaryKey(),
    /** The API key, or the OAuth grant (`oag_…`), that asked: no foreign key, as it names either. */
    keyId: text('key_id').notNull(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    argsHash: text('args_hash').notNull(),
    arguments: jsonb('arguments').$type<Record<string, unknown>>().notNull(),
    calls: integer('calls').notNull(),
    amountMicrousd: bigint('amount_microusd', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('mcp_quotes_expires_idx').on(t.expiresAt)],
);
