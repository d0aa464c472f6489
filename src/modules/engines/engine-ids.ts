// The engine ids, apart from the rest of the catalogue: no imports, so that the browser's
// dashboard bundle and the CLI can take the same list the server validates against.

/** The engines every run asks (real with a key, else simulated where simulation is on). */
export const ENGINE_IDS = ['chatgpt', 'perplexity', 'gemini', 'claude', 'google-aio'] as const;
/**
 * Engines a run asks only when their provider is configured: never simulated, off (with the
 * variable to set) otherwise, so that adding one changes no existing workspace's runs or scores.
 */
export const OPTIONAL_ENGINE_IDS = ['google-ai-mode', 'grok', 'openai-compatible', 'copilot', 'dataforseo-ai-mode', 'dataforseo-chatgpt', 'dataforseo-gemini'] as const;
export const ALL_ENGINE_IDS = [...ENGINE_IDS, ...OPTIONAL_ENGINE_IDS] as const;
export type EngineId = (typeof ALL_ENGINE_IDS)[number];
export type OptionalEngineId = (typeof OPTIONAL_ENGINE_IDS)[number];
export const isOptionalEngine = (id: string) => (OPTIONAL_ENGINE_IDS as readonly string[]).includes(id);
