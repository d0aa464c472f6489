import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nextInterval } from './commands/auth.ts';
import { exitForFinish } from './commands/chat.ts';
import { transitionBody } from './commands/recs.ts';
import { errorFrom } from './client.ts';
import { EXIT, exitForHttp } from './exit.fns.ts';
import { configDir, loadStore, normalizeServer, saveStore, selectProfile, withoutProfile, withProfile, type Profile } from './profiles.ts';

const profile = (server: string, workspace: string): Profile => ({ server, workspace, apiKey: `gp_live_${workspace}`, keyId: `key_${workspace}`, scopes: [], createdAt: '2026-01-01T00:00:00Z' });

describe('exit codes', () => {
  it.each([
    [400, 'invalid_request', EXIT.usage], [401, 'invalid_key', EXIT.auth], [403, 'insufficient_scope', EXIT.auth], [403, 'ip_forbidden', EXIT.auth],
    [402, 'insufficient_credits', EXIT.credits], [404, 'workspace_not_found', EXIT.notFound], [409, 'job_already_running', EXIT.conflict],
    [409, 'stale_state', EXIT.conflict], [429, 'pipeline_capacity_reached', EXIT.conflict], [400, 'access_denied', EXIT.denied],
    [400, 'expired_token', EXIT.expired], [500, 'internal_error', EXIT.server], [503, 'billing_unavailable', EXIT.server],
  ] as const)('%i %s → %i', (status, code, exit) => expect(exitForHttp(status, code)).toBe(exit));

  it.each([['stop', 0], ['stopped_credits', EXIT.credits], ['error', EXIT.server], ['aborted', EXIT.interrupted]] as const)('chat finish %s → %i', (reason, exit) => expect(exitForFinish(reason)).toBe(exit));
});

describe('device polling interval', () => {
  it.each([
    [5, 'authorization_pending', undefined, 5], [5, 'slow_down', { interval: 10 }, 10], [5, 'slow_down', undefined, 10], [10, 'rate_limited', undefined, 15],
  ] as const)('%i after %s → %i', (current, code, details, next) => expect(nextInterval(current, code, details)).toBe(next));
});

describe('config directory and profiles', () => {
  it.each([
    [{ XDG_CONFIG_HOME: '/x/conf' }, '/x/conf/geo'], [{ XDG_CONFIG_HOME: '' }, '/home/u/.config/geo'], [{}, '/home/u/.config/geo'], [{ XDG_CONFIG_HOME: 'relative' }, '/home/u/.config/geo'],
  ])('%j → %s', (env, dir) => expect(configDir(env, '/home/u')).toBe(dir));

  it.each([['http://h:3000/', 'http://h:3000'], ['HTTPS://Geo.Example/api/', 'https://geo.example/api'], ['http://h:80', 'http://h']])('normalizes %s', (a, b) => expect(normalizeServer(a)).toBe(b));
  it('refuses what is not an http(s) URL', () => {
    expect(() => normalizeServer('ftp://x')).toThrow(/http or https/);
    expect(() => normalizeServer('not a url')).toThrow(/Invalid server/);
  });

  it('selects by server and workspace, else the current profile', () => {
    let store = loadStore(mkdtempSync(path.join(os.tmpdir(), 'geo-cfg-')));
    expect(selectProfile(store, {})).toBeNull();
    store = withProfile(store, profile('http://a', 'one'));
    store = withProfile(store, profile('http://a', 'two'));
    store = withProfile(store, profile('http://b/', 'one'));
    expect(selectProfile(store, {})?.server).toBe('http://b/'); // the last login is current
    expect(selectProfile(store, { workspace: 'two' })?.workspace).toBe('two');
    expect(selectProfile(store, { server: 'http://b', workspace: 'one' })?.server).toBe('http://b/');
    expect(selectProfile(store, { server: 'http://c' })).toBeNull();
    store = { ...store, current: null };
    expect(() => selectProfile(store, { server: 'http://a' })).toThrow(/Several profiles match/);
    store = withoutProfile(withoutProfile(store, profile('http://a', 'one')), profile('http://b', 'one'));
    expect(selectProfile(store, {})?.workspace).toBe('two'); // the only one left
  });

  it('writes the store 0600 in a 0700 directory and reads it back', () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'geo-cfg-')), 'geo');
    saveStore(dir, withProfile(loadStore(dir), profile('http://a', 'one')));
    expect(statSync(path.join(dir, 'profiles.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(loadStore(dir).profiles['http://a#one']?.apiKey).toBe('gp_live_one');
  });
});

describe('recommendation transition body', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  it('compare-and-swaps on what was read, with review evidence for verify and request_changes', () => {
    expect(transitionBody('accept', { status: 'proposed', version: 3 }, { idempotencyKey: 'k' }, now)).toEqual({ action: 'accept', expectedStatus: 'proposed', expectedVersion: 3, idempotencyKey: 'k' });
    expect(transitionBody('verify', { status: 'in_review', version: 5 }, { idempotencyKey: 'k', comment: 'ok', complianceApproved: true }, now)).toEqual({
      action: 'verify', expectedStatus: 'in_review', expectedVersion: 5, idempotencyKey: 'k', complianceApproved: true,
      reviewEvidence: { decision: 'approved', reviewedAt: now.toISOString(), comment: 'ok' },
    });
    expect(transitionBody('request_changes', { status: 'in_review', version: 5 }, { note: 'n' }, now)).toMatchObject({ note: 'n', reviewEvidence: { decision: 'changes_requested' }, idempotencyKey: expect.any(String) });
  });
});

describe('error answers', () => {
  const res = (status: number, body: string) => new Response(body, { status });
  it.each([
    [res(404, '{"error":{"code":"not_found","message":"No such run.","requestId":"req_1"}}'), 'not_found: No such run. (request req_1)', EXIT.notFound, 'not_found'],
    [res(409, '{"error":"invalid_transition","message":"Cannot."}'), 'invalid_transition: Cannot.', EXIT.conflict, 'invalid_transition'],
    [res(502, '<html>Bad gateway</html>'), 'HTTP 502: <html>Bad gateway</html>', EXIT.server, undefined],
    [res(404, 'Not Found'), "not_a_geo_server: the server answered 404 without the GEO API's error envelope; check the server address (--server, GEO_SERVER)", EXIT.server, 'not_a_geo_server'],
    [res(404, '{"message":"Cannot GET /api/v1/workspaces"}'), expect.stringMatching(/^not_a_geo_server: /), EXIT.server, 'not_a_geo_server'],
    [res(400, '{"error":{"code":"slow_down","message":"Slow down.","requestId":"r","details":{"interval":10}}}'), 'slow_down: Slow down. (request r)', EXIT.usage, 'slow_down'],
  ] as const)('%#', async (response, message, exit, code) => {
    const err = await errorFrom(response);
    expect([err.message, err.exitCode, err.code]).toEqual([message, exit, code]);
  });
});
