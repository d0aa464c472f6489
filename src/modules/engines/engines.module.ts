import type { ModuleParts } from '../../lib/module.ts';
import { createEngines } from './engines.service.ts';
import { createModelResolver } from './model-resolver.ts';

type ResolveKey = (workspaceId: string, connector: string) => Promise<string | null>;

/**
 * The answer engines (real and simulated), and which model writes for a workspace: its own or
 * the default, its key before the server's, decided once by the resolver.
 */
export function enginesModule(needs: Omit<Parameters<typeof createEngines>[0], 'resolveKey'> & { resolveKey: ResolveKey; defaultModel: string }) {
  const engines = createEngines(needs);
  const models = createModelResolver({ defaultModel: needs.defaultModel, providers: needs.config.providers, resolveKey: needs.resolveKey });
  return { name: 'engines', engines, models } satisfies ModuleParts & Record<string, unknown>;
}
