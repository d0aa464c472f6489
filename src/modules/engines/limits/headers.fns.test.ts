import { describe, expect, it } from 'vitest';
import { backoffMs, parseDuration, readLimitHeaders, retryable, retryAfterMs } from './headers.fns.ts';
import { costMicrousd, priceOf, DEFAULT_MODEL_PRICES } from './usage.fns.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');

describe('provider limit headers', () => {
  it.each([
    ['1s', 1_000], ['6m0s', 360_000], ['20ms', 20], ['1h2m3.5s', 3_723_500], ['0.250s', 250], ['soon', undefined], ['', undefined],
    ['1.5.3s', undefined], ['10m', 600_000],
  ])('OpenAI duration %s = %s ms', (value, ms) => expect(parseDuration(value)).toBe(ms));
  it('OpenAI duration: 50 000 digits without a unit are read in one pass', () => expect(parseDuration(`${'1'.repeat(50_000)}x`)).toBeUndefined());

  it.each([
    ['openai: limits, room left', 'openai', { 'x-ratelimit-limit-requests': '600', 'x-ratelimit-remaining-requests': '12', 'x-ratelimit-limit-tokens': '200000' }, { rpm: 600, tpm: 200_000 }],
    ['openai: empty request bucket pauses until its reset', 'openai', { 'x-ratelimit-limit-requests': '600', 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '1.5s' }, { rpm: 600, pauseUntil: NOW + 1_500 }],
    ['anthropic: empty token bucket pauses until its reset time', 'anthropic', { 'anthropic-ratelimit-requests-limit': '50', 'anthropic-ratelimit-tokens-remaining': '0', 'anthropic-ratelimit-tokens-reset': '2026-11-26T12:00:03Z' }, { rpm: 50, pauseUntil: NOW + 3_000 }],
    ['gemini sends none', 'gemini', { 'x-ratelimit-limit-requests': '5' }, {}],
  ] as const)('%s', (_name, provider, headers, expected) => expect(readLimitHeaders(provider, headers, NOW)).toEqual(expected));

  it.each([
    [{ 'retry-after': '2' }, undefined, 2_000],
    [{ 'retry-after-ms': '150' }, undefined, 150],
    [{ 'retry-after': 'Thu, 26 Nov 2026 12:00:05 GMT' }, undefined, 5_000],
    [{}, { error: { details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '1.5s' }] } }, 1_500],
    [{}, { error: { message: 'x' } }, undefined],
  ])('Retry-After %j %j = %s ms', (headers, body, ms) => expect(retryAfterMs(headers, body, NOW)).toBe(ms));

  it.each([[undefined, true], [408, true], [409, true], [429, true], [500, true], [529, true], [400, false], [401, false], [404, false], [422, false]])('status %s retryable: %s', (status, yes) => expect(retryable(status)).toBe(yes));

  it('full jitter stays under the cap and never under Retry-After', () => {
    expect(backoffMs(3, 500, 30_000, 0.999, undefined)).toBeLessThan(4_000);
    expect(backoffMs(10, 500, 30_000, 0.999, undefined)).toBeLessThan(30_000);
    expect(backoffMs(0, 500, 30_000, 0, 1_000)).toBe(1_000);
  });
});

describe('cost from usage and the price table', () => {
  it('tokens, searches and request fees in integer micro-USD; dated model ids take their prefix', () => {
    // 1,000 in × $3/M + 500 out × $15/M + 2 searches × $0.01 = 3,000 + 7,500 + 20,000 micro-USD
    expect(costMicrousd({ inputTokens: 1_000, outputTokens: 500, searchCalls: 2, model: 'claude-sonnet-4-5-20250929' }, priceOf(DEFAULT_MODEL_PRICES, 'claude-sonnet-4-5-20250929'))).toBe(30_500);
    expect(costMicrousd({ inputTokens: 10, outputTokens: 10, searchCalls: 0, model: 'sonar' }, priceOf(DEFAULT_MODEL_PRICES, 'sonar'))).toBe(5_020);
    expect(costMicrousd({ inputTokens: 10, outputTokens: 10, searchCalls: 1, model: 'unknown' }, priceOf(DEFAULT_MODEL_PRICES, 'unknown'))).toBe(0);
  });
});
