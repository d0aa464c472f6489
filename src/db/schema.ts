// Every table of every module, for drizzle-kit (migrations) and the typed query API.
export * from '../modules/accounts/accounts.tables.ts';
export * from '../modules/workspaces/workspaces.tables.ts';
export * from '../modules/email/email.tables.ts';
export * from '../lib/idempotency/idempotency.tables.ts';
export * from '../modules/access/access.tables.ts';
export * from '../modules/connections/connections.tables.ts';
export * from '../lib/rate-limit/rate-limit.tables.ts';
export * from '../modules/team/team.tables.ts';
export * from '../modules/credits/credits.tables.ts';
export * from '../modules/billing/billing.tables.ts';
export * from '../modules/jobs/jobs.tables.ts';
export * from '../modules/prompts/prompts.tables.ts';
export * from '../modules/runs/runs.tables.ts';
export * from '../modules/scores/scores.tables.ts';
export * from '../modules/profile/profile.tables.ts';
export * from '../modules/research/research.tables.ts';
export * from '../modules/reports/reports.tables.ts';
