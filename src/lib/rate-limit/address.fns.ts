import ipaddr from 'ipaddr.js';

// Rate limits count per client network, not per exact address: one IPv6 subscriber is routinely
// handed a whole /64, so rotating addresses inside it must not buy fresh buckets. IPv4 stays per
// address (a /32 is what one subscriber usually has; NAT already groups many behind one).

export const IPV6_BUCKET_PREFIX = 64;

/** The rate-limit key of a client address: an IPv4 address, or the /64 of an IPv6 one. */
export function addressBucket(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, IPV6_BUCKET_PREFIX / 16);
  const network = new ipaddr.IPv6([...parts, 0, 0, 0, 0]);
  return `${network.toNormalizedString().replace(/(:0){4}$/, '')}::/${IPV6_BUCKET_PREFIX}`;
}
