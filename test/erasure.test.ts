// Erasing a person (issue 36 item 3; docs/api.md "Erasing a person"): after
// DELETE /api/contacts/{id}?erase=true no endpoint, search, export or report finds their address or a
// word only they wrote, and no row of any table holds either (the search index's own storage
// aside, which the test asks through a search); another person's replies are untouched; the
// audit log keeps who erased which id; contact.erased carries the id alone.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { exportWorkspace } from '../src/cli/export.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace, tempDir } from './helpers.ts';

for (const dialect of DIALECTS) {
  describe(`erasing a person (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    beforeAll(async () => {
      ctx = await makeApp(dialect);
    });
    afterAll(() => ctx.close());

    const api = async (headers: Record<string, string>, method: string, url: string, payload?: object) => {
      const res = await ctx.app.inject({ method: method as 'GET', url, headers, ...(payload && { payload }) });
      return { status: res.statusCode, body: res.body ? res.json() : null };
    };

    /** Every row of every table, as text (bytes as UTF-8), lower-cased: where a name or a word could hide. */
    async function everyRow(): Promise<string> {
      const tables =
        dialect === 'postgres'
          ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(ctx.db.read)).rows
          : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like '%fts%' and name not like 'sqlite_%'`.execute(ctx.db.read)).rows;
      let text = '';
      for (const { name } of tables) {
        const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(ctx.db.read);
        text += JSON.stringify(rows, (_k, v) => (v && typeof v === 'object' && v.type === 'Buffer' ? Buffer.from(v.data).toString('utf8') : v));
      }
      return text.toLowerCase();
    }

    it('leaves nothing that names them: no endpoint, search, report or table row finds the address or their word; others are untouched', async () => {
      const ws = await makeWorkspace(ctx.db);
      const call = (method: string, url: string, payload?: object, headers: Record<string, string> = {}) => api({ ...ws.headers, ...headers }, method, url, payload);
      const tag = `${dialect}${process.pid}${Date.now().toString(36)}`;
      const word = `zorblax${tag}`;
      const address = `Erin.Erased.${tag}@Prospect.example`;
      const other = `olga.${tag}@prospect.example`;
      // a webhook, so each event is stored with its deliveries
      expect(
        (await call('POST', '/api/webhooks', { url: 'https://hooks.example.com/in', events: ['reply.received', 'reply.updated', 'reply.sent', 'contact.created', 'contact.erased'] })).status,
      ).toBe(201);

      const ids: string[] = [];
      for (const [i, extra] of [{ attachments: [{ name: `${word}.txt`, content: Buffer.from(`notes on ${word}`).toString('base64') }] }, {}, {}].entries()) {
        const made = await call('POST', '/api/replies', inbound({ from_email: address, from_name: 'Erin Erased', subject: `Re: ${word}`, body_text: `We ${word} every quarter (${i}).`, ...extra }), {
          'idempotency-key': `erase-${tag}-${i}`,
        });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        ids.push(made.body.data.id);
      }
      const contactId = (await call('GET', `/api/replies/${ids[0]}`)).body.data.contact_id as string;
      expect((await call('POST', `/api/replies/${ids[1]}/notes`, { body: `Erin says ${word}` })).status).toBe(201);
      expect((await call('POST', `/api/replies/${ids[2]}/send`, { message: `Thanks Erin, ${word} noted.` })).status).toBe(200);
      expect((await call('PATCH', `/api/replies/${ids[0]}`, { status: 'archived' })).status).toBe(200);
      const kept = (await call('POST', '/api/replies', inbound({ from_email: other, subject: 'Re: pricing', body_text: 'Send me pricing.' }))).body.data.id as string;

      // searched once, so its matches are remembered
      expect((await call('GET', `/api/replies?q=${word}`)).body.pagination.total).toBe(3);
      expect(await everyRow()).toContain(word);
      const report = '/api/reports/replies?from=2025-12-01&to=2026-12-31';
      expect((await call('GET', report)).body.data.totals.received).toBe(4);

      // refused without erase=true, and in another workspace
      expect(await call('DELETE', `/api/contacts/${contactId}`)).toEqual({
        status: 400,
        body: { data: null, error: 'erase=true is required: erasing a person deletes them and their replies, and cannot be undone' },
      });
      expect(await call('DELETE', `/api/contacts/${contactId}?erase=false`)).toEqual({ status: 400, body: { data: null, error: 'erase must be true' } });
      const stranger = await makeWorkspace(ctx.db);
      expect(await api(stranger.headers, 'DELETE', `/api/contacts/${contactId}?erase=true`)).toEqual({ status: 404, body: { data: null, error: 'Contact not found' } });
      expect((await call('GET', `/api/contacts/${contactId}`)).status).toBe(200);

      expect(await call('DELETE', `/api/contacts/${contactId}?erase=true`)).toEqual({ status: 204, body: null });
      expect(await call('DELETE', `/api/contacts/${contactId}?erase=true`)).toEqual({ status: 404, body: { data: null, error: 'Contact not found' } });

      for (const id of ids) expect((await call('GET', `/api/replies/${id}`)).status).toBe(404);
      expect((await call('GET', `/api/contacts/${contactId}`)).status).toBe(404);
      for (const q of [word, address.toLowerCase(), 'Erin']) {
        expect((await call('GET', `/api/replies?q=${encodeURIComponent(q)}`)).body.pagination.total, q).toBe(0);
        expect((await call('GET', `/api/contacts?q=${encodeURIComponent(q)}`)).body.pagination.total, q).toBe(0);
      }
      const list = await call('GET', '/api/replies?limit=100');
      expect(list.body.pagination.total).toBe(1);
      expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([kept]);
      expect((await call('GET', '/api/replies?status=archived')).body.pagination.total).toBe(0);
      expect((await call('GET', '/api/contacts')).body.data.map((c: { email: string }) => c.email)).toEqual([other]);
      expect((await call('GET', report)).body.data.totals).toMatchObject({ received: 1, handled: 0 });

      // the workspace's export, both formats
      for (const format of ['jsonl', 'csv'] as const) {
        const dir = tempDir('replydesk-erase-export-');
        await exportWorkspace(ctx.db, { workspaceId: ws.workspace.id, dir, format, progress: null });
        const exported = fs
          .readdirSync(dir)
          .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
          .join('\n')
          .toLowerCase();
        expect(exported, format).toContain(other);
        expect(exported, format).not.toContain(word);
        expect(exported, format).not.toContain(address.toLowerCase());
      }

      const rows = await everyRow();
      expect(rows).not.toContain(word);
      expect(rows).not.toContain(address.toLowerCase());
      expect(rows).toContain(other);

      // what stays: who erased which id (the audit log), and the event with the id alone
      const { rows: audit } = await sql<{
        action: string;
        target_id: string;
        actor_type: string;
      }>`select action, target_id, actor_type from audit_log where workspace_id = ${ws.workspace.id} and action like 'contact.%'`.execute(ctx.db.read);
      expect(audit).toEqual([{ action: 'contact.erased', target_id: contactId, actor_type: 'api_key' }]);
      const { rows: events } = await sql<{ payload: string }>`select payload from events where workspace_id = ${ws.workspace.id} and type = 'contact.erased'`.execute(ctx.db.read);
      expect(events.map((e) => JSON.parse(e.payload).data ?? JSON.parse(e.payload))).toEqual([{ id: contactId }]);
    });
  });
}
