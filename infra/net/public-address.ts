import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Loopback, private, link-local, shared, multicast and reserved ranges: not the public internet.
 * One list per family: a BlockList also matches IPv4 addresses against IPv4-mapped IPv6 rules.
 */
const NON_PUBLIC_V4 = new BlockList();
const NON_PUBLIC_V6 = new BlockList();
for (const [net, prefix] of [
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
] as const)
  NON_PUBLIC_V4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NON_PUBLIC_V6.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address (v4 or v6) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // IPv4-mapped addresses are judged as the IPv4 address they carry.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
  }
  return family === 4 ? !NON_PUBLIC_V4.check(address, 'ipv4') : !NON_PUBLIC_V6.check(address, 'ipv6');
}

/** The host of a URL as an address literal (brackets of IPv6 removed), or null for a name. */
function literalHost(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
}

/** Whether a URL names a non-public host by itself (an address literal outside the internet, or localhost). */
export function namesNonPublicHost(url: URL): boolean {
  const literal = literalHost(url);
  if (literal) return !isPublicAddress(literal);
  return url.hostname === 'localhost' || url.hostname.endsWith('.localhost');
}

/** Resolves a URL's host and throws when any of its addresses is not public. */
export async function assertPublicTarget(url: URL): Promise<void> {
  const literal = literalHost(url);
  const addresses = literal ? [literal] : (await lookup(url.hostname, { all: true })).map((a) => a.address);
  const blocked = addresses.find((a) => !isPublicAddress(a));
  if (blocked !== undefined)
    throw new Error(`the webhook host resolves to the non-public address ${blocked}`);
}
