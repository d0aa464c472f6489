import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  // Stored lowercased: one account per address whatever its spelling.
  email: text('email').notNull().unique(),
  name: text('name'),
  passwordHash: text('password_hash').notNull(),
  emailVerifiedAt: ts('email_verified_at'),
  // The dashboard's language (en, es, ca, fr) as the person chose it; null until chosen, when the
  // browser's Accept-Language decides.
  language: text('language'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// Server-side sessions: the cookie carries a random token, the database only its SHA-256,
// so a leaked table cannot be replayed as cookies and any session can be revoked.
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const emailVerifications = pgTable('email_verifications', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
