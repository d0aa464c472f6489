import type { EmbeddingModel, LanguageModel } from 'ai';
import type { ProviderConfig } from './catalogue.ts';
import type { ProviderName } from './provider-name.ts';
import { modelConnector, workspaceEmbeddingModel, workspaceModel } from './providers.ts';

/**
 * The one place that decides which model writes for a workspace (prompt generation,
 * recommendations and drafts, the sentiment judge, research, chat, prompt proposals): the
 * workspace's chosen model or the server's default, with the workspace's stored key for its
 * provider before the server's. Null where no key reaches the provider: each caller then says
 * what it does without one (simulate, skip, or refuse).
 */
export function createModelResolver(deps: {
  defaultModel: string;
  providers: Record<ProviderName, ProviderConfig>;
  resolveKey(workspaceId: string, connector: ProviderName): Promise<string | null>;
}) {
  const nameOf = (row: { model: string | null }) => row.model ?? deps.defaultModel;
  async function keyFor(workspaceId: string, name: string) {
    const { connector, id } = modelConnector(name);
    return { key: connector ? await deps.resolveKey(workspaceId, connector) : null, priceId: id };
  }
  return {
    nameOf,
    /** The workspace's language model and its name ("provider:model"), `priceId` the provider's model id. */
    async model(workspaceId: string, row: { model: string | null }): Promise<{ model: LanguageModel; name: string; priceId: string } | null> {
      const name = nameOf(row);
      const { key, priceId } = await keyFor(workspaceId, name);
      const model = workspaceModel(name, key, deps.providers);
      return model ? { model, name, priceId } : null;
    },
    /** The embedding model of the workspace model's provider (near-duplicate prompts), where it has one. */
    async embedder(workspaceId: string, row: { model: string | null }): Promise<{ model: EmbeddingModel; name: string } | null> {
      const name = nameOf(row);
      return workspaceEmbeddingModel(name, (await keyFor(workspaceId, name)).key, deps.providers);
    },
  };
}
export type ModelResolver = ReturnType<typeof createModelResolver>;
