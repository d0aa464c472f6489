import { describe, expect, it } from 'vitest';
import { checkUrlLiteral, classifyAddress, FetchRefusedError, pickAddress } from './address.fns.ts';

// Classification only: none of these addresses is ever connected to.

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['127.255.255.254', 'loopback'], ['10.0.0.1', 'private'], ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'], ['169.254.169.254', 'linkLocal'], ['100.64.0.1', 'carrierGradeNat'], ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'], ['0.0.0.0', 'unspecified'], ['0.1.2.3', 'unspecified'], ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'reserved'], ['198.51.100.7', 'reserved'], ['203.0.113.9', 'reserved'], ['198.18.0.1', 'reserved'], ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'], ['::', 'unspecified'], ['fe80::1', 'linkLocal'], ['fc00::1', 'uniqueLocal'], ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'], ['::ffff:127.0.0.1', 'ipv4Mapped'], ['::ffff:7f00:1', 'ipv4Mapped'], ['::ffff:8.8.8.8', 'ipv4Mapped'],
    ['64:ff9b::7f00:1', 'rfc6052'], ['64:ff9b::8.8.8.8', 'rfc6052'], ['2001:db8::1', 'reserved'], ['2002:7f00:1::1', '6to4'],
    ['2001::1', 'teredo'], ['100::1', 'discard'], ['[::1]', 'loopback'], ['fe80::1%eth0', 'linkLocal'],
  ])('%s is refused (%s)', (ip, range) => {
    expect(classifyAddress(ip)).toEqual({ allowed: false, range: expect.stringMatching(new RegExp(`^${range}$|^ipv4Compatible$`)) });
  });

  it('names IPv4-compatible IPv6', () => {
    expect(classifyAddress('0:0:0:0:0:0:a00:1')).toEqual({ allowed: false, range: expect.stringMatching(/ipv4/) });
  });

  it.each(['8.8.8.8', '93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:82b::200e'])('%s is allowed', (ip) => {
    expect(classifyAddress(ip)).toEqual({ allowed: true, range: 'unicast' });
  });

  it('refuses what is not an address', () => {
    expect(classifyAddress('example.com')).toEqual({ allowed: false, range: 'invalid' });
  });
});

describe('checkUrlLiteral', () => {
  const reason = (url: string, policy = {}) => {
    try {
      checkUrlLiteral(url, policy);
      return 'ok';
    } catch (err) {
      expect(err).toBeInstanceOf(FetchRefusedError);
      return (err as FetchRefusedError).reason;
    }
  };

  it.each([
    ['http://127.0.0.1/', 'private_address'], ['http://2130706433/', 'private_address'], ['http://017700000001/', 'private_address'],
    ['http://0x7f000001/', 'private_address'], ['http://0x7f.1/', 'private_address'], ['http://127.1/', 'private_address'],
    ['http://0177.0.0.01/', 'private_address'], ['http://127.0.0.1./', 'private_address'], ['http://[::1]/', 'private_address'],
    ['http://[::ffff:127.0.0.1]/', 'private_address'], ['http://[::ffff:a9fe:a9fe]/', 'private_address'], ['http://[64:ff9b::a9fe:a9fe]/', 'private_address'],
    ['http://169.254.169.254/latest/meta-data', 'private_address'], ['http://0/', 'private_address'], ['http://10.1.1.1:8080/', 'private_address'],
    ['http://localhost/', 'private_address'], ['http://LOCALHOST./', 'private_address'], ['http://app.localhost:3000/', 'private_address'],
    ['ftp://example.com/', 'scheme'], ['file:///etc/passwd', 'scheme'], ['gopher://example.com/', 'scheme'], ['javascript:alert(1)', 'scheme'],
    ['data:text/html,hi', 'scheme'], ['http://user:pass@example.com/', 'credentials'], ['http://user@example.com/', 'credentials'],
    ['not a url', 'invalid_url'], ['http://[::1/', 'invalid_url'],
  ])('%s → %s', (url, expected) => {
    expect(reason(url)).toBe(expected);
  });

  it.each(['https://example.com/', 'http://example.com:8080/a?b=c', 'https://8.8.8.8/', 'https://[2606:4700:4700::1111]/'])('%s passes', (url) => {
    expect(reason(url)).toBe('ok');
  });

  it('lifts the rule for everything with allowPrivate, or for one named origin only', () => {
    expect(reason('http://127.0.0.1:4100/', { allowPrivate: true })).toBe('ok');
    expect(reason('http://127.0.0.1:4100/x', { allowOrigins: ['http://127.0.0.1:4100'] })).toBe('ok');
    expect(reason('http://127.0.0.1:4101/x', { allowOrigins: ['http://127.0.0.1:4100'] })).toBe('private_address');
    expect(reason('https://127.0.0.1:4100/x', { allowOrigins: ['http://127.0.0.1:4100'] })).toBe('private_address');
    // never the scheme or credential rules
    expect(reason('http://u:p@127.0.0.1:4100/', { allowPrivate: true })).toBe('credentials');
  });
});

describe('pickAddress', () => {
  it('takes the first allowed address and refuses a name that only leads to forbidden ones', () => {
    expect(pickAddress('a.test', [{ address: '10.0.0.1', family: 4 }, { address: '8.8.8.8', family: 4 }])).toEqual({ address: '8.8.8.8', family: 4 });
    expect(() => pickAddress('a.test', [{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }])).toThrow(/resolves to 127.0.0.1 \(loopback\)/);
    expect(() => pickAddress('a.test', [])).toThrow(FetchRefusedError);
  });
});
