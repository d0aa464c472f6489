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
  /**
   * The one decision whether the workspace's model can be called: a provider the service knows,
   * a model id, and a key reaching that provider. `model()` below and the model view that
   * Settings shows both read it, so the chat and Settings never disagree.
   */
  async function usability(workspaceId: string, row: { model: string | null }): Promise<{ name: string; key: string | null; priceId: string; usable: boolean; reason: ModelUnusable | null }> {
    const name = nameOf(row);
    const { connector, id } = modelConnector(name);
    if (!connector || !id) return { name, key: null, priceId: id, usable: false, reason: 'unknown_provider' };
    const { key, priceId } = await keyFor(workspaceId, name);
    return key ? { name, key, priceId, usable: true, reason: null } : { name, key: null, priceId, usable: false, reason: 'no_key' };
  }
  return {
    nameOf,
    /** Whether the workspace's model is usable, and why not: what Settings shows and the chat obeys. */
    async status(workspaceId: string, row: { model: string | null }): Promise<ModelStatus> {
      const { name, usable, reason } = await usability(workspaceId, row);
      return { model: name, usable, reason };
    },
    /** The workspace's language model and its name ("provider:model"), `priceId` the provider's model id. */
    async model(workspaceId: string, row: { model: string | null }): Promise<{ model: LanguageModel; name: string; priceId: string } | null> {
      const u = await usability(workspaceId, row);
      const model = u.usable ? workspaceModel(u.name, u.key, deps.providers) : null;
      return model ? { model, name: u.name, priceId: u.priceId } : null;
    },
    /** The embedding model of the workspace model's provider (near-duplicate prompts), where it has one. */
    async embedder(workspaceId: string, row: { model: string | null }): Promise<{ model: EmbeddingModel; name: string } | null> {
      const name = nameOf(row);
      return workspaceEmbeddingModel(name, (await keyFor(workspaceId, name)).key, deps.providers);
    },
  };
}
export type ModelResolver = ReturnType<typeof createModelResolver>;
/** Why a workspace's model cannot be called: no key reaches its provider, or the service knows no such provider. */
export type ModelUnusable = 'no_key' | 'unknown_provider';
export interface ModelStatus { model: string; usable: boolean; reason: ModelUnusable | null }
