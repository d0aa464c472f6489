import { bigint, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from '../../lib/columns.ts';
import { users } from '../accounts/accounts.tables.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

// Credits in integer micro-USD (bigint, read as JS numbers: exact to 2^53).
const micros = (name: string) => bigint(name, { mode: 'number' });

/** One row per workspace: the lock every balance-changing write takes first. */
export const creditAccounts = pgTable('credit_accounts', {
  workspaceId: text('workspace_id').primaryKey().references(() => workspaces.id, { onDelete: 'cascade' }),
  state: text('state').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** A grant of credits with its expiry; `remaining` caches amount + its ledger entries. */
export const creditGrants = pgTable(
  'credit_grants',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'free' | 'top_up' | 'checkout' | 'transfer'>().notNull(),
    amount: micros('amount').notNull(),
    remaining: micros('remaining').notNull(),
    source: text('source'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('credit_grants_workspace_idx').on(t.workspaceId, t.expiresAt)],
);

/**
 * Credit moved between two workspaces of one owner (an agency's clients): the source's
 * `transfer_out` entries and the target's `transfer_in` grants name it. The workspaces are kept
 * as plain ids with their slugs as they were: deleting one leaves the other's ledger whole and
 * still saying where its credit went.
 */
export const creditTransfers = pgTable('credit_transfers', {
  id: text('id').primaryKey(),
  fromWorkspaceId: text('from_workspace_id').notNull(),
  fromSlug: text('from_slug').notNull(),
  toWorkspaceId: text('to_workspace_id').notNull(),
  toSlug: text('to_slug').notNull(),
  amount: micros('amount').notNull(),
  userId: text('user_id').notNull(),
  createdAt: ts('created_at').notNull(),
});

/**
 * The append-only ledger: +grant, −debit (per grant consumed), −expiry, −transfer_out (per grant
 * the transfer took from), +transfer_in (a grant in the target keeping the source grant's
 * expiry). Posted balance = Σ amount.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'grant' | 'debit' | 'expiry' | 'transfer_out' | 'transfer_in'>().notNull(),
    amount: micros('amount').notNull(),
    grantId: text('grant_id').notNull().references(() => creditGrants.id),
    reservationId: text('reservation_id'),
    transferId: text('transfer_id').references(() => creditTransfers.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('credit_ledger_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/** A hold for a metered operation: `amount` is reserved, `leased` authorised so far, `settled` debited. */
export const creditReservations = pgTable(
  'credit_reservations',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    operation: text('operation').notNull(),
    amount: micros('amount').notNull(),
    leased: micros('leased').notNull(),
    settled: micros('settled'),
    status: text('status').$type<'held' | 'settled' | 'released' | 'expired'>().notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    index('credit_reservations_workspace_idx').on(t.workspaceId, t.status),
    // Open holds only: the `geo_credit_holds` gauge and the expiry sweep read these, never the
    // table's whole history (a million closed rows cost a scan per scrape).
    index('credit_reservations_held_idx').on(t.expiresAt).where(sql`status = 'held'`),
  ],
);

/** Which grants back a held reservation: pins are what expiry may not take. */
export const creditPins = pgTable(
  'credit_pins',
  {
    reservationId: text('reservation_id').notNull().references(() => creditReservations.id, { onDelete: 'cascade' }),
    grantId: text('grant_id').notNull().references(() => creditGrants.id),
    amount: micros('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reservationId, t.grantId] })],
);

export const creditLeases = pgTable('credit_leases', {
  id: text('id').primaryKey(),
  reservationId: text('reservation_id').notNull().references(() => creditReservations.id, { onDelete: 'cascade' }),
  amount: micros('amount').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** The free grant is once per user: the first workspace they create receives it. */
export const freeGrantClaims = pgTable('free_grant_claims', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull(),
});
