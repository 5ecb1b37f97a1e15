// A live stream (GET /dashboard/api/events) lives only as long as its session: sign-out,
// expiry, removal from the workspace and a role change each end it within seconds, and no
// event published after them reaches it (docs/dashboard.md, Live updates).
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extendSession } from '../src/dashboard/queries.ts';
import { hashToken } from '../src/dashboard/passwords.ts';
import { createUser } from '../src/dashboard/service.ts';
import { until } from './e2e/wait.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';

const PASSWORD = 'correct horse battery';

interface Browser {
  cookie: string;
  csrf: string;
  userId: string;
}

function openStream(port: number, cookie: string) {
  let text = '';
  let ended = false;
  const req = http.get({ port, host: '127.0.0.1', path: '/dashboard/api/events', headers: { cookie } });
  const ready = new Promise<void>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200) reject(new Error(`events: ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes(': connected')) resolve();
      });
      res.on('end', () => (ended = true));
      res.on('close', () => (ended = true));
    });
  });
  return { ready, text: () => text, ended: () => ended, close: () => req.destroy() };
}

for (const dialect of DIALECTS) {
  describe(`live streams end with their session (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let port: number;
    let ws: Awaited<ReturnType<typeof makeWorkspace>>;
    let owner: Browser;

    const post = (b: Browser, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: { cookie: b.cookie, 'x-csrf-token': b.csrf }, ...(payload && { payload }) });
    const person = async (role: 'owner' | 'member'): Promise<Browser> => {
      const email = `${role}.${crypto.randomBytes(4).toString('hex')}@agency.example`;
      const user = await createUser(ctx.db, { email, workspaceId: ws.workspace.id, role, password: PASSWORD }, 'http://127.0.0.1:3000');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/dashboard/api/sign-in',
        remoteAddress: `10.1.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`,
        payload: { email, password: PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      return { cookie: /^rd_session=[^;]*/.exec(String(res.headers['set-cookie']))![0], csrf: res.json().data.csrf_token, userId: user.id };
    };
    const ingest = (subject: string) => ctx.app.inject({ method: 'POST', url: '/api/replies', headers: ws.headers, payload: inbound({ subject }) });
    /** A stream that has shown it delivers: it carried a reply ingested after it opened. */
    const liveStream = async (b: Browser) => {
      const stream = openStream(port, b.cookie);
      await stream.ready;
      const subject = `Before ${crypto.randomBytes(4).toString('hex')}`;
      await ingest(subject);
      await until(
        async () => stream.text(),
        (t) => t.includes(subject),
        'the first event',
      );
      return stream;
    };
    /** The stream ends by itself, and what was published after `change` never reached it. */
    const endsWithout = async (stream: ReturnType<typeof openStream>, after: string) => {
      await until(async () => stream.ended(), Boolean, 'the stream to end', 15_000);
      expect(stream.text()).not.toContain(after);
      expect(stream.text()).toContain('event: session.ended');
    };

    beforeAll(async () => {
      ctx = await makeApp(dialect);
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as AddressInfo).port;
      ws = await makeWorkspace(ctx.db);
      owner = await person('owner');
    });
    afterAll(() => ctx.close());

    it('signing out ends the stream before the next event', async () => {
      const member = await person('member');
      const stream = await liveStream(member);
      expect((await post(member, 'POST', '/dashboard/api/sign-out')).statusCode).toBe(200);
      await ingest('After sign-out');
      await endsWithout(stream, 'After sign-out');
    });

    it('removal from the workspace ends an idle stream within seconds', async () => {
      const member = await person('member');
      const stream = await liveStream(member);
      expect((await post(owner, 'DELETE', `/dashboard/api/members/${member.userId}`)).statusCode).toBe(200);
      await endsWithout(stream, 'never sent');
      await ingest('After removal');
      expect(stream.text()).not.toContain('After removal');
    });

    it('a role change ends the stream before the next event', async () => {
      const member = await person('member');
      const stream = await liveStream(member);
      expect((await post(owner, 'PATCH', `/dashboard/api/members/${member.userId}`, { role: 'admin' })).statusCode).toBe(200);
      await ingest('After role change');
      await endsWithout(stream, 'After role change');
    });

    it('an expired session ends an idle stream within seconds', async () => {
      const member = await person('member');
      const stream = await liveStream(member);
      const idHash = hashToken(member.cookie.slice('rd_session='.length));
      await ctx.db.write((trx) => extendSession(trx, idHash, new Date(Date.now() - 1000).toISOString()));
      await endsWithout(stream, 'never sent');
    });

    it("another person's sign-out leaves a stream alone", async () => {
      const member = await person('member');
      const other = await person('member');
      const stream = await liveStream(member);
      await post(other, 'POST', '/dashboard/api/sign-out');
      await ingest('Still live');
      await until(
        async () => stream.text(),
        (t) => t.includes('Still live'),
        'the event after the other sign-out',
      );
      expect(stream.ended()).toBe(false);
      stream.close();
    });
  });
}
