import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import type { Db } from '../../lib/db.ts';
import type { RateLimiter } from '../../lib/rate-limit/rate-limit.ts';
import { createAccountsRepo } from './accounts.repo.ts';
import { createAccountsService } from './accounts.service.ts';
import { accountsRoutes } from './accounts.routes.ts';

type ServiceNeeds = Omit<Parameters<typeof createAccountsService>[0], 'repo'>;

/** Sign-up, sign-in, sessions and email verification. */
export function accountsModule(needs: ServiceNeeds & { db: Db; limiter: RateLimiter; secureCookies: boolean; attemptsPer10Min: number }) {
  const accounts = createAccountsService({ ...needs, repo: createAccountsRepo(needs.db) });
  return {
    name: 'accounts', accounts,
    http(app: FastifyInstance) {
      accountsRoutes(app, { accounts, secureCookies: needs.secureCookies, limiter: needs.limiter, attemptsPer10Min: needs.attemptsPer10Min });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
