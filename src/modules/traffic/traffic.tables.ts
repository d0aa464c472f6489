import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

// AI traffic from access logs (docs/traffic.md). Raw hits are kept for the workspace's retention
// (default 90 days) and only for lines that matter here: an AI agent's request or a visit an AI
// answer referred. Each raw hit is keyed by a 64-bit hash of its log line, so a line uploaded
// twice is inserted once; the aggregates below grow only from rows that were really inserted
// (one statement: INSERT … ON CONFLICT DO NOTHING RETURNING feeding grouped upserts), so they
// stay exact under re-uploads and are kept after the raw hits expire.

export const trafficHits = pgTable(
  'traffic_hits',
  {
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    lineHash: bigint('line_hash', { mode: 'bigint' }).notNull(),
    at: ts('at').notNull(),
    /** An AI agent's id (data/ai-agents.json), or null for a referred visit. */
    agent: text('agent'),
    verification: text('verification').$type<'verified' | 'claimed'>(),
    /** The client address truncated after verification (IPv4 /24, IPv6 /48): the raw one is never stored. */
    network: text('network').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: smallint('status').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** The AI engine whose answer referred this visit (from the referrer), or null. */
    referrerEngine: text('referrer_engine'),
    userAgent: text('user_agent').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.lineHash] }), index('traffic_hits_at_idx').on(t.workspaceId, t.at)],
);

/** Per day, agent and verification: hits by status class and bytes. */
export const trafficAgentDaily = pgTable(
  'traffic_agent_daily',
  {
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    agent: text('agent').notNull(),
    verification: text('verification').$type<'verified' | 'claimed'>().notNull(),
    hits: integer('hits').notNull(),
    s2xx: integer('s2xx').notNull(),
    s3xx: integer('s3xx').notNull(),
    s4xx: integer('s4xx').notNull(),
    s5xx: integer('s5xx').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.agent, t.verification] })],
);

/** Per path and agent (verified and claimed apart): first and last fetch, hits, errors (status ≥ 400). */
export const trafficPageAgents = pgTable(
  'traffic_page_agents',
  {
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    agent: text('agent').notNull(),
    verification: text('verification').$type<'verified' | 'claimed'>().notNull(),
    hits: integer('hits').notNull(),
    errors: integer('errors').notNull(),
    lastStatus: smallint('last_status').notNull(),
    firstAt: ts('first_at').notNull(),
    lastAt: ts('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.path, t.agent, t.verification] })],
);

/** Visits referred by AI answers, per day, engine and landing path. */
export const trafficReferralsDaily = pgTable(
  'traffic_referrals_daily',
  {
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    engine: text('engine').notNull(),
    path: text('path').notNull(),
    visits: integer('visits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.engine, t.path] })],
);

/** One row per upload (the job's id): counts and a sample of the lines that did not parse. */

/** Per workspace: raw-hit retention, and the drain keys that may push logs. */
export const trafficSettings = pgTable('traffic_settings', {
  workspaceId: text('workspace_id').primaryKey().references(() => workspaces.id, { onDelete: 'cascade' }),
  retentionDays: integer('retention_days').notNull().default(90),
  /** When GA4's AI referrals were last read (by the SEO refresh); null: never, so GA4 figures are unknown, not zero. */
  ga4SyncedAt: ts('ga4_synced_at'),
  ga4Property: text('ga4_property'),
});

/**
 * GA4's sessions and key events (conversions) from AI answers, per day, engine and landing page,
 * as of the last SEO refresh: each refresh replaces the rows of the days it read.
 */
export const trafficGa4Referrals = pgTable(
  'traffic_ga4_referrals',
  {
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    engine: text('engine').notNull(),
    path: text('path').notNull(),
    /** GA4's session source as it reported it (chatgpt.com, perplexity, …). */
    source: text('source').notNull(),
    sessions: integer('sessions').notNull(),
    keyEvents: integer('key_events').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.engine, t.path, t.source] })],
);

