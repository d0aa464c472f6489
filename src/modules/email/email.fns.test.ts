import { describe, expect, it } from 'vitest';
import { backoffMs, classifyInboxResponse, inboxUsername, needsBackfill } from './email.fns.ts';

describe('classifyInboxResponse', () => {
  it.each([
    [200, { inbox_id: 'acme@agentmail.to', display_name: 'Acme' }, { kind: 'provisioned', email: 'acme@agentmail.to', inboxId: 'acme@agentmail.to' }],
    [200, { inbox_id: 'inb_1', email: 'acme@agentmail.to' }, { kind: 'provisioned', email: 'acme@agentmail.to', inboxId: 'inb_1' }],
    [200, { display_name: 'no id' }, { kind: 'retry' }],
    [200, 'garbage', { kind: 'retry' }],
    [409, { name: 'AlreadyExistsError', message: 'Inbox already exists' }, { kind: 'conflict' }],
    [403, { name: 'IsTakenError', message: 'username taken' }, { kind: 'conflict' }],
    [429, { name: 'RateLimitError' }, { kind: 'retry' }],
    [503, null, { kind: 'retry' }],
    [408, {}, { kind: 'retry' }],
    [401, { name: 'UnauthorizedError', message: 'bad key' }, { kind: 'permanent' }],
    [400, { name: 'ValidationError', message: 'domain not verified' }, { kind: 'permanent' }],
  ])('%i %j', (status, body, expected) => {
    expect(classifyInboxResponse(status, body)).toMatchObject(expected);
  });

  it('names the provider message in failures', () => {
    expect(classifyInboxResponse(400, { name: 'ValidationError', message: 'domain not verified' })).toEqual({ kind: 'permanent', message: 'provider refused (400): domain not verified' });
  });
});

describe('retry rules', () => {
  it.each([[1, 0], [2, 100], [3, 200], [4, 400]])('attempt %i waits %i ms', (attempt, ms) => expect(backoffMs(attempt, 100)).toBe(ms));
  it.each([[null, true], ['unconfigured', true], ['failed', true], ['provisioned', false], ['username_conflict', false]])('backfill of %s: %s', (s, v) => expect(needsBackfill(s)).toBe(v));
  it.each([['acme-co', 'acme-co'], ['--acme--', 'acme'], ['-', '']])('inboxUsername(%j) = %j', (slug, name) => expect(inboxUsername(slug)).toBe(name));
  it('inboxUsername: 50 000 dashes are trimmed in one pass', () => expect(inboxUsername(`${'-'.repeat(50_000)}a`)).toBe('a'));
});
