// People and the dashboard (docs/dashboard.md): first-run
// setup, sign-in and its limits, the session cookie standing in for a key, CSRF, roles,
// invitations, password resets, keys from the dashboard, a reply's body as a safe document,
// and the live event stream.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAllSystemMail } from '../src/mail/system-queries.ts';
import { createUser, issueSetupLink } from '../src/dashboard/service.ts';
import { until } from './e2e/wait.ts';
import { cookieFrom, DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';

type Ctx = Awaited<ReturnType<typeof makeApp>>;
interface Browser {
  cookie: string;
  csrf: string;
}

const PASSWORD = 'correct horse battery';
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

for (const dialect of DIALECTS) {
  describe(`dashboard: people and sessions (${dialect})`, () => {
    let ctx: Ctx;
    let owner: Browser;
    let workspaceId: string;
    const email = `owner.${dialect}.${process.pid}@agency.example`;

    const as = (b: Browser | null, method: string, url: string, payload?: object, opts: { csrf?: string | null } = {}) =>
      ctx.app.inject({
        method: method as 'GET',
        url,
        headers: {
          ...(b && { cookie: b.cookie }),
          ...(b && method !== 'GET' && opts.csrf !== null && { 'x-csrf-token': opts.csrf ?? b.csrf }),
        },
        ...(payload && { payload }),
      });
    const signIn = async (who: string, password = PASSWORD): Promise<Browser> => {
      const res = await as(null, 'POST', '/dashboard/api/sign-in', { email: who, password });
      expect(res.statusCode, res.body).toBe(200);
      return { cookie: cookieFrom(res), csrf: res.json().data.csrf_token };
    };

    beforeAll(async () => {
      ctx = await makeApp(dialect);
    });
    afterAll(() => ctx.close());

    it('first run: a setup link makes the owner and the workspace, once', async () => {
      // the PostgreSQL database is shared by the test files: only check the flag where it is ours
      if (dialect === 'sqlite') expect((await as(null, 'GET', '/dashboard/api/status')).json()).toEqual({ data: { setup_required: true } });
      const link = await issueSetupLink(ctx.db, 'http://127.0.0.1:3000');
      if (dialect === 'postgres' && !link) {
        // the shared database has people already (an earlier run): the owner is made by the CLI's path
        const ws = await makeWorkspace(ctx.db, { name: 'Acme Agency' });
        await createUser(ctx.db, { email, workspaceId: ws.workspace.id, role: 'owner', password: PASSWORD }, 'http://127.0.0.1:3000');
        owner = await signIn(email);
        workspaceId = ws.workspace.id;
        return;
      }
      expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/setup\/[\w-]{40,}$/);
      const bad = await as(null, 'POST', '/dashboard/api/setup', { token: 'nope', email, password: PASSWORD, workspace_name: 'Acme' });
      expect(bad.statusCode).toBe(403);
      expect(bad.json()).toEqual({ data: null, error: 'Setup link is invalid or already used' });
      const short = await as(null, 'POST', '/dashboard/api/setup', { token: tokenOf(link!), email, password: 'short', workspace_name: 'Acme' });
      expect(short.json()).toEqual({ data: null, error: 'Password must be at least 10 characters' });

      const res = await as(null, 'POST', '/dashboard/api/setup', { token: tokenOf(link!), email: email.toUpperCase(), password: PASSWORD, workspace_name: 'Acme Agency' });
      expect(res.statusCode, res.body).toBe(201);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
      const session = res.json().data;
      expect(session).toMatchObject({ user: { email }, workspace: { name: 'Acme Agency', role: 'owner' } });
      expect(session.permissions).toContain('webhooks:manage');
      owner = { cookie: cookieFrom(res), csrf: session.csrf_token };
      workspaceId = session.workspace.id;

      const again = await as(null, 'POST', '/dashboard/api/setup', { token: tokenOf(link!), email: 'x@y.example', password: PASSWORD, workspace_name: 'Evil' });
      expect(again.statusCode).toBe(403);
      expect((await as(null, 'GET', '/dashboard/api/status')).json()).toEqual({ data: { setup_required: false } });
      expect(await issueSetupLink(ctx.db, 'http://x')).toBeNull();
    });

    it('signs in with the right password only, and stops guessing after five failures', async () => {
      const wrong = await as(null, 'POST', '/dashboard/api/sign-in', { email, password: 'wrong password!' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ data: null, error: 'Email or password is incorrect' });
      const unknown = await as(null, 'POST', '/dashboard/api/sign-in', { email: 'nobody@agency.example', password: PASSWORD });
      expect(unknown.json()).toEqual(wrong.json());
      const ok = await signIn(email);
      expect((await as(ok, 'GET', '/dashboard/api/session')).json().data.user.email).toBe(email);

      const victim = `guess.${dialect}@agency.example`;
      for (let i = 0; i < 5; i++) expect((await as(null, 'POST', '/dashboard/api/sign-in', { email: victim, password: `guess ${i} guess` })).statusCode).toBe(401);
      const limited = await as(null, 'POST', '/dashboard/api/sign-in', { email: victim, password: 'guess 6 guess' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatch(/^Too many sign-in attempts; try again in \d+ minutes?$/);
    });

    it('the cookie stands in for a key on the public API; a change needs the CSRF token', async () => {
      expect((await as(owner, 'GET', '/api/replies')).statusCode).toBe(200);
      const key = await makeWorkspace(ctx.db); // another workspace, reached only by its key
      const reply = (await ctx.app.inject({ method: 'POST', url: '/api/categories', headers: key.headers, payload: { name: 'Theirs' } })).json().data;
      const created = await as(owner, 'POST', '/api/categories', { name: 'Hot leads' });
      expect(created.statusCode, created.body).toBe(201);

      for (const csrf of [null, 'forged-token-of-the-same-length-as-it!', '']) {
        const res = await as(owner, 'POST', '/api/categories', { name: `Forged ${csrf}` }, { csrf });
        expect(res.statusCode, String(csrf)).toBe(403);
        expect(res.json()).toEqual({ data: null, error: 'CSRF token missing or invalid' });
      }
      const patch = await as(owner, 'PATCH', `/api/replies/${reply.id}`, { status: 'archived' }, { csrf: null });
      expect(patch.statusCode).toBe(403);
      const names = (await as(owner, 'GET', '/api/categories')).json().data.map((c: { name: string }) => c.name);
      // (the workspace may hold its nine default categories too: its setup made it a real one)
      expect(names).toContain('Hot leads');
      expect(names.filter((n: string) => n.startsWith('Forged'))).toEqual([]);
      // a key never needs one, and never opens the dashboard's own routes
      expect((await ctx.app.inject({ method: 'POST', url: '/api/categories', headers: key.headers, payload: { name: 'Keyed' } })).statusCode).toBe(201);
      const keyed = await ctx.app.inject({ method: 'GET', url: '/dashboard/api/session', headers: key.headers });
      expect(keyed.statusCode).toBe(401);
      expect(keyed.json()).toEqual({ data: null, error: 'Not signed in' });
    });

    it('creates, lists and revokes API keys from the dashboard; the key is shown once and works', async () => {
      const created = await as(owner, 'POST', '/dashboard/api/keys', { name: 'Zapier', permissions: ['replies:read'] });
      expect(created.statusCode, created.body).toBe(201);
      const key = created.json().data;
      expect(key.key).toMatch(/^rdk_/);
      const listed = (await as(owner, 'GET', '/dashboard/api/keys')).json().data;
      expect(listed.filter((k: { name: string }) => k.name === 'Zapier')).toEqual([
        expect.objectContaining({ id: key.id, name: 'Zapier', prefix: key.prefix, permissions: ['replies:read'], last_used_at: null }),
      ]);
      expect(JSON.stringify(listed)).not.toContain(key.key);
      const auth = { authorization: `Bearer ${key.key}` };
      expect((await ctx.app.inject({ method: 'GET', url: '/api/replies', headers: auth })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/categories', headers: auth, payload: { name: 'No' } })).statusCode).toBe(403);
      expect((await as(owner, 'DELETE', `/dashboard/api/keys/${key.id}`)).json()).toEqual({ data: { id: key.id, revoked: true } });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/replies', headers: auth })).statusCode).toBe(401);
      expect((await as(owner, 'GET', '/dashboard/api/keys')).json().data.map((k: { id: string }) => k.id)).not.toContain(key.id);
      const bad = await as(owner, 'POST', '/dashboard/api/keys', { name: 'x', permissions: ['root'] });
      expect(bad.statusCode).toBe(400);
    });

    it('an invitation says who invites to which workspace; it can be sent again (the old link stops working) and revoked (the new one too)', async () => {
      const address = `later.${dialect}.${process.pid}@agency.example`;
      const first = await as(owner, 'POST', '/dashboard/api/members', { email: address, role: 'admin' });
      expect(first.statusCode, first.body).toBe(201);
      const mails = async () => (await listAllSystemMail(ctx.db.read, 200)).filter((m) => m.to_address === address);
      const [mail] = await mails();
      expect(mail?.subject).toBe(`${email.split('@')[0]} invited you to Acme Agency on Replydesk`);
      expect(mail?.text).toContain(`${email.split('@')[0]} (${email}) invited you to the workspace "Acme Agency" on Replydesk, as admin.`);

      const again = await as(owner, 'POST', '/dashboard/api/invites/resend', { email: address.toUpperCase() });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toMatchObject({ email: address, role: 'admin', status: 'invited' });
      expect(again.json().data.invite_url).not.toBe(first.json().data.invite_url);
      expect(await mails()).toHaveLength(2);
      expect((await as(null, 'POST', '/dashboard/api/invites/accept', { token: tokenOf(first.json().data.invite_url), password: PASSWORD })).statusCode).toBe(403);
      const pending = (await as(owner, 'GET', '/dashboard/api/members')).json().data.filter((m: { email: string }) => m.email === address);
      expect(pending).toEqual([expect.objectContaining({ status: 'invited', role: 'admin' })]);

      expect((await as(owner, 'POST', '/dashboard/api/invites/revoke', { email: address })).json()).toEqual({ data: { email: address, revoked: true } });
      expect((await as(null, 'POST', '/dashboard/api/invites/accept', { token: tokenOf(again.json().data.invite_url), password: PASSWORD })).statusCode).toBe(403);
      expect((await as(owner, 'GET', '/dashboard/api/members')).json().data.map((m: { email: string }) => m.email)).not.toContain(address);
      expect(await as(owner, 'POST', '/dashboard/api/invites/revoke', { email: address }).then((r) => [r.statusCode, r.json()])).toEqual([
        404,
        { data: null, error: `No pending invitation for ${address}` },
      ]);
      expect((await as(owner, 'POST', '/dashboard/api/invites/resend', { email: address })).statusCode).toBe(404);
    });

    it('invites a member, who can read and answer replies but not manage keys, webhooks or members', async () => {
      const memberEmail = `member.${dialect}.${process.pid}@agency.example`;
      const invited = await as(owner, 'POST', '/dashboard/api/members', { email: memberEmail, role: 'member' });
      expect(invited.statusCode, invited.body).toBe(201);
      const { invite_url } = invited.json().data;
      expect((await as(owner, 'GET', '/dashboard/api/members')).json().data).toEqual(expect.arrayContaining([expect.objectContaining({ email: memberEmail, status: 'invited', role: 'member' })]));
      const mail = (await listAllSystemMail(ctx.db.read, 50)).find((m) => m.to_address === memberEmail);
      expect(mail?.text).toContain(invite_url);

      const accepted = await as(null, 'POST', '/dashboard/api/invites/accept', { token: tokenOf(invite_url), password: PASSWORD });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().data.workspace).toMatchObject({ id: workspaceId, role: 'member' });
      const member: Browser = { cookie: cookieFrom(accepted), csrf: accepted.json().data.csrf_token };
      expect((await as(null, 'POST', '/dashboard/api/invites/accept', { token: tokenOf(invite_url), password: PASSWORD })).statusCode).toBe(403);

      expect((await as(member, 'GET', '/api/replies')).statusCode).toBe(200);
      for (const [method, url, payload] of [
        ['GET', '/dashboard/api/keys'],
        ['POST', '/dashboard/api/keys', { name: 'mine' }],
        ['GET', '/dashboard/api/outbox'],
        ['POST', '/dashboard/api/members', { email: 'friend@x.example', role: 'admin' }],
        ['POST', '/dashboard/api/invites/revoke', { email: 'friend@x.example' }],
        ['POST', '/dashboard/api/invites/resend', { email: 'friend@x.example' }],
        ['PATCH', '/dashboard/api/workspace', { time_zone: 'Asia/Tokyo' }],
        ['GET', '/api/webhooks'],
        ['POST', '/api/webhooks', { url: 'https://hooks.example.com/x', events: ['*'] }],
      ] as [string, string, object?][]) {
        const res = await as(member, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json(), url).toEqual({ data: null, error: 'Your role (member) does not allow this; ask an owner or admin of the workspace' });
      }
      // an owner sets the workspace's time zone; a name that is none is refused
      expect((await as(owner, 'PATCH', '/dashboard/api/workspace', { time_zone: 'Mars/Olympus' })).json()).toEqual({
        data: null,
        error: 'Unknown time zone: Mars/Olympus (use an IANA name such as Europe/Berlin)',
      });
      expect((await as(owner, 'PATCH', '/dashboard/api/workspace', { time_zone: 'Europe/Berlin' })).json().data).toEqual({ time_zone: 'Europe/Berlin' });
      expect((await as(member, 'GET', '/dashboard/api/workspace')).json().data.time_zone).toBe('Europe/Berlin');
      const members = (await as(owner, 'GET', '/dashboard/api/members')).json().data;
      const memberId = members.find((m: { email: string }) => m.email === memberEmail).user_id;
      const ownerId = members.find((m: { email: string }) => m.email === email).user_id;
      expect((await as(owner, 'DELETE', `/dashboard/api/members/${ownerId}`)).statusCode).toBe(409); // the last owner
      expect((await as(owner, 'PATCH', `/dashboard/api/members/${memberId}`, { role: 'admin' })).json().data.role).toBe('admin');
      expect((await as(member, 'GET', '/dashboard/api/keys')).statusCode).toBe(200);
      expect((await as(owner, 'DELETE', `/dashboard/api/members/${memberId}`)).json().data).toEqual({ user_id: memberId, removed: true });
      expect((await as(member, 'GET', '/api/replies')).statusCode).toBe(401); // signed out of the workspace at once
    });

    it('resets a password by a one-time link, ending every other session', async () => {
      const other = await signIn(email);
      expect((await as(null, 'POST', '/dashboard/api/password-reset', { email: 'nobody@nowhere.example' })).json()).toEqual({ data: { sent: true } });
      expect((await as(null, 'POST', '/dashboard/api/password-reset', { email })).json()).toEqual({ data: { sent: true } });
      // the link is made and mailed after the answer (docs/dashboard.md)
      const mail = await until(async () => (await listAllSystemMail(ctx.db.read, 50)).find((m) => m.to_address === email && m.kind === 'password-reset'), Boolean, 'the reset mail');
      const link = /http:\/\/\S+\/reset\/(\S+)/.exec(mail!.text)!;
      expect(mail!.workspace_id).toBeNull(); // never in a workspace's Outbox
      const newPassword = 'a brand new passphrase';
      const res = await as(null, 'POST', '/dashboard/api/password-reset/confirm', { token: link[1], password: newPassword });
      expect(res.statusCode, res.body).toBe(200);
      owner = { cookie: cookieFrom(res), csrf: res.json().data.csrf_token };
      expect((await as(other, 'GET', '/dashboard/api/session')).statusCode).toBe(401);
      expect((await as(null, 'POST', '/dashboard/api/sign-in', { email, password: PASSWORD })).statusCode).toBe(401);
      await signIn(email, newPassword);
      expect((await as(null, 'POST', '/dashboard/api/password-reset/confirm', { token: link[1], password: newPassword })).statusCode).toBe(403);
    });

    it('signs out: the session is gone from the server, not only the cookie', async () => {
      const b = await signIn(email, 'a brand new passphrase');
      expect((await as(b, 'POST', '/dashboard/api/sign-out')).json()).toEqual({ data: { signed_out: true } });
      expect((await as(b, 'GET', '/dashboard/api/session')).statusCode).toBe(401);
      expect((await as(b, 'GET', '/api/replies')).statusCode).toBe(401);
    });

    it("serves a reply's HTML body sanitised, under a CSP without script or remote images", async () => {
      const key = await as(owner, 'POST', '/dashboard/api/keys', { name: 'ingest' });
      const headers = { authorization: `Bearer ${key.json().data.key}` };
      const hostile =
        '<p onclick="alert(1)">Hi <b>there</b></p><script>alert(1)</script><img src="https://tracker.example/p.gif" onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="https://ok.example/">ok</a><iframe src="https://evil.example"></iframe><div style="background:url(https://t.example/x)">y</div>';
      const reply = (await ctx.app.inject({ method: 'POST', url: '/api/replies', headers, payload: inbound({ body_html: hostile }) })).json().data;
      const res = await as(owner, 'GET', `/dashboard/api/replies/${reply.id}/body`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain('img-src data: cid:;');
      for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', 'tracker.example', '<iframe', 'url(']) expect(res.body, bad).not.toContain(bad);
      expect(res.body).toContain('<b>there</b>');
      expect(res.body).toContain('<a href="https://ok.example/" target="_blank" rel="noopener noreferrer">ok</a>');
      expect(res.body).toContain('<meta name="replydesk-remote-images" content="1">');
      const loaded = await as(owner, 'GET', `/dashboard/api/replies/${reply.id}/body?remote_images=true`);
      expect(loaded.body).toContain('src="https://tracker.example/p.gif"');
      expect(String(loaded.headers['content-security-policy'])).toContain('img-src data: cid: https: http:');

      const plain = (await ctx.app.inject({ method: 'POST', url: '/api/replies', headers, payload: inbound({ body_html: '', body_text: 'Line one\n\n  indented <b>not bold</b>' }) })).json().data;
      const text = (await as(owner, 'GET', `/dashboard/api/replies/${plain.id}/body`)).body;
      expect(text).toContain('<pre class="plain">Line one\n\n  indented &#60;b&#62;not bold&#60;/b&#62;</pre>');
      // another workspace's reply is not found through this route either
      const elsewhere = await makeWorkspace(ctx.db);
      const theirs = (await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: elsewhere.headers, payload: inbound() })).json().data;
      expect((await as(owner, 'GET', `/dashboard/api/replies/${theirs.id}/body`)).statusCode).toBe(404);
    });

    it("serves a reply's body with the quoted chain under the new text collapsed (test/body-quotes.test.ts has each client's)", async () => {
      const key = await as(owner, 'POST', '/dashboard/api/keys', { name: 'quotes' });
      const headers = { authorization: `Bearer ${key.json().data.key}` };
      const gmail =
        '<div dir="ltr">Tuesday works.</div><div class="gmail_quote"><div class="gmail_attr">On Mon, Sam wrote:</div><blockquote class="gmail_quote">Would Tuesday suit you?</blockquote></div>';
      const reply = (await ctx.app.inject({ method: 'POST', url: '/api/replies', headers, payload: inbound({ body_html: gmail }) })).json().data;
      const res = await as(owner, 'GET', `/dashboard/api/replies/${reply.id}/body`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        '<div dir="ltr">Tuesday works.</div><details class="replydesk-quoted"><summary>Show quoted text</summary><div><div>On Mon, Sam wrote:</div><blockquote>Would Tuesday suit you?</blockquote></div></details>',
      );
      const plain = (
        await ctx.app.inject({ method: 'POST', url: '/api/replies', headers, payload: inbound({ body_html: '', body_text: 'Tuesday works.\n\nOn Mon, Sam wrote:\n> Would Tuesday suit you?' }) })
      ).json().data;
      expect((await as(owner, 'GET', `/dashboard/api/replies/${plain.id}/body`)).body).toContain(
        '<pre class="plain">Tuesday works.</pre><details class="replydesk-quoted"><summary>Show quoted text</summary><pre class="plain">On Mon, Sam wrote:\n&#62; Would Tuesday suit you?</pre></details>',
      );
      const onlyQuote = (await ctx.app.inject({ method: 'POST', url: '/api/replies', headers, payload: inbound({ body_html: '', body_text: '> Would Tuesday suit you?' }) })).json().data;
      expect((await as(owner, 'GET', `/dashboard/api/replies/${onlyQuote.id}/body`)).body).not.toContain('<details');
    });

    it("streams the workspace's events, and no other workspace's, to a signed-in browser", async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const key = (await as(owner, 'POST', '/dashboard/api/keys', { name: 'stream' })).json().data.key;
      const elsewhere = await makeWorkspace(ctx.db);
      const received: string[] = [];
      const req = http.get({ port, host: '127.0.0.1', path: '/dashboard/api/events', headers: { cookie: owner.cookie } });
      const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      const got = new Promise<void>((resolve) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          received.push(chunk);
          if (received.join('').includes('event: reply.received')) resolve();
        });
      });
      await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: elsewhere.headers, payload: inbound({ subject: 'Not yours' }) });
      await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: { authorization: `Bearer ${key}` }, payload: inbound({ subject: 'Live one' }) });
      await got;
      req.destroy();
      const text = received.join('');
      expect(text).toContain('"subject":"Live one"');
      expect(text).not.toContain('Not yours');
      const anonymous = await fetch(`http://127.0.0.1:${port}/dashboard/api/events`);
      expect(anonymous.status).toBe(401);
    });
  });
}
