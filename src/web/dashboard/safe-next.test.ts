import { describe, expect, it } from 'vitest';
import { safeNext } from './client/safe-next.ts';

// `next` after sign-in may only lead to a page of this site. Each target is what URLSearchParams.get('next') yields (already percent-decoded once).
// A target that resolves to this origin with a path starting `//` (`/..//evil.example`) must not
// reach location.assign() as `//evil.example/…`, which the browser reads as another host.

const ORIGIN = 'https://geo.example';
const next = (raw: string, origin = ORIGIN) => safeNext(new URLSearchParams(`next=${raw}`).get('next'), origin) as string;

/** What location.assign(to) does on a page of `origin`: the URL the browser goes to. */
const landsOn = (to: string, origin = ORIGIN) => new URL(to, `${origin}/signin?next=x`);

describe('safeNext', () => {
  it.each([
    ['/w/acme/recs', '/w/acme/recs'],
    ['%2Fw%2Facme%2Frecs%3Ftab%3Ddone', '/w/acme/recs?tab=done'],
    ['/w/acme#scores', '/w/acme#scores'],
    ['/w/../signup', '/signup'],
    ['https:evil.example', '/evil.example'], // same scheme, no slashes: a path here, as browsers read it
    ['/w/acme//runs', '/w/acme//runs'], // a double slash further on is a path of this site
    ['/w/acme?next=//evil.example', '/w/acme?next=//evil.example'],
    ['/%252E%252E/%255Cevil.example/landing', '/%5Cevil.example/landing'], // an encoded backslash stays in the path
  ])('keeps a page of this site: %s → %s', (raw, path) => {
    expect(next(raw)).toBe(path);
  });

  // Spellings of another host: slashes, backslashes, dot segments (plain and percent-encoded),
  // encoded separators, TAB/CR/LF the URL parser drops, other schemes and absolute addresses.
  // `%25…` survives URLSearchParams' decoding as `%…`, which the URL parser then reads.
  it.each([
    ['/\\evil.example'],
    ['%2F%5Cevil.example'],
    ['/%09/evil.example'],
    ['/%0D/evil.example'],
    ['/%0A/evil.example'],
    ['//evil.example'],
    ['%2F%2Fevil.example'],
    ['\\\\evil.example'],
    ['\\/evil.example'],
    ['/%5cevil.example'],
    ['https://evil.example/'],
    ['http://geo.example/'],
    ['http://evil.example/landing'],
    ['https://geo.example.evil.example/'],
    ['https://geo.example@evil.example/'],
    ['javascript:alert(1)'],
    ['JaVaScRiPt%3Aalert(1)'],
    ['java%09script:alert(1)'],
    ['data:text/html,x'],
    ['%20//evil.example'],
    ['///evil.example'],
    ['/..//evil.example/landing'],
    ['/./\\evil.example/landing'],
    ['/.//evil.example/landing'],
    ['/../\\evil.example/landing'],
    ['/w/..//evil.example/landing'],
    ['/w/../\\evil.example/landing'],
    ['/w/x/../..//evil.example/landing'],
    ['/%252e%252e//evil.example/landing'],
    ['/.%252e//evil.example/landing'],
    ['/%252e//evil.example/landing'],
    ['/..%2F%2Fevil.example%2Flanding'],
    ['/..%2F%5Cevil.example%2Flanding'],
    ['/.%09.//evil.example/landing'],
    ['/..%0A//evil.example/landing'],
    ['/..//%09evil.example/landing'],
    ['%09/..//evil.example/landing'],
    ['/../%0D/evil.example/landing'],
    ['\\..\\\\evil.example\\landing'],
    ['/..\\/evil.example/landing'],
    ['/./%2F/evil.example/landing'],
    ['/./..//evil.example?x=1#y'],
  ])('refuses %s (goes home)', (raw) => {
    const to = next(raw);
    expect(to).toBe('/');
    expect(landsOn(to).origin).toBe(ORIGIN);
  });

  it('refuses another scheme spelled without slashes when this site is plain http', () => {
    expect(next('https:evil.example', 'http://127.0.0.1:3000')).toBe('/');
    expect(next('/w/acme', 'http://127.0.0.1:3000')).toBe('/w/acme');
  });

  it('goes home without a target, with an empty one, and with nonsense', () => {
    expect(safeNext(null, ORIGIN)).toBe('/');
    expect(safeNext('', ORIGIN)).toBe('/');
    expect(safeNext('http://[::1', ORIGIN)).toBe('/');
  });
});
