import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain browser module without types
import { safeNext } from './client/safe-next.js';

// Issue 29, finding 4: `next` after sign-in may only lead to a page of this site. Each target is
// what URLSearchParams.get('next') yields (already percent-decoded once).

const ORIGIN = 'https://geo.example';
const next = (raw: string) => safeNext(new URLSearchParams(`next=${raw}`).get('next'), ORIGIN) as string;

describe('safeNext', () => {
  it.each([
    ['/w/acme/recs', '/w/acme/recs'],
    ['%2Fw%2Facme%2Frecs%3Ftab%3Ddone', '/w/acme/recs?tab=done'],
    ['/w/acme#scores', '/w/acme#scores'],
    ['/w/../signup', '/signup'],
    ['https:evil.example', '/evil.example'], // same scheme, no slashes: a path here, as browsers read it
  ])('keeps a page of this site: %s → %s', (raw, path) => {
    expect(next(raw)).toBe(path);
  });

  it.each([
    ['/\\evil.example'],
    ['%2F%5Cevil.example'],
    ['/%09/evil.example'],
    ['/%0D/evil.example'],
    ['/%0A/evil.example'],
    ['//evil.example'],
    ['%2F%2Fevil.example'],
    ['\\\\evil.example'],
    ['https://evil.example/'],
    ['http://geo.example/'],
    ['https://geo.example.evil.example/'],
    ['https://geo.example@evil.example/'],
    ['javascript:alert(1)'],
    ['data:text/html,x'],
    ['%20//evil.example'],
    ['///evil.example'],
  ])('refuses %s (goes home)', (raw) => {
    const to = next(raw);
    expect(to).toBe('/');
    expect(new URL(to, ORIGIN).origin).toBe(ORIGIN);
  });

  it('goes home without a target, with an empty one, and with nonsense', () => {
    expect(safeNext(null, ORIGIN)).toBe('/');
    expect(safeNext('', ORIGIN)).toBe('/');
    expect(safeNext('http://[::1', ORIGIN)).toBe('/');
  });
});
