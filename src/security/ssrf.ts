// Server-side request forgery guard for webhook deliveries.
//
// Policy: a delivery may only reach a globally routable unicast address. Everything else —
// loopback, RFC 1918 private, link-local (with the 169.254.169.254 cloud metadata address),
// carrier-grade NAT, multicast, broadcast, reserved and documentation ranges, unique-local
// IPv6, 0.0.0.0 and :: — is refused. ipaddr.js names the range; anything it does not call
// "unicast" is refused, so a range we forgot is refused rather than allowed.
//
// An IPv6 address that carries an IPv4 address (embeddedV4 below: IPv4-mapped, -translated
// and -compatible, NAT64, 6to4, Teredo) is a way to reach that IPv4 address — through the
// host's own stack, a translator or a relay — so it is judged by the IPv4 address it carries:
// `[::7f00:1]` is loopback, `[64:ff9b::10.0.0.1]` private, and `[64:ff9b::8.8.8.8]` as public
// as 8.8.8.8. Where it carries two (Teredo's server and client), both must be allowed.
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
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
// fec0::/10 is the deprecated site-local range; the rest is named by ipaddr.js too.
const EXPLICIT_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];
const V4_RANGES = EXPLICIT_V4.map(([a, bits]) => [ipaddr.IPv4.parse(a), bits] as [ipaddr.IPv4, number]);
const V6_RANGES = EXPLICIT_V6.map(([a, bits]) => [ipaddr.IPv6.parse(a), bits] as [ipaddr.IPv6, number]);

const v6net = (a: string, bits: number) => [ipaddr.IPv6.parse(a), bits] as [ipaddr.IPv6, number];
const MAPPED = v6net('::ffff:0:0', 96);
const TRANSLATED = v6net('::ffff:0:0:0', 96);
const COMPATIBLE = v6net('::', 96);
const NAT64 = v6net('64:ff9b::', 96);
const NAT64_LOCAL = v6net('64:ff9b:1::', 48);
const SIX_TO_FOUR = v6net('2002::', 16);
const TEREDO = v6net('2001::', 32);

const v4 = (b: number[], at: number[]) => new ipaddr.IPv4(at.map((i) => b[i]!));

/**
 * The IPv4 addresses an IPv6 address carries, and the name of the form, or null:
 * - IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d` (SIIT), the deprecated
 *   IPv4-compatible `::a.b.c.d` (URLs write `[::7f00:1]`), and NAT64's well-known prefix
 *   `64:ff9b::/96`: the last 32 bits.
 * - NAT64's local-use prefix `64:ff9b:1::/48` (RFC 8215): the network's own translator may
 *   use any RFC 6052 prefix length inside it, /48 to /96, which puts the IPv4 address in
 *   different bits (skipping bits 64-71); every one of those readings is judged.
 * - 6to4 `2002:AABB:CCDD::/48`: bits 16-47.
 * - Teredo `2001:0:SSSS:SSSS:…:CCCC:CCCC`: the server in bits 32-63, the client in the last
 *   32 bits inverted.
 */
export function embeddedV4(address: ipaddr.IPv6): { form: string; addresses: ipaddr.IPv4[] } | null {
  const b = address.toByteArray();
  const last = [12, 13, 14, 15];
  const within = ([range, bits]: [ipaddr.IPv6, number]) => address.match(range, bits);
  if (within(MAPPED)) return { form: 'IPv4-mapped', addresses: [v4(b, last)] };
  if (within(TRANSLATED)) return { form: 'IPv4-translated', addresses: [v4(b, last)] };
  if (within(COMPATIBLE)) return { form: 'IPv4-compatible', addresses: [v4(b, last)] };
  if (within(NAT64)) return { form: 'NAT64', addresses: [v4(b, last)] };
  if (within(NAT64_LOCAL)) return { form: 'NAT64', addresses: [[6, 7, 9, 10], [7, 9, 10, 11], [9, 10, 11, 12], last].map((at) => v4(b, at)) };
  if (within(SIX_TO_FOUR)) return { form: '6to4', addresses: [v4(b, [2, 3, 4, 5])] };
  if (within(TEREDO)) return { form: 'Teredo', addresses: [v4(b, [4, 5, 6, 7]), new ipaddr.IPv4(last.map((i) => b[i]! ^ 0xff))] };
  return null;
}

export const METADATA_ADDRESS = '169.254.169.254';

function v4Reason(address: ipaddr.IPv4): string | null {
  if (address.toString() === METADATA_ADDRESS) return 'cloud metadata';
  const range = address.range();
  if (range !== 'unicast') return range;
  if (V4_RANGES.some(([net4, bits]) => address.match(net4, bits))) return 'reserved';
  return null;
}

/**
 * An IPv6 address's trailing dotted quad as two hex groups: ipaddr.js reads `::a.b.c.d` as
 * the IPv4-mapped `::ffff:a.b.c.d`, which is another address (and another form).
 */
const hexTail = (address: string) =>
  address.includes(':') ? address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) => `${(Number(a) * 256 + Number(b)).toString(16)}:${(Number(c) * 256 + Number(d)).toString(16)}`) : address;

/** Why an address is refused, or null when a delivery may connect to it. */
export function forbiddenReason(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(hexTail(address));
  } catch {
    return 'not an IP address';
  }
  if (parsed.kind() === 'ipv4') return v4Reason(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  // :: and ::1 sit inside ::/96 but are IPv6's own unspecified and loopback addresses
  const range = v6.range();
  if (range === 'unspecified' || range === 'loopback') return range;
  const embedded = embeddedV4(v6);
  if (embedded) {
    for (const inner of embedded.addresses) {
      const reason = v4Reason(inner);
      if (reason) return `${embedded.form} ${reason}`;
    }
    return null;
  }
  if (range !== 'unicast') return range;
  if (V6_RANGES.some(([net6, bits]) => v6.match(net6, bits))) return 'reserved';
  return null;
}

export class SsrfRefused extends Error {
  constructor(
    public readonly target: string,
    public readonly reason: string,
  ) {
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
