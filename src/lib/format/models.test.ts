import { describe, expect, it } from 'vitest';
import { createFormatter } from './format.ts';
import { MODEL_IDS, modelName } from './models.ts';

// A model as a person reads it: the maker and the product name, never the "provider:model" id.
describe('model display names', () => {
  it.each([
    ['openai:gpt-4.1-mini', 'OpenAI · GPT-4.1 mini'],
    ['anthropic:claude-sonnet-4-5', 'Anthropic · Claude Sonnet 4.5'],
    ['gemini:gemini-2.5-pro', 'Google · Gemini 2.5 Pro'],
    ['google:gemini-2.5-flash', 'Google · Gemini 2.5 Flash'],
    // A bare id is an OpenAI model, as the resolver reads it.
    ['gpt-4o-mini', 'OpenAI · GPT-4o mini'],
    // Ids the map does not know: the model part alone.
    ['openai:gpt-9-nano', 'gpt-9-nano'],
    ['mistral:mistral-large', 'mistral-large'],
    ['llama-3-70b', 'llama-3-70b'],
  ])('%s → %s', (id, name) => {
    expect(modelName(id)).toBe(name);
    expect(createFormatter({ locale: 'es' }).model(id)).toBe(name);
  });
  it('every model Settings proposes has a name without its id', () => {
    for (const id of MODEL_IDS) expect(modelName(id)).not.toContain(':');
  });
});
