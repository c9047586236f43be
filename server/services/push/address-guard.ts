import dns from 'node:dns';
import net from 'node:net';

/**
 * Addresses a push endpoint must never reach: a subscription is a URL any member can give us, and the server
 * would call it. Loopback, private, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
 * unspecified, multicast and reserved ranges, in IPv4 and IPv6 (IPv4-mapped ones included).
 */
const BLOCKED = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  BLOCKED.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  BLOCKED.addSubnet(prefix, bits, 'ipv6');
}

/** Whether an address is one a push service may have: public, routable. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : undefined;
  return family !== undefined && !BLOCKED.check(address, family);
}

export class BlockedAddress extends Error {
  readonly code = 'EPUSHADDRESS';
  constructor(hostname: string) {
    super(`The push endpoint's host ${hostname} resolves to an address that is not public`);
  }
}

/**
 * A `lookup` for the push request's socket: the name is resolved once, and the connection goes to the very
 * address checked (no second resolution a DNS rebinding could change).
 */
export function publicOnlyLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void,
): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const usable = addresses.filter((entry) => isPublicAddress(entry.address));
    if (usable.length === 0) return callback(new BlockedAddress(hostname), '');
    if (options.all) return callback(null, usable);
    return callback(null, usable[0].address, usable[0].family);
  });
}
