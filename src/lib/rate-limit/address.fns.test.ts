import { describe, expect, it } from 'vitest';
import { addressBucket } from './address.fns.ts';

describe('addressBucket', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['203.0.113.8', '203.0.113.8'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1', 'fe80:0:0:0::/64'],
    ['not an address', 'not an address'],
  ])('%s → %s', (address, bucket) => {
    expect(addressBucket(address)).toBe(bucket);
  });

  it('every address of one /64 shares a bucket; neighbouring /64s do not', () => {
    const same = new Set(Array.from({ length: 11 }, (_, i) => addressBucket(`2001:db8:abcd:12::${(i + 1).toString(16)}:${i}`)));
    expect(same.size).toBe(1);
    expect(addressBucket('2001:db8:abcd:12::1')).not.toBe(addressBucket('2001:db8:abcd:13::1'));
  });
});
