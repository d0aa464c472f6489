import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { users } from '../accounts/accounts.tables.ts';
import type { BrandColors, BrandMeta, Competitor, ProductService, Quotas } from './workspaces.schemas.ts';

export const workspaces = pgTable('workspaces', {
  id: text('id').primaryKey(),
  // The brand is the slug: it names the workspace in every path.
  slug: text('slug').notNull().unique(),
  displayName: text('display_name').notNull(),
  domains: jsonb('domains').$type<string[]>().notNull(),
  languages: jsonb('languages').$type<string[]>().notNull(),
  regions: jsonb('regions').$type<string[]>().notNull(),
  competitors: jsonb('competitors').$type<Competitor[]>().notNull(),
  gscProperty: text('gsc_property').notNull(),
  ga4Property: text('ga4_property').notNull(),
  activeSetSize: integer('active_set_size').notNull(),
  complianceProfile: text('compliance_profile').notNull(),
  quotas: jsonb('quotas').$type<Quotas>().notNull(),
  plan: text('plan').notNull().default('free'),
  model: text('model'),
  about: text('about'),
  industry: text('industry'),
  email: text('email'),
  brandColors: jsonb('brand_colors').$type<BrandColors>(),
  brandMeta: jsonb('brand_meta').$type<BrandMeta>(),
  socials: jsonb('socials').$type<Record<string, string>>(),
  productsServices: jsonb('products_services').$type<ProductService[]>(),
  designMd: text('design_md'),
  createdBy: text('created_by').notNull().references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /**
   * A demo workspace (docs/demo.md): a fictional brand with simulated history, made for its
   * creator, who has at most one (the partial unique index holds that under concurrent requests).
   * It takes no free credit and is not the creator's first workspace for the free grant.
   */
  demo: boolean('demo').notNull().default(false),
}, (t) => [uniqueIndex('workspaces_one_demo_idx').on(t.createdBy).where(sql`demo`)]);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('workspace_members_user_idx').on(t.userId)],
);
