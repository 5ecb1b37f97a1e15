// Every check of a credential goes through one limiter (docs/dashboard.md, Limits): sign-in,
// invitation accept, reset confirm and setup, counted per account and per client address,
// shared through Redis by several instances. An invitation never takes the password of an
// existing account; password resets are limited, answered alike for every address, and a
// used link or a new password voids every other outstanding link.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/index.ts';
import { connectRedis } from '../src/http/auth.ts';
import { listAllSystemMail } from '../src/mail/system-queries.ts';
import { createUser } from '../src/dashboard/service.ts';
import { cookieFrom, DIALECTS, makeApp, makeWorkspace } from './helpers.ts';

type Ctx = Awaited<ReturnType<typeof makeApp>>;
interface Browser {
  cookie: string;
  csrf: string;
}

const PASSWORD = 'correct horse battery';
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);
/** A client address of each test's own, so no test spends another's budget (in Redis, across files too). */
const clientAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
const unique = (name: string) => `${name}.${crypto.randomBytes(4).toString('hex')}@agency.example`;

function client(ctx: () => Ctx, address = clientAddress()) {
  const as = (b: Browser | null, method: string, url: string, payload?: object) =>
    ctx().app.inject({
      method: method as 'GET',
      url,
      remoteAddress: address,
      headers: { ...(b && { cookie: b.cookie }), ...(b && method !== 'GET' && { 'x-csrf-token': b.csrf }) },
      ...(payload && { payload }),
    });
  const signIn = async (email: string, password = PASSWORD): Promise<Browser> => {
    const res = await as(null, 'POST', '/dashboard/api/sign-in', { email, password });
    expect(res.statusCode, res.body).toBe(200);
    return { cookie: cookieFrom(res), csrf: res.json().data.csrf_token };
  };
  return { as, signIn };
}

/** A workspace with an owner who can sign in. */
async function workspaceWithOwner(ctx: Ctx) {
  const ws = await makeWorkspace(ctx.db, { name: `Agency ${crypto.randomBytes(3).toString('hex')}` });
  const email = unique('owner');
  const user = await createUser(ctx.db, { email, workspaceId: ws.workspace.id, role: 'owner', password: PASSWORD }, 'http://127.0.0.1:3000');
  return { workspaceId: ws.workspace.id, email, userId: user.id };
}

for (const dialect of DIALECTS) {
  describe(`credentials (${dialect})`, () => {
    let ctx: Ctx;
    const deferred: (() => Promise<void>)[] = [];
    beforeAll(async () => {
      // reset links are looked up and mailed after the answer: the test holds that work to see it
      ctx = await makeApp(dialect, { dashboard: { defer: (work) => void deferred.push(work) } });
    });
    afterAll(() => ctx.close());
    const runDeferred = async () => {
      for (const work of deferred.splice(0)) await work();
    };

    it("an invitation never takes an existing account's password: its owner signs in and joins", async () => {
      const a = await workspaceWithOwner(ctx);
      const b = await workspaceWithOwner(ctx);
      const attacker = client(() => ctx);
      const adminOfA = await attacker.signIn(a.email);
      const invited = await attacker.as(adminOfA, 'POST', '/dashboard/api/members', { email: b.email, role: 'member' });
      expect(invited.statusCode, invited.body).toBe(201);
      const token = tokenOf(invited.json().data.invite_url);

      // the right password and forty wrong ones are all refused alike: nothing is checked
      for (const password of [PASSWORD, ...Array.from({ length: 40 }, (_, i) => `guess number ${i}`)]) {
        const res = await attacker.as(null, 'POST', '/dashboard/api/invites/accept', { token, password });
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toEqual({ data: null, error: `${b.email} already has a Replydesk account: sign in as ${b.email} to join this workspace` });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      // the admin cannot join in the invitee's place with their own session
      const wrongPerson = await attacker.as(adminOfA, 'POST', '/dashboard/api/invites/join', { token });
      expect(wrongPerson.statusCode).toBe(403);
      expect(wrongPerson.json()).toEqual({ data: null, error: `This invitation is for ${b.email}: sign in as ${b.email} to accept it` });

      // the invitee signs in as themselves and joins: their session moves to A, B is still theirs
      const invitee = client(() => ctx);
      const ownerOfB = await invitee.signIn(b.email);
      const joined = await invitee.as(ownerOfB, 'POST', '/dashboard/api/invites/join', { token });
      expect(joined.statusCode, joined.body).toBe(200);
      expect(joined.json().data.workspace).toMatchObject({ id: a.workspaceId, role: 'member' });
      expect(
        joined
          .json()
          .data.workspaces.map((w: { id: string }) => w.id)
          .sort(),
      ).toEqual([a.workspaceId, b.workspaceId].sort());
      expect((await invitee.as(ownerOfB, 'POST', '/dashboard/api/invites/join', { token })).statusCode).toBe(403); // used
      // and a join needs the CSRF token like every change
      expect((await invitee.as({ ...ownerOfB, csrf: 'x' }, 'POST', '/dashboard/api/invites/join', { token })).statusCode).toBe(403);
    });

    it('sign-in guesses sent at once get no more tries than guesses sent one by one', async () => {
      const a = await workspaceWithOwner(ctx);
      const c = client(() => ctx);
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => c.as(null, 'POST', '/dashboard/api/sign-in', { email: a.email, password: `guess number ${i}` })));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((s) => s === 401)).toHaveLength(5);
      expect(codes.filter((s) => s === 429)).toHaveLength(35);
      const limited = answers.find((r) => r.statusCode === 429)!;
      expect(limited.json().error).toMatch(/^Too many sign-in attempts; try again in (15|14) minutes$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // even the right password waits now, from anywhere
      expect((await client(() => ctx).as(null, 'POST', '/dashboard/api/sign-in', { email: a.email, password: PASSWORD })).statusCode).toBe(429);
    });

    it('bad links count against the client address, whichever form they come through', async () => {
      const c = client(() => ctx);
      const forms: [string, object][] = [
        ['/dashboard/api/invites/accept', { password: PASSWORD }],
        ['/dashboard/api/password-reset/confirm', { password: PASSWORD }],
        ['/dashboard/api/setup', { email: unique('setup'), password: PASSWORD, workspace_name: 'Evil' }],
      ];
      for (let i = 0; i < 20; i++) {
        const [url, body] = forms[i % forms.length]!;
        const res = await c.as(null, 'POST', url, { ...body, token: crypto.randomBytes(32).toString('base64url') });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      }
      for (const [url, body] of forms) {
        const res = await c.as(null, 'POST', url, { ...body, token: crypto.randomBytes(32).toString('base64url') });
        expect(res.statusCode, url).toBe(429);
      }
      // the address's budget covers sign-in too, even for a right password
      const a = await workspaceWithOwner(ctx);
      expect((await c.as(null, 'POST', '/dashboard/api/sign-in', { email: a.email, password: PASSWORD })).statusCode).toBe(429);
      // another address is not affected
      await client(() => ctx).signIn(a.email);
    });

    it('a refusal that is not a wrong credential is not counted', async () => {
      const ws = await workspaceWithOwner(ctx);
      const c = client(() => ctx);
      const admin = await c.signIn(ws.email);
      const invite = async () => tokenOf((await c.as(admin, 'POST', '/dashboard/api/members', { email: unique('new'), role: 'member' })).json().data.invite_url);
      const token = await invite();
      for (let i = 0; i < 25; i++) {
        const res = await c.as(null, 'POST', '/dashboard/api/invites/accept', { token, password: 'short' });
        expect(res.statusCode).toBe(400);
      }
      expect((await c.as(null, 'POST', '/dashboard/api/invites/accept', { token, password: PASSWORD })).statusCode).toBe(200);
    });

    it('password resets: limited per address, answered alike whether or not the account exists, work done after the answer', async () => {
      const ws = await workspaceWithOwner(ctx);
      const c = client(() => ctx);
      deferred.length = 0;
      const known = await c.as(null, 'POST', '/dashboard/api/password-reset', { email: ws.email });
      const unknown = await c.as(null, 'POST', '/dashboard/api/password-reset', { email: unique('nobody') });
      expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
      expect(known.json()).toEqual({ data: { sent: true } });
      // neither answer waited for the account's lookup: each left one piece of work behind
      expect(deferred).toHaveLength(2);
      const mailsTo = async (to: string) => (await listAllSystemMail(ctx.db.read, 1000)).filter((m) => m.to_address === to && m.kind === 'password-reset');
      expect(await mailsTo(ws.email)).toHaveLength(0);
      await runDeferred();
      expect(await mailsTo(ws.email)).toHaveLength(1);

      // three per address an hour, from any client; the fourth is refused, known or not
      for (let i = 0; i < 2; i++) expect((await client(() => ctx).as(null, 'POST', '/dashboard/api/password-reset', { email: ws.email })).statusCode).toBe(200);
      const fourth = await client(() => ctx).as(null, 'POST', '/dashboard/api/password-reset', { email: ws.email.toUpperCase() });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error).toMatch(/^Too many password reset requests; try again in \d+ minutes?$/);
      await runDeferred();
      expect(await mailsTo(ws.email)).toHaveLength(3);

      // ten per client address an hour, whatever the addresses
      const spammer = client(() => ctx);
      for (let i = 0; i < 10; i++) expect((await spammer.as(null, 'POST', '/dashboard/api/password-reset', { email: unique('victim') })).statusCode).toBe(200);
      expect((await spammer.as(null, 'POST', '/dashboard/api/password-reset', { email: unique('victim') })).statusCode).toBe(429);
      deferred.length = 0;
    });

    it('a used reset link, or a new password, voids every other outstanding link', async () => {
      const ws = await workspaceWithOwner(ctx);
      const c = client(() => ctx);
      for (let i = 0; i < 2; i++) await c.as(null, 'POST', '/dashboard/api/password-reset', { email: ws.email });
      await runDeferred();
      const links = (await listAllSystemMail(ctx.db.read, 1000)).filter((m) => m.to_address === ws.email && m.kind === 'password-reset').map((m) => /\/reset\/(\S+)/.exec(m.text)![1]!);
      expect(links).toHaveLength(2);
      const newest = await c.as(null, 'POST', '/dashboard/api/password-reset/confirm', { token: links[0], password: 'the second passphrase' });
      expect(newest.statusCode, newest.body).toBe(200);
      for (const older of links.slice(1)) {
        const res = await c.as(null, 'POST', '/dashboard/api/password-reset/confirm', { token: older, password: 'an attacker passphrase' });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ data: null, error: 'Password reset link is invalid or already used' });
      }
      await c.signIn(ws.email, 'the second passphrase');

      // a password set another way (the CLI) voids the outstanding links too
      await c.as(null, 'POST', '/dashboard/api/password-reset', { email: ws.email });
      await runDeferred();
      const [fresh] = (await listAllSystemMail(ctx.db.read, 1000)).filter((m) => m.to_address === ws.email && m.kind === 'password-reset' && !links.some((l) => m.text.includes(l)));
      await createUser(ctx.db, { email: ws.email, workspaceId: ws.workspaceId, role: 'owner', password: 'the third passphrase' }, 'http://127.0.0.1:3000');
      const token = /\/reset\/(\S+)/.exec(fresh!.text)![1];
      expect((await c.as(null, 'POST', '/dashboard/api/password-reset/confirm', { token, password: 'an attacker passphrase' })).statusCode).toBe(403);
    });
  });
}

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.TEST_REQUIRE_SERVICES) throw new Error('TEST_REQUIRE_SERVICES is set but TEST_REDIS_URL is not');

describe.runIf(Boolean(redisUrl))('credential checks shared through Redis', () => {
  it('two instances on one Redis share one budget: five guesses in all, not five each', async () => {
    const redis = [await connectRedis(redisUrl!), await connectRedis(redisUrl!)];
    const first = await makeApp('sqlite', { redis: redis[0] });
    const second = await makeApp('sqlite', { db: first.db, redis: redis[1] });
    try {
      const owner = await workspaceWithOwner(first);
      const address = clientAddress();
      const one = client(() => first, address);
      const two = client(() => second, address);
      for (let i = 0; i < 5; i++) {
        const via = i % 2 ? two : one;
        expect((await via.as(null, 'POST', '/dashboard/api/sign-in', { email: owner.email, password: `guess number ${i}` })).statusCode).toBe(401);
      }
      for (const via of [one, two]) expect((await via.as(null, 'POST', '/dashboard/api/sign-in', { email: owner.email, password: 'guess number 6' })).statusCode).toBe(429);
    } finally {
      await second.app.close();
      await first.close();
      for (const r of redis) r.disconnect();
    }
  });
});

describe('HTTPS: Secure cookies and HSTS', () => {
  const signInWith = async (ctx: Ctx, headers: Record<string, string>, remoteAddress: string) => {
    const owner = await workspaceWithOwner(ctx);
    return ctx.app.inject({ method: 'POST', url: '/dashboard/api/sign-in', remoteAddress, headers, payload: { email: owner.email, password: PASSWORD } });
  };

  it('PUBLIC_URL https: every session cookie is Secure and every answer carries HSTS, whatever the proxy says', async () => {
    const ctx = await makeApp('sqlite', { dashboard: { baseUrl: 'https://replies.example.com' } });
    try {
      const res = await signInWith(ctx, {}, clientAddress());
      expect(res.statusCode, res.body).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      for (const url of ['/healthz', '/api/replies', '/inbox']) expect((await ctx.app.inject({ url })).headers['strict-transport-security'], url).toBe('max-age=31536000');
    } finally {
      await ctx.close();
    }
  });

  it('behind a proxy named by TRUST_PROXY, its X-Forwarded-Proto: https makes cookies Secure; from anyone else it is ignored', async () => {
    const ctx = await makeApp('sqlite', { trustProxy: '10.9.0.0/16' });
    try {
      const viaProxy = await signInWith(ctx, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' }, '10.9.0.2');
      expect(String(viaProxy.headers['set-cookie'])).toMatch(/; Secure/);
      expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
      const forged = await signInWith(ctx, { 'x-forwarded-proto': 'https' }, '198.51.100.9');
      expect(forged.statusCode).toBe(200);
      expect(String(forged.headers['set-cookie'])).not.toMatch(/Secure/);
      expect(forged.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await ctx.close();
    }
  });

  it("the limiter counts the proxy's client, not the proxy: one client's guesses do not lock out the others behind it", async () => {
    const ctx = await makeApp('sqlite', { trustProxy: '10.9.0.0/16' });
    try {
      const owner = await workspaceWithOwner(ctx);
      const from = (client: string, url: string, payload: object) => ctx.app.inject({ method: 'POST', url, remoteAddress: '10.9.0.2', headers: { 'x-forwarded-for': client }, payload });
      for (let i = 0; i < 20; i++) {
        const guess = await from('203.0.113.7', '/dashboard/api/invites/accept', { token: crypto.randomBytes(32).toString('base64url'), password: PASSWORD });
        expect(guess.statusCode).toBe(403);
      }
      const signIn = { email: owner.email, password: PASSWORD };
      expect((await from('203.0.113.7', '/dashboard/api/sign-in', signIn)).statusCode).toBe(429);
      expect((await from('203.0.113.8', '/dashboard/api/sign-in', signIn)).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('TRUST_PROXY=true is refused: it would let any client choose the address the limits count', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toBe('10.0.0.0/8,loopback');
  });
});
