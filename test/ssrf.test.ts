import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from '../src/webhooks/deliver.ts';
import { checkTarget, forbiddenReason, guardedLookup } from '../src/webhooks/ssrf.ts';
import { DIALECTS, makeApp, makeWorkspace } from './helpers.ts';
import { startReceiver } from './receiver.ts';

// No test here connects anywhere but 127.0.0.1, and with private networks refused not even
// there: every refusal is the guard's decision before a socket is opened.

/** A resolver that answers every name with the given addresses (DNS rebinding in a box). */
const fakeDns = (...addresses: string[]) => (_host: string, _opts: unknown, cb: (err: null, a: LookupAddress[]) => void) =>
  cb(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

const send = (url: string, resolve?: ReturnType<typeof fakeDns>) =>
  sendWebhook(url, { headers: {}, body: '{}', timeoutMs: 1000, allowPrivateNetworks: false, resolve });

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
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:a00:1::', '6to4'],
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
    const v4In = (base: number, bits: number) =>
      fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map((n) => (base + n) >>> 0);
    const ip = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
    const private4 = fc.oneof(
      v4In(0x0a000000, 8), v4In(0xac100000, 12), v4In(0xc0a80000, 16), v4In(0x7f000000, 8),
      v4In(0xa9fe0000, 16), v4In(0x64400000, 10), v4In(0x00000000, 8), v4In(0xe0000000, 4), v4In(0xf0000000, 4),
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
    const v6 = (first: fc.Arbitrary<number>) =>
      fc.tuple(first, fc.array(group, { minLength: 7, maxLength: 7 })).map(([f, rest]) => [f, ...rest].map((g) => g.toString(16)).join(':'));
    const private6 = fc.oneof(
      v6(fc.integer({ min: 0xfc00, max: 0xfdff })),
      v6(fc.integer({ min: 0xfe80, max: 0xfebf })),
      v6(fc.integer({ min: 0xff00, max: 0xffff })),
      fc.constant('::1'),
    );
    fc.assert(fc.property(private6, (a) => {
      expect(forbiddenReason(a)).not.toBeNull();
      expect(checkTarget(new URL(`http://[${a}]/`))).not.toBeNull();
    }), { numRuns: 2000 });
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
