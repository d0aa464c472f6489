// Display names of the language models a workspace can choose (Settings, the chat's banner, the
// sentence said when no model can be used): the one map from "provider:model" ids to the names a
// person reads. Product names, the same in every language. Settings proposes exactly these ids.
// An id the map does not know reads as its model part alone ("mistral:mistral-large" →
// "mistral-large"): never the machine string "provider:model".

/** The providers' names, as their makers write them. */
export const PROVIDER_NAMES: Readonly<Record<string, string>> = Object.freeze({
  openai: 'OpenAI', anthropic: 'Anthropic', gemini: 'Google', google: 'Google', xai: 'xAI', perplexity: 'Perplexity',
});

/** The models Settings proposes, by id, with their product names. */
export const MODEL_NAMES: Readonly<Record<string, string>> = Object.freeze({
  'openai:gpt-4.1-mini': 'GPT-4.1 mini',
  'openai:gpt-4.1': 'GPT-4.1',
  'openai:gpt-4o-mini': 'GPT-4o mini',
  'openai:gpt-4o': 'GPT-4o',
  'anthropic:claude-sonnet-4-5': 'Claude Sonnet 4.5',
  'anthropic:claude-haiku-4-5': 'Claude Haiku 4.5',
  'anthropic:claude-sonnet-4': 'Claude Sonnet 4',
  'gemini:gemini-2.5-flash': 'Gemini 2.5 Flash',
  'gemini:gemini-2.5-pro': 'Gemini 2.5 Pro',
});

/** The ids Settings offers to choose from, in the map's order. */
export const MODEL_IDS: readonly string[] = Object.freeze(Object.keys(MODEL_NAMES));

/** A model id as a person reads it: "OpenAI · GPT-4.1 mini"; an unknown id by its model part alone. */
export function modelName(id: string | null | undefined): string {
  const raw = String(id ?? '').trim();
  // A bare id is an OpenAI model (the resolver reads it so: modelConnector).
  const known = MODEL_NAMES[raw] ?? MODEL_NAMES[`openai:${raw}`] ?? MODEL_NAMES[raw.replace(/^google:/, 'gemini:')];
  const colon = raw.indexOf(':');
  const provider = colon > 0 ? raw.slice(0, colon) : 'openai';
  if (known) return PROVIDER_NAMES[provider] ? `${PROVIDER_NAMES[provider]} · ${known}` : known;
  return colon >= 0 ? raw.slice(colon + 1) : raw;
}
