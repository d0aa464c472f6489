import { describe, expect, it } from 'vitest';
import { createConfirmer, forwardConfirmed, MAX_UNANSWERED, type DnsLookups } from './rdns.ts';

// Forward-confirmed reverse DNS, from a table of records (no resolver is asked anything).

const table: { ptr: Record<string, string[]>; a: Record<string, string[]>; aaaa: Record<string, string[]> } = {
  ptr: {
    '66.249.66.1': ['crawl-66-249-66-1.googlebot.com.'],
    '203.0.113.7': ['crawl-203-0-113-7.applebot.apple.com'],
    '203.0.113.8': ['applebot.apple.com.evil.example'], // the operator's name as a prefix only
    '203.0.113.9': ['fake.applebot.apple.com'], // the name does not resolve back to it
    '203.0.113.10': ['evilapplebot.apple.com'], // no dot before the domain
    '203.0.113.11': ['a.example', 'b.example', 'c.example', 'd.example', 'e.example', 'x.applebot.apple.com'], // past the 5 names followed
    '2001:db8::7': ['v6.crawl.amazonbot.amazon'],
  },
  a: {
    'crawl-66-249-66-1.googlebot.com': ['66.249.66.1'],
    'crawl-203-0-113-7.applebot.apple.com': ['203.0.113.7'],
    'applebot.apple.com.evil.example': ['203.0.113.8'],
    'fake.applebot.apple.com': ['198.51.100.1'],
    'evilapplebot.apple.com': ['203.0.113.10'],
    'x.applebot.apple.com': ['203.0.113.11'],
  },
  aaaa: { 'v6.crawl.amazonbot.amazon': ['2001:db8:0:0:0:0:0:7'] },
};
const lookups: DnsLookups = {
  async reverse(ip) {
    const names = table.ptr[ip];
    if (!names) throw Object.assign(new Error('queryPtr ENOTFOUND'), { code: 'ENOTFOUND' });
    return names;
  },
  async resolve(host, family) {
    const found = (family === 4 ? table.a : table.aaaa)[host];
    if (!found) throw Object.assign(new Error('queryA ENOTFOUND'), { code: 'ENOTFOUND' });
    return found;
  },
};

describe('forwardConfirmed', () => {
  it.each([
    ['66.249.66.1', ['.googlebot.com', '.google.com'], true, 'PTR into the domain, and back (trailing dot read)'],
    ['::ffff:66.249.66.1', ['.googlebot.com'], true, 'an IPv4-mapped IPv6 address is read as IPv4'],
    ['203.0.113.7', ['.applebot.apple.com'], true, 'Apple'],
    ['2001:db8::7', ['.crawl.amazonbot.amazon'], true, 'IPv6, AAAA back to the same address written differently'],
    ['203.0.113.7', ['.googlebot.com'], false, "another operator's domain"],
    ['203.0.113.8', ['.applebot.apple.com'], false, 'the domain only as a prefix of the name'],
    ['203.0.113.9', ['.applebot.apple.com'], false, 'the name resolves to another address'],
    ['203.0.113.10', ['.applebot.apple.com'], false, 'no dot before the domain'],
    ['203.0.113.11', ['.applebot.apple.com'], false, 'only the first 5 PTR names are followed'],
    ['198.51.100.1', ['.applebot.apple.com'], false, 'no PTR record'],
    ['not an address', ['.applebot.apple.com'], false, 'not an address: nothing is asked'],
  ])('%s with %j → %s (%s)', async (ip, suffixes, expected) => {
    expect(await forwardConfirmed(ip, suffixes, lookups)).toBe(expected);
  });

  it('a resolver that times out confirms nothing, and says it did not answer', async () => {
    const failing: DnsLookups = { reverse: async () => { throw Object.assign(new Error('queryPtr ETIMEOUT'), { code: 'ETIMEOUT' }); }, resolve: async () => [] };
    expect(await forwardConfirmed('66.249.66.1', ['.googlebot.com'], failing)).toBeNull();
  });
});

describe('createConfirmer', () => {
  it('looks each address up once, and no more than the limit of addresses per upload', async () => {
    let reverses = 0;
    const counting: DnsLookups = { reverse: (ip) => (reverses++, lookups.reverse(ip)), resolve: lookups.resolve };
    const c = createConfirmer(counting, { maxAddresses: 2 });
    const answers = await Promise.all([
      c.confirm('66.249.66.1', ['.googlebot.com']), c.confirm('66.249.66.1', ['.googlebot.com']),
      c.confirm('203.0.113.9', ['.applebot.apple.com']), c.confirm('203.0.113.7', ['.applebot.apple.com']),
    ]);
    expect(answers).toEqual([true, true, false, false]);
    expect(reverses).toBe(2);
    expect(c.stats).toEqual({ checked: 2, confirmed: 1, skipped: 1, unanswered: false });
  });

  it('stops asking a resolver that does not answer, after MAX_UNANSWERED in a row', async () => {
    let asked = 0;
    const dead: DnsLookups = { reverse: async () => { asked++; throw Object.assign(new Error('queryPtr ETIMEOUT'), { code: 'ETIMEOUT' }); }, resolve: async () => [] };
    const c = createConfirmer(dead, { concurrency: 1 });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => c.confirm(`198.51.100.${i}`, ['.googlebot.com'])));
    expect(answers.every((a) => a === false)).toBe(true);
    expect(asked).toBe(MAX_UNANSWERED);
    expect(c.stats).toEqual({ checked: MAX_UNANSWERED, confirmed: 0, skipped: 20 - MAX_UNANSWERED, unanswered: true });
  });

  it('a name without a record is an answer: it does not count as the resolver failing', async () => {
    const c = createConfirmer(lookups, { concurrency: 1 });
    await Promise.all(Array.from({ length: 20 }, (_, i) => c.confirm(`198.51.100.${i}`, ['.googlebot.com'])));
    expect(c.stats).toMatchObject({ checked: 20, skipped: 0, unanswered: false });
  });
});
