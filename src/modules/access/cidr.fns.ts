import ipaddr from 'ipaddr.js';

// Strict CIDR ranges for key allow-lists: canonical decimal IPv4 (no leading zeros, no octal or
// hex forms), IPv6 without zone ids, a prefix in range, and no host bits set ("10.0.0.1/8" is
// refused: the caller almost certainly meant something else).

export type CidrResult = { ok: true; cidr: string } | { ok: false; reason: string };

export function parseStrictCidr(input: string): CidrResult {
  const parts = input.split('/');
  if (parts.length !== 2) return { ok: false, reason: 'must be address/prefix' };
  const [address, prefixText] = parts as [string, string];
  if (!/^(0|[1-9]\d{0,2})$/.test(prefixText)) return { ok: false, reason: 'prefix must be a decimal number' };
  const prefix = Number(prefixText);

  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  if (address.includes(':')) {
    if (address.includes('%') || !ipaddr.IPv6.isValid(address)) return { ok: false, reason: 'not an IPv6 address' };
    if (prefix > 128) return { ok: false, reason: 'IPv6 prefix must be 0-128' };
    parsed = ipaddr.IPv6.parse(address);
    // Clients arrive normalised to IPv4, so a mapped range would never match: ask for the IPv4 form.
    if ((parsed as ipaddr.IPv6).isIPv4MappedAddress()) return { ok: false, reason: 'IPv4-mapped IPv6 range: write it as IPv4' };
  } else {
    if (!/^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(address)) return { ok: false, reason: 'not a dotted-decimal IPv4 address' };
    if (prefix > 32) return { ok: false, reason: 'IPv4 prefix must be 0-32' };
    parsed = ipaddr.IPv4.parse(address);
  }
  const network = parsed.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(input) : ipaddr.IPv6.networkAddressFromCIDR(input);
  if (network.toString() !== parsed.toString()) return { ok: false, reason: `host bits are set (the network is ${network.toString()}/${prefix})` };
  return { ok: true, cidr: `${parsed.toString()}/${prefix}` };
}

/** Whether a socket address (IPv4, IPv6 or IPv4-mapped IPv6) lies in any of the ranges. */
export function addressAllowed(ip: string, cidrs: string[]): boolean {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return false;
  }
  return cidrs.some((cidr) => {
    const [range, bits] = ipaddr.parseCIDR(cidr);
    return range.kind() === address.kind() && address.match(range, bits);
  });
}
