import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import dnsPacket from 'dns-packet';
import ipaddr from 'ipaddr.js';

// A DNS server on a loopback UDP port, for the reverse-DNS verification of AI crawler hits: it
// answers PTR, A and AAAA questions from a table and NXDOMAIN otherwise, and records every
// question, so a test can check what was (and was not) looked up. Nothing leaves the machine.

export interface FakeDnsRecords {
  /** Address (as in the in-addr.arpa / ip6.arpa name's reverse) → PTR names. */
  ptr?: Record<string, string[]>;
  a?: Record<string, string[]>;
  aaaa?: Record<string, string[]>;
}

/** `7.0.113.203.in-addr.arpa` → `203.0.113.7`; ip6.arpa nibbles → the IPv6 address, uncompressed. */
function addressOf(name: string): string | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.in-addr.arpa')) return lower.slice(0, -'.in-addr.arpa'.length).split('.').reverse().join('.');
  if (lower.endsWith('.ip6.arpa')) {
    const hex = lower.slice(0, -'.ip6.arpa'.length).split('.').reverse().join('');
    return ipaddr.parse(hex.match(/.{4}/g)!.join(':')).toNormalizedString();
  }
  return null;
}

export async function startFakeDns(records: FakeDnsRecords) {
  const socket = createSocket('udp4');
  const questions: Array<{ type: string; name: string }> = [];
  // Keys of `ptr` are compared in one written form (IPv6: 8 groups, no compression).
  const ptr = new Map(Object.entries(records.ptr ?? {}).map(([ip, names]) => [ipaddr.parse(ip).toNormalizedString(), names]));
  socket.on('message', (message, rinfo) => {
    const query = dnsPacket.decode(message);
    const q = query.questions?.[0];
    if (!q) return;
    questions.push({ type: q.type, name: q.name });
    let answers: dnsPacket.Answer[] = [];
    if (q.type === 'PTR') {
      const ip = addressOf(q.name);
      answers = (ip ? ptr.get(ip) ?? [] : []).map((data) => ({ type: 'PTR', name: q.name, ttl: 60, data }));
    } else if (q.type === 'A') {
      answers = (records.a?.[q.name.toLowerCase()] ?? []).map((data) => ({ type: 'A', name: q.name, ttl: 60, data }));
    } else if (q.type === 'AAAA') {
      answers = (records.aaaa?.[q.name.toLowerCase()] ?? []).map((data) => ({ type: 'AAAA', name: q.name, ttl: 60, data }));
    }
    const response = dnsPacket.encode({
      type: 'response', id: query.id, flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (answers.length ? 0 : 3 /* NXDOMAIN */),
      questions: query.questions, answers,
    });
    socket.send(response, rinfo.port, rinfo.address);
  });
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  const { port } = socket.address();
  return {
    server: `127.0.0.1:${port}`,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
