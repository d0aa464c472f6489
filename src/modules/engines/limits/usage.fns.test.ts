import { describe, expect, it } from 'vitest';
import { usageFromBody } from './usage.fns.ts';

describe('usageFromBody for the optional engines’ providers', () => {
  it.each([
    ['xai', { model: 'grok-4.3-0709', usage: { input_tokens: 120, output_tokens: 80, num_sources_used: 3 } }, { model: 'grok-4.3-0709', inputTokens: 120, outputTokens: 80, searchCalls: 3 }],
    ['xai', { usage: { prompt_tokens: 10, completion_tokens: 5 } }, { model: 'grok-4.3', inputTokens: 10, outputTokens: 5, searchCalls: 0 }],
    ['openai-compatible', { model: 'deepseek-chat-v3', usage: { prompt_tokens: 12, completion_tokens: 6 } }, { model: 'deepseek-chat-v3', inputTokens: 12, outputTokens: 6, searchCalls: 0 }],
    ['openai-compatible', {}, { model: 'grok-4.3', inputTokens: 0, outputTokens: 0, searchCalls: 0 }],
  ] as const)('%s %j', (provider, body, expected) => {
    expect(usageFromBody(provider, body, 'grok-4.3')).toEqual(expected);
  });
});
