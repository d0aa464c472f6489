import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

// What the ingestion keeps of its own: each upload or drain push with what it counted, and the
// drains' keys. The hits themselves are the traffic module's (traffic.tables.ts, written through
// traffic.store.ts).

/** One upload or drain push: what it counted and a sample of the lines that did not parse. */
export const trafficUploads = pgTable(
  'traffic_uploads',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    bytesReceived: bigint('bytes_received', { mode: 'number' }).notNull(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    unparsedSample: jsonb('unparsed_sample').$type<Array<{ line: number; reason: string; text: string }>>().notNull().default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('traffic_uploads_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/** A log drain's key: pushes signed with its secret land in its workspace (only that). */
export const trafficDrains = pgTable(
  'traffic_drains',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The signing secret, sealed with CREDENTIALS_KEY (the receiver must recompute HMACs with it). */
    secretSealed: text('secret_sealed').notNull(),
    /** The code Vercel asks the endpoint to answer in `x-vercel-verify` (not a secret: it signs nothing). */
    vercelVerify: text('vercel_verify'),
    createdAt: ts('created_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('traffic_drains_workspace_idx').on(t.workspaceId)],
);
