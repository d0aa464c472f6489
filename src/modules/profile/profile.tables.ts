import { customType, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The workspace's icon as served: always a 256×256 PNG. */
export const workspaceIcons = pgTable('workspace_icons', {
  workspaceId: text('workspace_id').primaryKey().references(() => workspaces.id, { onDelete: 'cascade' }),
  png: bytea('png').notNull(),
  /** `upload` or `site` (icon refresh). */
  source: text('source').$type<'upload' | 'site'>().notNull(),
  sourceUrl: text('source_url'),
  updatedAt: ts('updated_at').notNull(),
});
