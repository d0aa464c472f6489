import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AGENTS_FILE } from '../traffic/classify.fns.ts';
import { bumpVersion, formatAgentData, MAX_PREFIXES, parseRangeList, prefixDiff, sourceUrl } from './ranges.fns.ts';

describe('parseRangeList', () => {
  it.each([
    ['Google’s shape, IPv4 and IPv6, extra fields ignored', { creationTime: 'x', prefixes: [{ ipv4Prefix: '66.249.64.0/27' }, { ipv6Prefix: '2001:4860:4801:10::/64', service: 'x' }] }, { prefixes: ['66.249.64.0/27', '2001:4860:4801:10::/64'] }],
    ['blanks trimmed, duplicates kept once', { prefixes: [{ ipv4Prefix: ' 20.171.206.0/23 ' }, { ipv4Prefix: '20.171.206.0/23' }] }, { prefixes: ['20.171.206.0/23'] }],
    ['a single address', { prefixes: [{ ipv4Prefix: '3.211.124.183/32' }] }, { prefixes: ['3.211.124.183/32'] }],
    ['empty', { prefixes: [] }, { error: 'the list is empty' }],
    ['no prefixes', { syncToken: '1' }, { error: 'not a range list: no `prefixes` array' }],
    ['not an object', 'prefixes', { error: 'not a range list: no `prefixes` array' }],
    ['null', null, { error: 'not a range list: no `prefixes` array' }],
    ['an array', [{ ipv4Prefix: '1.2.3.0/24' }], { error: 'not a range list: no `prefixes` array' }],
    ['one malformed entry refuses the list', { prefixes: [{ ipv4Prefix: '1.2.3.0/24' }, { ipv4Prefix: '1.2.3/24' }] }, { error: 'prefixes[1]: "1.2.3/24" is not a CIDR' }],
    ['no length', { prefixes: [{ ipv4Prefix: '1.2.3.4' }] }, { error: 'prefixes[0]: "1.2.3.4" is not a CIDR' }],
    ['hex, not dotted decimal', { prefixes: [{ ipv4Prefix: '0x14.171.206.0/23' }] }, { error: 'prefixes[0]: "0x14.171.206.0/23" is not a CIDR' }],
    ['an IPv6 zone', { prefixes: [{ ipv6Prefix: 'fe80::1%eth0/64' }] }, { error: 'prefixes[0]: "fe80::1%eth0/64" is not a CIDR' }],
    ['length out of range', { prefixes: [{ ipv4Prefix: '1.2.3.0/33' }] }, { error: 'prefixes[0]: "1.2.3.0/33" is not a CIDR' }],
    ['IPv6 under ipv4Prefix', { prefixes: [{ ipv4Prefix: '2001:db8::/32' }] }, { error: 'prefixes[0]: "2001:db8::/32" is not an IPv4 prefix' }],
    ['IPv4 under ipv6Prefix', { prefixes: [{ ipv6Prefix: '1.2.3.0/24' }] }, { error: 'prefixes[0]: "1.2.3.0/24" is not an IPv6 prefix' }],
    ['broader than /8', { prefixes: [{ ipv4Prefix: '0.0.0.0/0' }] }, { error: 'prefixes[0]: "0.0.0.0/0" is broader than /8' }],
    ['broader than /16 (IPv6)', { prefixes: [{ ipv6Prefix: '::/0' }] }, { error: 'prefixes[0]: "::/0" is broader than /16' }],
    ['both keys', { prefixes: [{ ipv4Prefix: '1.2.3.0/24', ipv6Prefix: '2001:db8::/32' }] }, { error: 'prefixes[0]: expected exactly one of ipv4Prefix and ipv6Prefix' }],
    ['neither key', { prefixes: [{ prefix: '1.2.3.0/24' }] }, { error: 'prefixes[0]: expected exactly one of ipv4Prefix and ipv6Prefix' }],
    ['an entry that is not an object', { prefixes: ['1.2.3.0/24'] }, { error: 'prefixes[0]: expected exactly one of ipv4Prefix and ipv6Prefix' }],
    ['not a string', { prefixes: [{ ipv4Prefix: 16909056 }] }, { error: 'prefixes[0]: ipv4Prefix is not a string' }],
  ])('%s', (_name, body, expected) => {
    expect(parseRangeList(body)).toEqual(expected);
  });

  it('refuses a list longer than any crawler list', () => {
    const prefixes = Array.from({ length: MAX_PREFIXES + 1 }, () => ({ ipv4Prefix: '1.2.3.0/24' }));
    expect(parseRangeList({ prefixes })).toEqual({ error: `${MAX_PREFIXES + 1} prefixes, more than ${MAX_PREFIXES}: not a crawler list` });
  });
});

describe('prefixDiff, bumpVersion, sourceUrl', () => {
  it('diffs', () => {
    expect(prefixDiff(['a', 'b', 'c'], ['b', 'c', 'd', 'e'])).toEqual({ added: ['d', 'e'], removed: ['a'] });
    expect(prefixDiff(['a'], ['a'])).toEqual({ added: [], removed: [] });
  });

  it.each([
    ['2026-11-26.1', '2026-11-26', '2026-11-26.2'],
    ['2026-11-26.9', '2026-11-26', '2026-11-26.10'],
    ['2026-11-26.3', '2026-11-27', '2026-11-27.1'],
    ['v1', '2026-11-27', '2026-11-27.1'],
  ])('version %s on %s → %s', (version, today, expected) => {
    expect(bumpVersion(version, today)).toBe(expected);
  });

  it.each([
    ['https://openai.com/gptbot.json', undefined, 'https://openai.com/gptbot.json'],
    ['https://openai.com/gptbot.json', 'http://127.0.0.1:8080', 'http://127.0.0.1:8080/openai.com/gptbot.json'],
    ['https://developers.google.com/static/search/apis/ipranges/googlebot.json', 'http://mirror.test/ranges/', 'http://mirror.test/ranges/developers.google.com/static/search/apis/ipranges/googlebot.json'],
    ['https://x.test/list.json?v=2', 'http://127.0.0.1:1', 'http://127.0.0.1:1/x.test/list.json?v=2'],
  ])('%s under %s', (source, base, expected) => {
    expect(sourceUrl(source, base)).toBe(expected);
  });
});

describe('formatAgentData', () => {
  it('writes the shipped file byte for byte, so a refresh changes only what it refreshed', () => {
    const text = readFileSync(AGENTS_FILE, 'utf8');
    expect(formatAgentData(JSON.parse(text))).toBe(text);
  });

  it('keeps the layout for new data, and empty collections', () => {
    expect(formatAgentData({ version: '1', agents: [], ranges: { a: { prefixes: ['1.2.3.0/24', '::/16'] } }, referrers: [{ host: 'x', engine: 'y' }] })).toBe([
      '{', '  "version": "1",', '  "agents": [],', '  "ranges": {', '    "a": {', '      "prefixes": ["1.2.3.0/24", "::/16"]', '    }', '  },',
      '  "referrers": [', '    { "host": "x", "engine": "y" }', '  ]', '}', '',
    ].join('\n'));
  });
});
