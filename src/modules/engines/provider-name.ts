// The providers the engines call, by name. Its own file so that config.ts (which reads the
// providers' settings and the engines' limits) and the limits' pure functions (which key usage
// and headers by provider) share it without importing each other.
export type ProviderName = 'openai' | 'anthropic' | 'gemini' | 'perplexity' | 'serpapi' | 'google' | 'xai' | 'openai-compatible' | 'dataforseo';
