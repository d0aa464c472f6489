import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Config } from '../config.ts';
import type { Database } from '../lib/db.ts';
import type { Clock } from '../lib/clock.ts';
import { PASSWORD_SCRYPT, type ScryptParams } from '../lib/crypto.ts';
import type { SafeFetcher } from '../lib/safe-fetch/safe-fetch.ts';
import type { EventFaults } from '../modules/events/events.hub.ts';
import type { InboxProvider, Mailer } from '../modules/email/email.service.ts';
import type { RetryPolicy } from '../modules/jobs/jobs.kinds.ts';
import type { SimulatedShift } from '../modules/engines/simulated.fns.ts';
import type { SeoSignalsSource } from '../modules/recs/recs.types.ts';
import type { SpoolDeadlines } from '../modules/traffic-ingest/spool-gate.fns.ts';

// What a process hands the start: its configuration and database, and the replacements tests make.

export interface ServiceDeps {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  clock?: Clock;
  /** Replaces the log mailer (tests read the verification token from it). */
  mailer?: Mailer;
  inboxProvider?: InboxProvider | null;
  /** Replaces the Stripe client made from the configuration. */
  stripe?: Stripe | null;
  /** Replaces the SEO module's signals for the recommendations' lanes (tests). */
  seoSignals?: SeoSignalsSource;
  /** Replaces the safe fetcher made from the configuration (tests: one allowed loopback origin). */
  fetcher?: SafeFetcher;
  /**
   * Runs the time-driven tasks (sweeps, the schedules' tick) as pg-boss timers in this process:
   * servers and workers do; tests leave it off and call `maintenance` with their clock.
   */
  timers?: boolean;
  /** Replaces the retry policies of job kinds (JOB_RETRIES; tests shorten the delays). */
  jobRetries?: Partial<Record<string, RetryPolicy>>;
  /** Tests only: how long a kept read lives (src/lib/reads-cache.ts), so that only a write's message can drop it; refused unless GEO_ENV=test. */
  readsTtlMs?: number;
  /** Tests only: fault injection in the event hub (a process killed between commit and publish); refused unless GEO_ENV=test. */
  faults?: EventFaults;
  /** Tests only: a cheaper scrypt cost for new password hashes; refused unless GEO_ENV=test. */
  passwordScrypt?: ScryptParams;
  /** Tests only: the simulated engines change their answers' shape from a day on (a silent model update); refused unless GEO_ENV=test. */
  simulatedShift?: SimulatedShift;
  /** Scheduled report mail attaches PDFs up to this size (10 MB) and links larger ones; tests lower it. */
  reportAttachLimitBytes?: number;
  /** How long an unverified drain push may take to arrive (SPOOL_DEADLINES); tests shorten it. */
  spoolDeadlines?: SpoolDeadlines;
}

/** Password hashing cost: the OWASP floor, lowered only by tests (GEO_ENV=test), never in production. */
export function passwordHashing(config: Config, requested: ScryptParams | undefined): ScryptParams {
  if (!requested) return PASSWORD_SCRYPT;
  if (config.env !== 'test') throw new Error('passwordScrypt may only lower the password hashing cost when GEO_ENV=test');
  return requested;
}

