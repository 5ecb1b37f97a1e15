import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from '../src/webhooks/deliver.ts';
import { resolveHost } from '../src/mailboxes/net.ts';
import { checkTarget, forbiddenReason, guardedLookup } from '../src/security/ssrf.ts';
import { DIALECTS, makeApp, makeWorkspace } from './helpers.ts';
import { startReceiver } from './receiver.ts';

// No test here connects anywhere but 127.0.0.1, and with private networks refused not even
// there: every refusal is the guard's decision before a socket is opened.

/** A resolver that answers every name with the given addresses (DNS rebinding in a box). */
const fakeDns =
  (...addresses: string[]) =>
  (_host: string, _opts: unknown, cb: (err: null, a: LookupAddress[]) => void) =>
    cb(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

const send = (url: string, resolve?: ReturnType<typeof fakeDns>) => sendWebhook(url, { headers: {}, body: '{}', timeoutMs: 1000, allowPrivateNetworks: false, resolve });

describe('SSRF guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.1.1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['fc00::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['64:ff9b::a00:1', 'NAT64 private'],
    ['2002:a00:1::', '6to4 private'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(forbiddenReason(address)).toBe(reason);
  });

  it('allows public unicast addresses', () => {
    for (const a of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(forbiddenReason(a)).toBeNull();
  });

  it.each([
    'http://127.0.0.1/hook',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://10.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://017700000001/',
    'http://0/',
    'http://localhost:3000/',
    'http://api.localhost/',
  ])('refuses %s before connecting', async (url) => {
    expect(checkTarget(new URL(url))).not.toBeNull();
    const result = await send(url);
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/^refused to connect to .*: .* address/);
  });

  it('refuses a name that resolves to loopback at delivery time (DNS rebinding), before connecting', async () => {
    const receiver = await startReceiver();
    // The name passes registration (it needs DNS), then resolves to our receiver's loopback address.
    expect(checkTarget(new URL(`http://rebind.example.com:${receiver.port}/`))).toBeNull();
    for (const answer of [['127.0.0.1'], ['93.184.215.14', '127.0.0.1'], ['::ffff:127.0.0.1']]) {
      const result = await send(`http://rebind.example.com:${receiver.port}/`, fakeDns(...answer));
      expect(result.error).toMatch(/refused to connect to rebind\.example\.com \(.*\): .*loopback address/);
    }
    // The same through the keep-alive agents the delivery worker uses.
    const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
    const viaAgent = await sendWebhook(`http://rebind.example.com:${receiver.port}/`, { headers: {}, body: '{}', timeoutMs: 1000, allowPrivateNetworks: false, agents, resolve: fakeDns('127.0.0.1') });
    expect(viaAgent.error).toMatch(/refused to connect to rebind\.example\.com \(127\.0\.0\.1\): loopback address/);
    agents.http.destroy();
    expect(receiver.received).toHaveLength(0);
    await receiver.close();
  });

  it('the guarded lookup refuses if any address is private and hands out only checked ones', async () => {
    const lookup = (resolve: ReturnType<typeof fakeDns>, all: boolean) =>
      new Promise<{ err: Error | null; address: unknown }>((done) => guardedLookup(resolve)('h.example', { all }, (err, address) => done({ err, address })));
    expect((await lookup(fakeDns('10.1.2.3'), false)).err?.message).toMatch(/private address/);
    expect((await lookup(fakeDns('169.254.169.254'), true)).err?.message).toMatch(/cloud metadata address/);
    expect(await lookup(fakeDns('93.184.215.14'), false)).toEqual({ err: null, address: '93.184.215.14' });
    expect((await lookup(fakeDns('93.184.215.14', '2606:4700::1'), true)).address).toHaveLength(2);
  });

  it('refuses every generated private, loopback, link-local, CGNAT or multicast IPv4 address, in every spelling', () => {
    const v4In = (base: number, bits: number) => fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map((n) => (base + n) >>> 0);
    const ip = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
    const private4 = fc.oneof(
      v4In(0x0a000000, 8),
      v4In(0xac100000, 12),
      v4In(0xc0a80000, 16),
      v4In(0x7f000000, 8),
      v4In(0xa9fe0000, 16),
      v4In(0x64400000, 10),
      v4In(0x00000000, 8),
      v4In(0xe0000000, 4),
      v4In(0xf0000000, 4),
    );
    fc.assert(
      fc.property(private4, (n) => {
        const dotted = ip(n);
        expect(forbiddenReason(dotted)).not.toBeNull();
        expect(forbiddenReason(`::ffff:${dotted}`)).not.toBeNull();
        expect(checkTarget(new URL(`http://${n}/`))).not.toBeNull();
        expect(checkTarget(new URL(`http://0x${n.toString(16)}/`))).not.toBeNull();
        expect(checkTarget(new URL(`http://[::ffff:${dotted}]/`))).not.toBeNull();
        // every IPv6 form that carries an IPv4 address, as WHATWG URLs normalise it
        const hi = (n >>> 16).toString(16);
        const lo = (n & 0xffff).toString(16);
        for (const embedded of [`::${dotted}`, `::${hi}:${lo}`, `::ffff:0:${dotted}`, `64:ff9b::${dotted}`, `64:ff9b:1::${hi}:${lo}`, `2002:${hi}:${lo}::1`, `2001:0:${hi}:${lo}::1`]) {
          expect(checkTarget(new URL(`http://[${embedded}]/`)), embedded).not.toBeNull();
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every generated unique-local, link-local, multicast or loopback IPv6 address', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const v6 = (first: fc.Arbitrary<number>) => fc.tuple(first, fc.array(group, { minLength: 7, maxLength: 7 })).map(([f, rest]) => [f, ...rest].map((g) => g.toString(16)).join(':'));
    const private6 = fc.oneof(v6(fc.integer({ min: 0xfc00, max: 0xfdff })), v6(fc.integer({ min: 0xfe80, max: 0xfebf })), v6(fc.integer({ min: 0xff00, max: 0xffff })), fc.constant('::1'));
    fc.assert(
      fc.property(private6, (a) => {
        expect(forbiddenReason(a)).not.toBeNull();
        expect(checkTarget(new URL(`http://[${a}]/`))).not.toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});

/** Two hex groups of an IPv4 address, each XORed with `xor`. */
const groups = (v4: string, xor = 0) => {
  const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
  return [((a << 8) | b) ^ xor, ((c << 8) | d) ^ xor].map((g) => g.toString(16));
};

/**
 * Every IPv6 form that carries an IPv4 address, carrying `v4`. The other bits are public
 * (8.8.8.8, or Teredo's client 8.8.4.4), so only the address under test can refuse it; the
 * local-use NAT64 prefix is written with the address at its /48 reading and at its /96 one.
 */
const carriers = (v4: string): [string, string][] => {
  const [hi, lo] = groups(v4);
  const [w, x, y, z] = v4.split('.').map((n) => Number(n).toString(16).padStart(2, '0'));
  return [
    ['IPv4-mapped', `::ffff:${v4}`],
    ['IPv4-translated', `::ffff:0:${v4}`],
    ['IPv4-compatible', `::${hi}:${lo}`],
    ['IPv4-compatible', `::${v4}`],
    ['NAT64', `64:ff9b::${v4}`],
    ['NAT64', `64:ff9b:1:${w}${x}:${y}:${z}08:808:808`],
    ['NAT64', `64:ff9b:1:808:8:808:${hi}:${lo}`],
    ['6to4', `2002:${hi}:${lo}::1`],
    ['Teredo', `2001:0:808:808::${groups(v4, 0xffff).join(':')}`],
    ['Teredo', `2001:0:${hi}:${lo}::${groups('8.8.4.4', 0xffff).join(':')}`],
  ];
};

describe('IPv6 forms that carry an IPv4 address are judged by the IPv4 address they carry', () => {
  const mailbox = (host: string, answers?: string[]) => resolveHost('IMAP', host, { allowPrivateNetworks: false, lookup: answers && (async () => answers.map((address) => ({ address, family: 6 }))) });
  const lookup = (answer: string) => new Promise<{ err: Error | null; address: unknown }>((done) => guardedLookup(fakeDns(answer))('h.example', {}, (err, address) => done({ err, address })));

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.1.1', 'linkLocal'],
    ['169.254.169.254', 'cloud metadata'],
  ])('refuses %s (%s) in every form: as a literal webhook URL, a DNS answer, a mailbox host and a mailbox DNS answer', async (v4, reason) => {
    for (const [form, address] of carriers(v4)) {
      const expected = `${form} ${reason}`;
      expect(forbiddenReason(address), address).toBe(expected);
      const literal = checkTarget(new URL(`https://[${address}]/x`));
      expect(literal?.reason, address).toBe(expected);
      expect((await lookup(address)).err?.message, address).toContain(`: ${expected} address`);
      await expect(mailbox(`[${address}]`), address).rejects.toThrow(`, a ${expected} address; mailbox hosts on internal networks are refused`);
      await expect(mailbox('imap.example.com', [address]), address).rejects.toThrow(`imap.example.com resolves to ${address}, a ${expected} address`);
    }
  });

  it('allows every form that carries a public address, in the same four places', async () => {
    for (const [, address] of [...carriers('8.8.8.8'), ...carriers('93.184.215.14')]) {
      expect(forbiddenReason(address), address).toBeNull();
      expect(checkTarget(new URL(`https://[${address}]/x`)), address).toBeNull();
      expect(await lookup(address), address).toEqual({ err: null, address });
      expect(await mailbox(`[${address}]`), address).toBe(address);
      expect(await mailbox('imap.example.com', [address]), address).toBe(address);
    }
  });

  it('judges Teredo by both its server and its client, and the local NAT64 prefix at every reading', () => {
    expect(forbiddenReason(`2001:0:808:808::${groups('8.8.4.4', 0xffff).join(':')}`)).toBeNull();
    expect(forbiddenReason(`2001:0:a00:1::${groups('8.8.4.4', 0xffff).join(':')}`)).toBe('Teredo private');
    expect(forbiddenReason(`2001:0:808:808::${groups('10.0.0.1', 0xffff).join(':')}`)).toBe('Teredo private');
    // the RFC 4380 example: server 65.54.227.120, client 192.0.2.45 (a documentation range)
    expect(forbiddenReason('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toBe('Teredo reserved');
    // 64:ff9b:1::8.8.8.8 read with a /48 prefix is 0.0.0.0
    expect(forbiddenReason('64:ff9b:1::8.8.8.8')).toBe('NAT64 unspecified');
  });
});

for (const dialect of DIALECTS) {
  describe(`SSRF at registration (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    beforeAll(async () => {
      ctx = await makeApp(dialect, { webhooks: { secretKey: Buffer.alloc(32, 1), allowPrivateNetworks: false } });
    });
    afterAll(() => ctx.close());

    it('refuses IP-literal and localhost URLs in private networks with 400, on create and on PATCH', async () => {
      const ws = await makeWorkspace(ctx.db);
      for (const url of ['http://127.0.0.1:8080/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://10.0.0.1/', 'http://169.254.169.254/', 'http://2130706433/', 'http://localhost/']) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: ws.headers, payload: { url, events: ['*'] } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error).toMatch(/^Invalid webhook url: .* address; private networks are refused$/);
      }
      for (const url of ['http://[::127.0.0.1]/', 'http://[::7f00:1]/', 'http://[0:0:0:0:0:0:10.0.0.1]/', 'http://[fec0::1]/']) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: ws.headers, payload: { url, events: ['*'] } });
        expect(res.statusCode, url).toBe(400);
      }
      expect((await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: ws.headers, payload: { url: 'https://[::7f00:1]/x', events: ['*'] } })).json()).toEqual({
        data: null,
        error: 'Invalid webhook url: ::7f00:1 is a IPv4-compatible loopback address; private networks are refused',
      });
      for (const url of ['https://[64:ff9b::808:808]/x', 'https://[2002:808:808::1]/x']) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: ws.headers, payload: { url, events: ['*'] } });
        expect(res.statusCode, url).toBe(201);
      }
      for (const url of ['https://user:pass@hooks.example.com/in', 'https://token@hooks.example.com/in', 'https://:secret@hooks.example.com/in']) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: ws.headers, payload: { url, events: ['*'] } });
        expect(res.json(), url).toEqual({ data: null, error: 'Invalid webhook url: must not contain a user name or password; verify the webhook signature instead' });
      }
      const ok = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: ws.headers, payload: { url: 'https://hooks.example.com/in', events: ['*'] } });
      expect(ok.statusCode).toBe(201);
      const patch = await ctx.app.inject({ method: 'PATCH', url: `/api/webhooks/${ok.json().data.id}`, headers: ws.headers, payload: { url: 'http://169.254.169.254/' } });
      expect(patch.json()).toEqual({ data: null, error: 'Invalid webhook url: 169.254.169.254 is a cloud metadata address; private networks are refused' });
    });
  });
}
