// Issue 34 over the API: files with an ingested reply, a mailbox's display name and client, and
// an answer with copies and files, delivered to a real SMTP peer (test/smtp.ts).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect.ts';
import { Worker } from '../src/jobs/queue.ts';
import { MAIL_SEND_JOB } from '../src/mail/service.ts';
import { mailSendHandler } from '../src/mail/transport.ts';
import { mailboxRoute } from '../src/mailboxes/sending.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';
import { openPrivateDb } from './private-db.ts';
import { type SmtpPeer, startSmtp } from './smtp.ts';

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

for (const dialect of DIALECTS) {
  describe(`composer and attachments over the API (${dialect})`, () => {
    let db: Db;
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let smtp: SmtpPeer;
    let ws: Awaited<ReturnType<typeof makeWorkspace>>;
    const secretKey = crypto.randomBytes(32);
    const api = (method: string, url: string, payload?: unknown) => ctx.app.inject({ method: method as 'GET', url, headers: ws.headers, ...(payload !== undefined && { payload: payload as object }) });
    const count = async (table: 'replies' | 'reply_attachments' | 'outgoing_messages') =>
      Number(
        (
          await db.read
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('workspace_id', '=', ws.workspace.id)
            .executeTakeFirst()
        )?.n ?? 0,
      );

    beforeAll(async () => {
      smtp = await startSmtp({ auth: { username: 'dana', password: 'smtp-secret' } });
      db = await openPrivateDb(dialect, 'composer');
      ctx = await makeApp(dialect, { db, webhooks: { secretKey }, mailboxes: { allowPrivateNetworks: true, timeoutMs: 5_000 }, logger: { level: 'error' } });
      ws = await makeWorkspace(db);
    });
    afterAll(async () => {
      await ctx.close();
      await db.close();
      await smtp.close();
    });

    it('an ingested reply keeps the files sent with it; bad base64 or more than 10 MB is a 400 that stores nothing', async () => {
      const pdf = crypto.randomBytes(5000);
      const res = await api(
        'POST',
        '/api/replies',
        inbound({
          attachments: [
            { name: 'terms.pdf', type: 'application/pdf', content: b64(pdf) },
            { name: 'a/b\u0007.txt', content: b64('hello') },
          ],
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const files = res.json().data.attachments;
      expect(files.map((f: { filename: string; content_type: string; size: number; stored: boolean }) => [f.filename, f.content_type, f.size, f.stored])).toEqual([
        ['terms.pdf', 'application/pdf', 5000, true],
        ['a_b_.txt', 'application/octet-stream', 5, true],
      ]);
      const download = await api('GET', files[0].download_url);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(pdf)).toBe(true);

      const [replies, stored] = [await count('replies'), await count('reply_attachments')];
      const refused = async (payload: unknown, status: number, error: string) => {
        const r = await api('POST', '/api/replies', payload);
        expect([r.statusCode, r.json()]).toEqual([status, { data: null, error }]);
      };
      await refused(inbound({ attachments: [{ name: 'x.txt', content: 'not base64!' }] }), 400, 'attachments[0].content must be base64');
      await refused(inbound({ attachments: [{ name: '', content: 'aGk=' }] }), 400, 'attachments[0].name must not be empty');
      const half = b64(Buffer.alloc(5.5 * 1024 * 1024));
      await refused(
        inbound({
          attachments: [
            { name: 'a', content: half },
            { name: 'b', content: half },
          ],
        }),
        400,
        'Attachments may total at most 10485760 bytes (10 MB); these total 11534336',
      );
      await refused(inbound({ attachments: [{ name: 'big', content: b64(Buffer.alloc(12 * 1024 * 1024)) }] }), 413, 'Request body is larger than 15728640 bytes');
      // the larger limit is the files': the rest of the body keeps the usual one
      await refused(inbound({ body_text: 'x'.repeat(1_100_000), attachments: [{ name: 'a', content: 'aGk=' }] }), 413, 'Request body is larger than 1048576 bytes');
      // the larger limit is these routes' only
      const other = await api('POST', '/api/clients', { name: 'x'.repeat(1024 * 1024) });
      expect([other.statusCode, other.json()]).toEqual([413, { data: null, error: 'Request body is larger than 1048576 bytes' }]);
      expect([await count('replies'), await count('reply_attachments')]).toEqual([replies, stored]);
    });

    it("a mailbox's client: set, checked and changed through the API; a reply to its address belongs to it unless it names another or none", async () => {
      const acme = (await api('POST', '/api/clients', { name: 'Acme', service_description: 'Widgets' })).json().data;
      const globex = (await api('POST', '/api/clients', { name: 'Globex', service_description: 'Gadgets' })).json().data;
      expect((await api('POST', '/api/connections', { name: 'Acme box', email: 'x@agency.example', client_id: 'nope' })).json()).toEqual({ data: null, error: 'Invalid client_id' });
      const box = (await api('POST', '/api/connections', { name: 'Acme box', email: 'Acme@Agency.example', display_name: 'Dana at Acme', client_id: acme.id })).json().data;
      expect(box).toMatchObject({ display_name: 'Dana at Acme', client_id: acme.id });

      const to = (extra: Record<string, unknown> = {}) => api('POST', '/api/replies', inbound({ to_email: 'acme@agency.example', ...extra })).then((r) => r.json().data);
      expect(await to()).toMatchObject({ connection_id: box.id, client: { id: acme.id, name: 'Acme' } });
      expect(await to({ client_id: globex.id })).toMatchObject({ connection_id: box.id, client: { id: globex.id } });
      expect(await to({ client_id: null })).toMatchObject({ connection_id: box.id, client: null });

      expect((await api('PATCH', `/api/connections/${box.id}`, { client_id: globex.id })).json().data.client_id).toBe(globex.id);
      expect((await to()).client).toMatchObject({ id: globex.id });
      expect((await api('PATCH', `/api/connections/${box.id}`, { client_id: 'nope' })).json()).toEqual({ data: null, error: 'Invalid client_id' });
      // a deleted client leaves the mailbox without one
      expect((await api('DELETE', `/api/clients/${globex.id}`)).statusCode).toBeLessThan(300);
      expect((await api('GET', `/api/connections/${box.id}`)).json().data.client_id).toBeNull();
      expect((await to()).client).toBeNull();
    });

    it("the template picker's templates: each category's own or built-in template and the plain one, filled in for the reply", async () => {
      await api('PATCH', '/api/triage', { sender_name: 'Dana Reyes', signature: 'Dana Reyes\nThe Agency' });
      const interested = (await api('POST', '/api/categories', { name: 'Interested', color: '#22c55e', is_positive: true })).json().data;
      const custom = (await api('POST', '/api/categories', { name: 'Pricing', color: '#0ea5e9', is_positive: true })).json().data;
      await api('POST', '/api/categories', { name: 'No template', color: '#888888', is_positive: false });
      await api('PATCH', `/api/categories/${custom.id}`, { template: 'Hello {{first_name}} at {{company}},\nour prices: {{service_description}}\n\n{{signature}}' });
      const client = (await api('POST', '/api/clients', { name: 'Initech', service_description: 'from 500 a month' })).json().data;
      const reply = (await api('POST', '/api/replies', inbound({ client_id: client.id, contact: { first_name: 'Ada', company: 'Engines Ltd' } }))).json().data;
      const res = await api('GET', `/api/replies/${reply.id}/templates`);
      expect(res.statusCode).toBe(200);
      const byName = Object.fromEntries(res.json().data.map((t: { name: string; category_id: string | null; text: string }) => [t.name, t]));
      expect(Object.keys(byName).sort()).toEqual(['Interested', 'Plain reply', 'Pricing']);
      expect(byName.Pricing).toEqual({ category_id: custom.id, name: 'Pricing', text: 'Hello Ada at Engines Ltd,\nour prices: from 500 a month\n\nDana Reyes\nThe Agency' });
      expect(byName.Interested.category_id).toBe(interested.id);
      expect(byName.Interested.text).toMatch(/^Hi Ada,\n\nThanks for getting back to me[^]*In short: from 500 a month[^]*Dana Reyes\nThe Agency$/);
      expect(byName['Plain reply']).toEqual({ category_id: null, name: 'Plain reply', text: 'Hi Ada,\n\nThanks for your reply.\n\nDana Reyes\nThe Agency' });
      expect((await api('GET', '/api/replies/00000000-0000-7000-8000-000000000000/templates')).json()).toEqual({ data: null, error: 'Reply not found' });
    });

    it('an answer with cc, bcc and a file leaves from the mailbox under its display name and signature; bcc only in the envelope; each copy counts against the quota', async () => {
      const box = await api('POST', '/api/connections', {
        name: 'Dana',
        email: 'dana@agency.example',
        display_name: 'Dana Reyes',
        smtp: { host: '127.0.0.1', port: smtp.port, tls: 'none', username: 'dana', password: 'smtp-secret' },
        signature: { text: 'Dana Reyes\nThe Agency' },
      });
      expect(box.statusCode, box.body).toBe(201);
      const reply = (await api('POST', '/api/replies', inbound({ to_email: 'dana@agency.example' }))).json().data;
      expect(reply.connection_id).toBe(box.json().data.id);

      const before = await count('outgoing_messages');
      for (const [payload, error] of [
        [{ message: 'Hi', cc: ['nope'] }, 'Invalid email address: nope'],
        [{ message: 'Hi', bcc: Array.from({ length: 51 }, (_, i) => `b${i}@x.example`) }, 'Too many recipients: an answer is copied (cc and bcc) to at most 50 addresses'],
        [{ message: 'Hi', attachments: [{ name: 'x', content: '%%%' }] }, 'attachments[0].content must be base64'],
      ] as const) {
        const r = await api('POST', `/api/replies/${reply.id}/send`, payload);
        expect([r.statusCode, r.json().error]).toEqual([400, error]);
      }
      expect(await count('outgoing_messages')).toBe(before);

      const sheet = crypto.randomBytes(3000);
      const sent = await api('POST', `/api/replies/${reply.id}/send`, {
        message: 'Here is the price sheet.',
        cc: ['boss@agency.example', reply.from_email],
        bcc: ['crm@agency.example', 'BOSS@agency.example'],
        attachments: [{ name: 'prices.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: b64(sheet) }],
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const outgoing = (await api('GET', `/api/replies/${reply.id}`)).json().data.outgoing[0];
      expect(outgoing.to).toEqual([reply.from_email, 'boss@agency.example', 'crm@agency.example']);
      const used = await db.read.selectFrom('outgoing_messages').select('recipient_count').where('id', '=', outgoing.id).executeTakeFirstOrThrow();
      expect(Number(used.recipient_count)).toBe(3);

      const worker = new Worker(db, { [MAIL_SEND_JOB]: mailSendHandler(db, { smtpUrl: null, mailbox: mailboxRoute(db, { secretKey, allowPrivateNetworks: true }) }) }, { kinds: [MAIL_SEND_JOB] });
      await worker.drain();
      const [mail, ...more] = smtp.to(reply.from_email);
      expect(more).toEqual([]);
      expect(mail!.to).toEqual([reply.from_email, 'boss@agency.example', 'crm@agency.example']);
      expect(mail!.mail.from?.value).toEqual([{ name: 'Dana Reyes', address: 'dana@agency.example' }]);
      expect(mail!.mail.cc && !Array.isArray(mail!.mail.cc) && mail!.mail.cc.value.map((v) => v.address)).toEqual(['boss@agency.example']);
      expect(mail!.raw).not.toMatch(/^bcc:/im);
      expect(mail!.raw).not.toContain('crm@agency.example');
      expect(mail!.mail.text).toContain('Here is the price sheet.\n\n-- \nDana Reyes\nThe Agency');
      expect(mail!.mail.attachments.map((a) => [a.filename, a.contentType, a.content.equals(sheet)])).toEqual([
        ['prices.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', true],
      ]);
    });
  });
}
