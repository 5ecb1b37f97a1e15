// The audit log (issue 36 item 6; docs/dashboard.md "Audit log"): keys created and revoked,
// roles changed, members removed, webhooks created, changed, rotated and deleted are recorded
// with who did them, the names of the fields changed and never a secret; a replayed request is
// not recorded twice; failures are not recorded; owners and admins read it, members do not,
// and a workspace sees only its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/dashboard/service.ts';
import { cookieFrom, DIALECTS, makeApp, makeWorkspace } from './helpers.ts';

const PASSWORD = 'correct horse battery';

for (const dialect of DIALECTS) {
  describe(`audit log (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    beforeAll(async () => {
      ctx = await makeApp(dialect);
    });
    afterAll(() => ctx.close());

    async function person(workspaceId: string, email: string, role: 'owner' | 'admin' | 'member') {
      const user = await createUser(ctx.db, { email, workspaceId, role, password: PASSWORD }, 'http://127.0.0.1');
      const res = await ctx.app.inject({ method: 'POST', url: '/dashboard/api/sign-in', payload: { email, password: PASSWORD } });
      expect(res.statusCode, res.body).toBe(200);
      return { id: user.id, headers: { cookie: cookieFrom(res), 'x-csrf-token': res.json().data.csrf_token as string } };
    }
    const call = async (headers: Record<string, string>, method: string, url: string, payload?: object) => {
      const res = await ctx.app.inject({ method: method as 'GET', url, headers, ...(payload && { payload }) });
      return { status: res.statusCode, body: res.body ? res.json() : null };
    };

    it('records who changed keys, roles, members and webhooks, newest first, with field names and no secret', async () => {
      const ws = await makeWorkspace(ctx.db);
      const tag = `${dialect}.${process.pid}.${Date.now()}`;
      const owner = await person(ws.workspace.id, `owner.${tag}@agency.example`, 'owner');
      const member = await person(ws.workspace.id, `member.${tag}@agency.example`, 'member');

      const key = (await call(owner.headers, 'POST', '/dashboard/api/keys', { name: 'Zapier', permissions: ['replies:read'] })).body.data;
      expect((await call(owner.headers, 'DELETE', `/dashboard/api/keys/${key.id}`)).status).toBe(200);
      expect((await call(owner.headers, 'PATCH', `/dashboard/api/members/${member.id}`, { role: 'admin' })).status).toBe(200);
      // through the API, with a key: the key is the actor; an Idempotency-Key's replay changes nothing and is not recorded
      const create = { url: 'https://hooks.example.com/in', events: ['reply.received'] };
      const idem = { ...ws.headers, 'idempotency-key': `audit-${tag}` };
      const hook = (await call(idem, 'POST', '/api/webhooks', create)).body.data;
      const replay = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: idem, payload: create });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect((await call(ws.headers, 'PATCH', `/api/webhooks/${hook.id}`, { url: 'https://hooks.example.com/v2', description: 'CRM' })).status).toBe(200);
      const rotated = (await call(ws.headers, 'POST', `/api/webhooks/${hook.id}/rotate-secret`)).body.data;
      // refused: not recorded
      expect((await call(ws.headers, 'PATCH', `/api/webhooks/${hook.id}`, { url: 'ftp://nope' })).status).toBe(400);
      expect((await call(ws.headers, 'DELETE', `/api/webhooks/${hook.id}`)).status).toBe(204);
      expect((await call(owner.headers, 'DELETE', `/dashboard/api/members/${member.id}`)).status).toBe(200);

      const log = await call(owner.headers, 'GET', '/dashboard/api/audit');
      expect(log.status).toBe(200);
      const entries = log.body.data as { action: string; actor: { type: string; name: string }; target_id: string | null; details: object }[];
      expect(entries.map((e) => [e.action, e.target_id, e.actor.type])).toEqual([
        ['member.removed', member.id, 'user'],
        ['webhook.deleted', hook.id, 'api_key'],
        ['webhook.secret_rotated', hook.id, 'api_key'],
        ['webhook.changed', hook.id, 'api_key'],
        ['webhook.created', hook.id, 'api_key'],
        ['member.role_changed', member.id, 'user'],
        ['api_key.revoked', key.id, 'user'],
        ['api_key.created', key.id, 'user'],
      ]);
      expect(entries[3]!.details).toEqual({ fields: ['description', 'url'] });
      expect(entries[5]!.details).toEqual({ fields: ['role'], role: 'admin' });
      expect(entries[0]!.actor.name).toBe(`owner.${tag}`);
      const text = JSON.stringify(entries);
      for (const secret of [key.key, hook.secret, rotated.secret]) {
        expect(typeof secret).toBe('string');
        expect(text).not.toContain(secret);
      }
    });

    it('owners and admins read it, a member does not, and each workspace sees only its own', async () => {
      const a = await makeWorkspace(ctx.db);
      const b = await makeWorkspace(ctx.db);
      const tag = `${dialect}.${process.pid}.${Date.now()}`;
      const adminA = await person(a.workspace.id, `admin.${tag}@a.example`, 'admin');
      const memberA = await person(a.workspace.id, `member.${tag}@a.example`, 'member');
      const ownerB = await person(b.workspace.id, `owner.${tag}@b.example`, 'owner');
      await call(adminA.headers, 'POST', '/dashboard/api/keys', { name: 'A key', permissions: ['replies:read'] });
      expect((await call(adminA.headers, 'GET', '/dashboard/api/audit')).body.data).toHaveLength(1);
      expect((await call(memberA.headers, 'GET', '/dashboard/api/audit')).status).toBe(403);
      expect((await call(ownerB.headers, 'GET', '/dashboard/api/audit')).body.data).toEqual([]);
      // an API key is not a session
      expect((await call(a.headers, 'GET', '/dashboard/api/audit')).status).toBe(401);
      // a page after an entry of another workspace is refused, not read
      const [entryA] = (await call(adminA.headers, 'GET', '/dashboard/api/audit')).body.data;
      expect(await call(ownerB.headers, 'GET', `/dashboard/api/audit?before=${entryA.id}`)).toEqual({ status: 400, body: { data: null, error: 'before is not an entry of this audit log' } });
      expect((await call(adminA.headers, 'GET', `/dashboard/api/audit?before=${entryA.id}`)).body.data).toEqual([]);
    });
  });
}
