import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE, idempotencyKeyOf, newUserMessages, shortTitle, sseEvent, turnCost, type PostedMessage } from './chat.fns.ts';

const user = (id: string, text: string): PostedMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

describe('newUserMessages', () => {
  it('keeps only messages the thread has not stored, with their text parts', () => {
    const posted = [user('a', 'first'), { id: 'b', role: 'assistant' as const, parts: [{ type: 'step-start' }] }, user('c', 'second')];
    expect(newUserMessages(posted, new Set(['a', 'b']))).toEqual([{ id: 'c', parts: [{ type: 'text', text: 'second' }] }]);
  });
  it.each([
    ['no message', [], /at least/],
    ['a last message not the user\'s', [user('a', 'x'), { id: 'b', role: 'assistant', parts: [{ type: 'text', text: 'y' }] }], /must be the user's/],
    ['an unknown part', [{ id: 'a', role: 'user', parts: [{ type: 'image', url: 'x' }] }], /"image" is not supported/],
    ['a non-string text', [{ id: 'a', role: 'user', parts: [{ type: 'text', text: 3 }] }], /must be a string/],
    ['blank text', [user('a', ' \n ')], /empty/],
    ['8,001 characters', [user('a', 'x'.repeat(8_001))], /8001 characters/],
    ['a repeated id', [user('a', 'x'), user('a', 'y')], /repeats/],
    ['only stored messages', [user('s', 'x')], /no message this thread has not stored/],
  ] as Array<[string, PostedMessage[], RegExp]>)('refuses %s', (_name, posted, message) => {
    expect(() => newUserMessages(posted, new Set(['s']))).toThrow(message);
  });
  it('accepts exactly 8,000 characters over several parts', () => {
    const posted: PostedMessage[] = [{ id: 'a', role: 'user', parts: [{ type: 'text', text: 'x'.repeat(4_000) }, { type: 'text', text: 'y'.repeat(4_000) }] }];
    expect(newUserMessages(posted, new Set())[0]!.parts).toHaveLength(2);
  });
});

describe('shortTitle', () => {
  it.each([
    ['Why did our visibility drop on Perplexity last week? And what about Gemini?', 'Why did our visibility drop on Perplexity last…'],
    ['What is our GEO score?', 'What is our GEO score?'],
    ['  # hello   world  ', 'hello world'],
    ['', DEFAULT_TITLE],
    ['x'.repeat(80), `${'x'.repeat(47)}…`],
    ['Short. Then a much longer second sentence follows here', 'Short. Then a much longer second sentence…'],
    ['One two three four five six seven eight nine, ten eleven twelve', 'One two three four five six seven eight nine…'],
    ['a, '.repeat(30), 'a, a, a, a, a, a, a, a, a, a, a, a, a, a, a…'],
  ])('%j → %j', (text, title) => {
    expect(shortTitle(text)).toBe(title);
    expect(shortTitle(text).length).toBeLessThanOrEqual(48);
  });
});

describe('turnCost', () => {
  it.each([
    [{ promptTokens: 1_000, completionTokens: 1_000 }, 'gpt-4.1-mini', 240_000, 2_000],
    [{ promptTokens: 1, completionTokens: 0 }, 'gpt-4.1-mini', 240_000, 1], // rounded up
    [{ promptTokens: 0, completionTokens: 0 }, 'gpt-4.1-mini', 240_000, 0],
    [{ promptTokens: 10_000_000, completionTokens: 0 }, 'gpt-4.1-mini', 240_000, 240_000], // never above the leases
    [{ promptTokens: 1_000, completionTokens: 1_000 }, 'some-new-model', 720_000, 18_000], // unknown: the dearest rate
  ])('%j on %s with %i leased → %i', (usage, model, leased, cost) => {
    expect(turnCost(usage, model, leased)).toBe(cost);
  });
});

describe('wire format and headers', () => {
  it('an event is one event line and one JSON data line, newlines escaped', () => {
    expect(sseEvent('text-delta', { type: 'text-delta', text: 'a\nb', index: 0 })).toBe('event: text-delta\ndata: {"type":"text-delta","text":"a\\nb","index":0}\n\n');
  });
  it.each([[undefined, null], ['abc-123', 'abc-123'], [['k1', 'k2'], 'k1']])('Idempotency-Key %j → %j', (header, key) => {
    expect(idempotencyKeyOf(header as never)).toBe(key);
  });
  it.each(['', 'has space', 'x'.repeat(201), 'naïve'])('Idempotency-Key %j is refused', (header) => {
    expect(() => idempotencyKeyOf(header)).toThrow(/Idempotency-Key/);
  });
});
