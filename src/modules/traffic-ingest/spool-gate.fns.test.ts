import { describe, expect, it } from 'vitest';
import { createSpoolGate, spoolRefusal } from './spool-gate.fns.ts';

// Unverified drain pushes on disk are bounded per drain, per client network and in total, so
// that pushes with a wrong signature cannot fill the disk.

type Step = [drain: string, address: string, expected: 'ok' | 'drain' | 'address' | 'total'];

describe('spool gate', () => {
  it.each<[string, Step[]]>([
    ['two per drain, the third refused whatever its address', [['d1', '10.0.0.1', 'ok'], ['d1', '10.0.0.2', 'ok'], ['d1', '10.0.0.3', 'drain'], ['d2', '10.0.0.3', 'ok']]],
    ['two per address, the third refused whatever its drain', [['d1', '10.0.0.1', 'ok'], ['d2', '10.0.0.1', 'ok'], ['d3', '10.0.0.1', 'address'], ['d3', '10.0.0.2', 'ok']]],
    ['an IPv6 /64 is one address', [['d1', '2001:db8:1:2::1', 'ok'], ['d2', '2001:db8:1:2::ffff', 'ok'], ['d3', '2001:db8:1:2:a:b:c:d', 'address'], ['d3', '2001:db8:1:3::1', 'ok']]],
    ['an IPv4-mapped IPv6 address is its IPv4 address', [['d1', '::ffff:10.0.0.1', 'ok'], ['d2', '10.0.0.1', 'ok'], ['d3', '::ffff:10.0.0.1', 'address']]],
    ['four in total here', [['d1', 'a1', 'ok'], ['d2', 'a2', 'ok'], ['d3', 'a3', 'ok'], ['d4', 'a4', 'ok'], ['d5', 'a5', 'total']]],
    ['the drain is named before the address, the address before the total', [['d1', 'a1', 'ok'], ['d1', 'a1', 'ok'], ['d1', 'a1', 'drain'], ['d2', 'a1', 'address']]],
  ])('%s', (_name, steps) => {
    const gate = createSpoolGate({ perDrain: 2, perAddress: 2, total: 4 });
    for (const [drain, address, expected] of steps) {
      const pass = gate.enter(drain, address);
      expect(pass.ok ? 'ok' : pass.over, `${drain} from ${address}`).toBe(expected);
    }
  });

  it('leaving frees the place once, however often it is called', () => {
    const gate = createSpoolGate({ perDrain: 1, perAddress: 5, total: 5 });
    const first = gate.enter('d1', '10.0.0.1');
    expect(first.ok).toBe(true);
    expect(gate.enter('d1', '10.0.0.2')).toEqual({ ok: false, over: 'drain', limit: 1 });
    if (first.ok) {
      first.leave();
      first.leave();
    }
    expect(gate.held()).toEqual({ total: 0, drains: 0, addresses: 0 });
    const second = gate.enter('d1', '10.0.0.2');
    expect(second.ok).toBe(true);
    expect(gate.enter('d2', '10.0.0.3').ok).toBe(true);
    expect(gate.held()).toEqual({ total: 2, drains: 2, addresses: 2 });
  });

  it('says which bound and when to retry', () => {
    expect(spoolRefusal('drain', 2)).toBe('Too many pushes are being received and not yet verified: this drain already has 2 (the limit) in progress. Retry after 10 seconds.');
    expect(spoolRefusal('total', 8)).toContain('the service already has 8');
  });
});
