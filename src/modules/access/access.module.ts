import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import type { KeptScope } from '../../lib/reads-cache.ts';
import type { RateLimiter } from '../../lib/rate-limit/rate-limit.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { createKeysService } from './keys.service.ts';
import { keysRoutes } from './keys.routes.ts';
import { createDeviceService } from './device.service.ts';
import { deviceRoutes } from './device.routes.ts';
import { selfRevokeRoutes } from './self-revoke.routes.ts';
import { createSetupTokensService } from './setup-tokens.service.ts';
import { setupRoutes } from './setup.routes.ts';

/** API keys, the CLI's device sign-in and one-time setup tokens. */
export function accessModule(needs: {
  db: Db; clock: Clock; keyHashSecret: string; credentialsKey: Buffer; publicBaseUrl: string;
  limiter: RateLimiter; workspaces: WorkspacesService; kept?: KeptScope;
}) {
  const { db, clock, keyHashSecret, publicBaseUrl, workspaces } = needs;
  const keys = createKeysService({ db, clock, keyHashSecret, credentialsKey: needs.credentialsKey, kept: needs.kept });
  return {
    name: 'access', keys,
    http(app: FastifyInstance) {
      keysRoutes(app, { keys });
      selfRevokeRoutes(app, { keys }); // `geo logout` revokes its own key
      deviceRoutes(app, { device: createDeviceService({ db, clock, keys, workspaces, limiter: needs.limiter, publicBaseUrl, keyHashSecret }) });
      setupRoutes(app, { setupTokens: createSetupTokensService({ db, clock, keys, workspaces, keyHashSecret }), publicBaseUrl });
    },
    sweeps: [() => keys.sweep()],
  } satisfies ModuleParts & Record<string, unknown>;
}
