// Server-side request forgery guard for webhook deliveries.
//
// Policy: a delivery may only reach a globally routable unicast address. Everything else —
// loopback, RFC 1918 private, link-local (with the 169.254.169.254 cloud metadata address),
// carrier-grade NAT, multicast, broadcast, reserved and documentation ranges, unique-local
// IPv6, 0.0.0.0 and ::, and every IPv6 form that embeds an IPv4 address (mapped, compatible,
// NAT64, 6to4, Teredo) — is refused. ipaddr.js names the range; anything it does not call "unicast" is
// refused, so a range we forgot is refused rather than allowed. IPv4-mapped addresses are
// unwrapped and judged as the IPv4 address they carry.
//
// The check runs on the address actually connected to, at every delivery: guardedLookup
// replaces DNS resolution on the request, resolves the name, refuses if ANY answer is
// forbidden, and hands the socket only checked addresses. A name that resolved to a public
// address at registration and to 127.0.0.1 now (DNS rebinding) is refused now. IP literals
// never reach a lookup, so checkTarget() judges them before the request is made.
import dns from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Explicit refusals on top of the range names, in case a library update renames a range. */
const EXPLICIT_V4: [string, number][] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
];
// ::/96 holds the deprecated IPv4-compatible form (::127.0.0.1, written ::7f00:1 by WHATWG
// URLs), which ipaddr.js calls plain unicast; fec0::/10 is the deprecated site-local range.
const EXPLICIT_V6: [string, number][] = [['::', 96], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['2002::', 16], ['2001::', 32]];
const V4_RANGES = EXPLICIT_V4.map(([a, bits]) => [ipaddr.IPv4.parse(a), bits] as [ipaddr.IPv4, number]);
const V6_RANGES = EXPLICIT_V6.map(([a, bits]) => [ipaddr.IPv6.parse(a), bits] as [ipaddr.IPv6, number]);

export const METADATA_ADDRESS = '169.254.169.254';

/** Why an address is refused, or null when a delivery may connect to it. */
export function forbiddenReason(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return 'not an IP address';
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) {
      const inner = forbiddenReason(v6.toIPv4Address().toString());
      return inner ? `IPv4-mapped ${inner}` : null;
    }
    const range = v6.range();
    if (range !== 'unicast') return range;
    if (V6_RANGES.some(([net6, bits]) => v6.match(net6, bits))) return 'reserved';
    return null;
  }
  const v4 = parsed as ipaddr.IPv4;
  if (v4.toString() === METADATA_ADDRESS) return 'cloud metadata';
  const range = v4.range();
  if (range !== 'unicast') return range;
  if (V4_RANGES.some(([net4, bits]) => v4.match(net4, bits))) return 'reserved';
  return null;
}

export class SsrfRefused extends Error {
  constructor(public readonly target: string, public readonly reason: string) {
    super(`refused to connect to ${target}: ${reason} address (set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true to allow)`);
    this.name = 'SsrfRefused';
  }
}

const stripBrackets = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

/**
 * Judges what can be judged from the URL alone: an IP literal (after WHATWG normalisation,
 * so http://2130706433/ is 127.0.0.1) or a name under `localhost`. Used at registration and
 * again before every delivery. Names that need DNS are judged by guardedLookup.
 */
export function checkTarget(url: URL): SsrfRefused | null {
  const host = stripBrackets(url.hostname);
  if (net.isIP(host)) {
    const reason = forbiddenReason(host);
    return reason ? new SsrfRefused(host, reason) : null;
  }
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return new SsrfRefused(host, 'loopback');
  return null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type Resolver = (hostname: string, options: { all: true; family?: number }, cb: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A `lookup` for http.request / net.connect that resolves with the system resolver, refuses
 * if any resolved address is forbidden, and otherwise returns the checked addresses.
 * `resolve` is replaceable so tests can play a DNS server that answers with private addresses.
 */
export function guardedLookup(resolve: Resolver = dns.lookup as unknown as Resolver) {
  return (hostname: string, options: LookupOptions | number | undefined, callback: LookupCallback) => {
    const opts = typeof options === 'object' && options ? options : {};
    const family = typeof options === 'number' ? options : typeof opts.family === 'number' ? opts.family : undefined;
    resolve(hostname, { all: true, ...(family ? { family } : {}) }, (err, addresses) => {
      if (err) return callback(err, []);
      for (const a of addresses) {
        const reason = forbiddenReason(a.address);
        if (reason) return callback(Object.assign(new SsrfRefused(`${hostname} (${a.address})`, reason), { code: 'ESSRF' }), []);
      }
      if (!addresses.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      if (opts.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
