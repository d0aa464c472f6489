import { describe, expect, it } from 'vitest';
import { costMicrousd, DEFAULT_MODEL_PRICES, formatUsd, typicalCostMicrousd, usageFromBody } from './usage.fns.ts';

describe('usageFromBody for the optional engines’ providers', () => {
  it.each([
    ['xai', { model: 'grok-4.3-0709', usage: { input_tokens: 120, output_tokens: 80, num_sources_used: 3 } }, { model: 'grok-4.3-0709', inputTokens: 120, outputTokens: 80, searchCalls: 3 }],
    ['xai', { usage: { prompt_tokens: 10, completion_tokens: 5 } }, { model: 'grok-4.3', inputTokens: 10, outputTokens: 5, searchCalls: 0 }],
    ['openai-compatible', { model: 'deepseek-chat-v3', usage: { prompt_tokens: 12, completion_tokens: 6 } }, { model: 'deepseek-chat-v3', inputTokens: 12, outputTokens: 6, searchCalls: 0 }],
    ['openai-compatible', {}, { model: 'grok-4.3', inputTokens: 0, outputTokens: 0, searchCalls: 0 }],
    // DataForSEO states what it billed (USD) in its envelope: that is the cost, whatever the table says.
    ['dataforseo', { status_code: 20000, cost: 0.0035, tasks: [] }, { model: 'grok-4.3', inputTokens: 0, outputTokens: 0, searchCalls: 1, billedMicrousd: 3_500 }],
    ['dataforseo', { status_code: 20000, cost: 'n/a' }, { model: 'grok-4.3', inputTokens: 0, outputTokens: 0, searchCalls: 1 }],
  ] as const)('%s %j', (provider, body, expected) => {
    expect(usageFromBody(provider, body, 'grok-4.3')).toEqual(expected);
  });
});

describe('a call\'s estimated cost for quotes: typical usage × the price table', () => {
  it.each([
    // 3,000 × $0.40 + 700 × $1.60 per Mtok + one $0.025 search
    ['openai', 'gpt-4.1-mini', 1_200 + 1_120 + 25_000],
    // 12,000 × $3 + 800 × $15 per Mtok + one $0.01 search
    ['anthropic', 'claude-sonnet-4-5-20250929', 36_000 + 12_000 + 10_000],
    ['gemini', 'gemini-2.5-flash', 18 + 2_000 + 35_000],
    ['perplexity', 'sonar', 60 + 600 + 5_000],
    ['serpapi', 'google', 15_000],
    ['openai-compatible', 'no-price-configured', 0],
    ['dataforseo', 'dataforseo', 4_000],
  ] as const)('%s %s: %i micro-USD', (provider, model, expected) => {
    expect(typicalCostMicrousd(provider, model, DEFAULT_MODEL_PRICES)).toBe(expected);
  });

  it('a billed cost wins over the price table; without one the table prices the call', () => {
    expect(costMicrousd({ model: 'dataforseo', inputTokens: 0, outputTokens: 0, searchCalls: 1, billedMicrousd: 3_500 }, DEFAULT_MODEL_PRICES.dataforseo)).toBe(3_500);
    expect(costMicrousd({ model: 'dataforseo', inputTokens: 0, outputTokens: 0, searchCalls: 1 }, DEFAULT_MODEL_PRICES.dataforseo)).toBe(4_000);
  });

  it.each([[0, '$0.0000'], [58_000, '$0.0580'], [999_999, '$1.0000'], [1_000_000, '$1.00'], [12_345_678, '$12.35']])('formatUsd(%i) = %s', (micros, text) => {
    expect(formatUsd(micros)).toBe(text);
  });
});
