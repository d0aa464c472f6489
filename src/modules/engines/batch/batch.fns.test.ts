import { describe, expect, it } from 'vitest';
import { anthropicAnswer } from '../capture/anthropic.fns.ts';
import { batchOutcome, batchPrice, nextPollDelayMs, parseBatchResults } from './batch.fns.ts';

describe('batchOutcome', () => {
  it.each([
    [{ custom_id: 'r0', result: { type: 'succeeded', message: { id: 'm' } } }, { customId: 'r0', message: { id: 'm' } }],
    [{ custom_id: 'r1', result: { type: 'errored', error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } } }, { customId: 'r1', error: 'anthropic batch request errored (overloaded_error: Overloaded)' }],
    [{ custom_id: 'r2', result: { type: 'errored' } }, { customId: 'r2', error: 'anthropic batch request errored' }],
    [{ custom_id: 'r3', result: { type: 'expired' } }, { customId: 'r3', error: 'anthropic batch request expired: the batch ended (24 h) before it was processed' }],
    [{ custom_id: 'r4', result: { type: 'canceled' } }, { customId: 'r4', error: 'anthropic batch request canceled before it was processed' }],
    [{ custom_id: 'r5', result: { type: 'new_kind' } }, { customId: 'r5', error: 'anthropic batch request ended with an unknown result type "new_kind"' }],
    [{ result: { type: 'succeeded' } }, null],
    [{ custom_id: 'r6' }, null],
    ['text', null],
  ])('%j', (line, expected) => expect(batchOutcome(line)).toEqual(expected));

  it('reads a results file by custom_id, skipping blank and broken lines', () => {
    const jsonl = '{"custom_id":"r1","result":{"type":"expired"}}\n\nnot json\n{"custom_id":"r0","result":{"type":"succeeded","message":{}}}\n';
    const got = parseBatchResults(jsonl);
    expect([...got.keys()]).toEqual(['r1', 'r0']);
    expect(got.get('r0')).toEqual({ customId: 'r0', message: {} });
  });
});

describe('batch price and polling', () => {
  it('halves token prices and keeps search and request fees', () => {
    expect(batchPrice({ inputPerMTok: 3_000_000, outputPerMTok: 15_000_000, perSearch: 10_000, perRequest: 5 })).toEqual({ inputPerMTok: 1_500_000, outputPerMTok: 7_500_000, perSearch: 10_000, perRequest: 5 });
    expect(batchPrice(undefined)).toBeUndefined();
  });
  it.each([[0, 30_000], [1, 60_000], [3, 240_000], [4, 480_000], [5, 600_000], [40, 600_000]])('poll %i waits %i ms', (polls, ms) => expect(nextPollDelayMs(polls)).toBe(ms));
});

describe('anthropicAnswer', () => {
  it('joins the text blocks and takes sources as the AI SDK does: search results, then citations, one per URL', () => {
    const body = {
      model: 'claude-sonnet-4-5', usage: { input_tokens: 10, output_tokens: 5, server_tool_use: { web_search_requests: 1 } },
      content: [
        { type: 'server_tool_use', id: 's1', name: 'web_search', input: { query: 'best crm' } },
        { type: 'web_search_tool_result', tool_use_id: 's1', content: [{ type: 'web_search_result', url: 'https://a.com/', title: 'A' }, { type: 'web_search_result', url: 'https://b.com/', title: '' }] },
        { type: 'text', text: 'Acme ', citations: [{ type: 'web_search_result_location', url: 'https://a.com/', title: 'A again' }, { type: 'web_search_result_location', url: 'https://c.com/', title: 'C' }] },
        { type: 'text', text: 'is good.' },
      ],
    };
    const answer = anthropicAnswer(body);
    expect(answer.text).toBe('Acme is good.');
    expect(answer.sources).toEqual([{ url: 'https://a.com/', title: 'A' }, { url: 'https://b.com/' }, { url: 'https://c.com/', title: 'C' }]);
    expect(answer.trace).toMatchObject({ format: 'anthropic-messages', queries: ['best crm'] });
  });
  it('a body that is not a message has no text and says why in its trace', () => {
    const answer = anthropicAnswer(null);
    expect(answer).toMatchObject({ text: '', sources: [] });
    expect(answer.trace.warnings.length).toBeGreaterThan(0);
  });
});
