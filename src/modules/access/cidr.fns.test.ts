import { describe, expect, it } from 'vitest';
import { addressAllowed, parseStrictCidr } from './cidr.fns.ts';

describe('parseStrictCidr', () => {
  it.each([
    ['10.0.0.0/8', '10.0.0.0/8'],
    ['192.168.1.0/24', '192.168.1.0/24'],
    ['203.0.113.7/32', '203.0.113.7/32'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['2001:db8::/32', '2001:db8::/32'],
    ['2001:0db8:0000::/48', '2001:db8::/48'],
    ['::1/128', '::1/128'],
    ['::/0', '::/0'],
    ['fe80::/10', 'fe80::/10'],
  ])('accepts %s as %s', (input, canonical) => {
    expect(parseStrictCidr(input)).toEqual({ ok: true, cidr: canonical });
  });

  it.each([
    ['10.0.0.1/8', /host bits/],
    ['192.168.1.1/24', /host bits/],
    ['2001:db8::1/32', /host bits/],
    ['10.0.0.0/33', /0-32/],
    ['2001:db8::/129', /0-128/],
    ['10.0.0.0/-1', /prefix/],
    ['10.0.0.0/08', /prefix/],
    ['10.0.0.0/', /prefix/],
    ['10.0.0.0', /address\/prefix/],
    ['10.0.0.0/8/8', /address\/prefix/],
    ['010.0.0.0/8', /IPv4/],
    ['0x0a.0.0.0/8', /IPv4/],
    ['10.0.0/24', /IPv4/],
    ['256.0.0.0/8', /IPv4/],
    ['167772160/8', /IPv4/],
    ['fe80::%eth0/64', /IPv6/],
    ['2001:db8:::/32', /IPv6/],
    ['garbage', /address\/prefix/],
    ['', /address\/prefix/],
    [' 10.0.0.0/8', /IPv4/],
    ['::ffff:10.0.0.0/104', /IPv4-mapped/],
  ])('refuses %s', (input, reason) => {
    const result = parseStrictCidr(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});

describe('addressAllowed', () => {
  it.each([
    ['10.1.2.3', ['10.0.0.0/8'], true],
    ['11.1.2.3', ['10.0.0.0/8'], false],
    ['::ffff:10.1.2.3', ['10.0.0.0/8'], true],
    ['127.0.0.1', ['127.0.0.1/32'], true],
    ['127.0.0.2', ['127.0.0.1/32'], false],
    ['2001:db8::5', ['2001:db8::/32'], true],
    ['2001:db9::5', ['2001:db8::/32'], false],
    ['::1', ['127.0.0.0/8'], false],
    ['10.1.2.3', ['2001:db8::/32', '10.0.0.0/8'], true],
    ['not-an-ip', ['0.0.0.0/0'], false],
  ])('%s in %j → %s', (ip, cidrs, allowed) => {
    expect(addressAllowed(ip, cidrs)).toBe(allowed);
  });
});
